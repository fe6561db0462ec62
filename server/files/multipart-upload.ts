import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { ApiError } from '../http/errors';
import { textRefusal } from '../http/safe-body';

/**
 * Receives one file from a multipart/form-data request by streaming it straight to a temporary
 * file, never holding the upload in memory (Hono's parseBody() would buffer it whole).
 * Over `maxBytes` → 413 (checked on Content-Length first, then while streaming, so a chunked body
 * without Content-Length is cut off too); a file of exactly `maxBytes` is accepted. On any failure
 * the temporary file is removed. Field names, values and file names keep the text rule of JSON
 * bodies (textRefusal: no NUL, no lone surrogate) → 422 with the field.
 */

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export type ReceivedFile = {
  tmpPath: string;
  size: number;
  originalName: string;
  declaredType: string;
  /** Plain text fields sent with the file (e.g. a document's `type`), wherever they stood in the form. */
  fields: Record<string, string>;
};

const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'too_large', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, { value: maxBytes });

export type ReceiveOptions = {
  field: string;
  tmpDir: string;
  /** Per file. */
  maxBytes?: number;
  /** Keep directory parts of the client's file name (busboy strips them by default) so callers can refuse them. */
  preservePath?: boolean;
};

/** One file from the field; further files are drained and ignored. */
export async function receiveSingleFile(request: Request, options: ReceiveOptions): Promise<ReceivedFile> {
  const [file] = await receiveFiles(request, { ...options, maxFiles: 1, extraFiles: 'ignore' });
  return file;
}

/**
 * Up to `maxFiles` files from the field (each ≤ maxBytes, none empty); more are drained
 * (`extraFiles: 'ignore'`) or refused with 422 `too_many_files` (`'refuse'`). Every file is
 * streamed to its own temporary file; on any failure all of them are removed.
 */
export async function receiveFiles(
  request: Request,
  options: ReceiveOptions & { maxFiles: number; extraFiles: 'ignore' | 'refuse' },
): Promise<ReceivedFile[]> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  // Multipart framing adds a little; anything far beyond the cap is refused before reading it.
  const declaredLength = Number(request.headers.get('content-length'));
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes * options.maxFiles + 64 * 1024) throw tooLarge(maxBytes);
  if (!request.body) throw new ApiError(400, 'file_missing', `No file in field "${options.field}"`, { field: options.field });

  await mkdir(options.tmpDir, { recursive: true });
  const tmpPaths: string[] = [];

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      preservePath: options.preservePath ?? false,
      defParamCharset: 'utf8',
      limits: {
        files: options.maxFiles + (options.extraFiles === 'refuse' ? 1 : 0),
        fileSize: maxBytes + 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 25,
      },
    });
  } catch {
    throw new ApiError(400, 'bad_request', 'Malformed multipart body');
  }

  const body = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
  const received: ReceivedFile[] = [];
  const writing: Array<Promise<void>> = [];
  let failure: unknown;
  const fields: Record<string, string> = {};
  let stopEarly!: () => void;
  const overLimit = new Promise<void>((resolve) => (stopEarly = resolve));
  const stop = (err: unknown, stream?: NodeJS.ReadableStream & { destroy: (e?: Error) => void }) => {
    failure ??= err;
    body.unpipe(busboy);
    body.destroy();
    stream?.destroy(failure as Error);
    stopEarly();
  };

  busboy.on('field', (name, value) => {
    const refusal = textRefusal(name) ?? textRefusal(value);
    if (refusal) stop(new ApiError(422, 'invalid_character', refusal, { field: name }));
    else fields[name] = value;
  });

  busboy.on('file', (name, stream, info) => {
    const nameRefusal = textRefusal(name) ?? (info.filename === undefined ? null : textRefusal(info.filename));
    if (nameRefusal) {
      stream.on('error', () => undefined); // not piped anywhere: its end by stop() is expected
      stop(new ApiError(422, 'invalid_character', nameRefusal, { field: name }), stream);
      return;
    }
    if (name !== options.field || writing.length >= options.maxFiles) {
      if (name === options.field && options.extraFiles === 'refuse') {
        stream.on('error', () => undefined); // not piped anywhere: its end by stop() is expected
        stop(
          new ApiError(422, 'too_many_files', `At most ${options.maxFiles} files per upload`, {
            field: options.field,
            value: options.maxFiles,
          }),
          stream,
        );
        return;
      }
      stream.resume(); // not ours: drain it
      return;
    }
    const tmpPath = path.join(options.tmpDir, `${randomUUID()}.part`);
    tmpPaths.push(tmpPath);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // busboy's limit is maxBytes + 1, so this fires only for a file larger than maxBytes.
    stream.on('limit', () => stop(tooLarge(maxBytes), stream));
    // The rejection is handled here, at once: left pending until the body pipeline ends, it
    // counted as unhandled and ended the whole process.
    writing.push(
      pipeline(stream, counter, createWriteStream(tmpPath)).then(
        () => {
          received.push({ tmpPath, size, originalName: info.filename ?? 'upload', declaredType: info.mimeType, fields });
        },
        (err) => {
          failure ??= err;
        },
      ),
    );
  });

  try {
    await Promise.race([
      pipeline(body, busboy).catch((err) => {
        failure ??= err;
      }),
      overLimit,
    ]);
    await Promise.all(writing);
    if (failure) {
      if (failure instanceof ApiError) throw failure;
      throw new ApiError(400, 'bad_request', 'The upload could not be read');
    }
    if (received.length === 0) throw new ApiError(400, 'file_missing', `No file in field "${options.field}"`, { field: options.field });
    if (received.some((f) => f.size === 0)) throw new ApiError(400, 'file_empty', 'The file is empty', { field: options.field });
    // in the order they were sent
    return tmpPaths.map((p) => received.find((f) => f.tmpPath === p)!);
  } catch (err) {
    await Promise.all(tmpPaths.map((p) => rm(p, { force: true })));
    throw err;
  }
}

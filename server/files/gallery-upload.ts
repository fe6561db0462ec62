import path from 'node:path';
import { rm } from 'node:fs/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { GALLERY_BATCH_SIZE, GALLERY_MAX_FILES, galleryHasRoom } from '@/lib/domain/gallery';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { ApiError } from '../http/errors';
import type { AppDeps } from '../http/context';
import { detectDocument } from './document-type';
import { detectImage } from './image-type';
import { receiveFiles } from './multipart-upload';
import { deleteFile, storeFile, type StoredFile } from './stored-files';
import { resolveInsideRoot } from './upload-root';
import { uploadTempDir } from './upload-temp';

/**
 * A gallery of files attached to a record (a news article, a message): pictures (PNG, JPEG) and
 * PDFs, 1 byte to 50 MB, at most 3 per upload and 20 in the gallery, checked by content. Pictures get thumbnails
 * xs / sm / md (160, 480, 1024 px wide, shown as SD, MD, HD), made on the server and stored as
 * files of their own (owner type `thumbType`).
 */

export const THUMBNAIL_WIDTHS = { xs: 160, sm: 480, md: 1024 } as const;
/** Files per upload request (lib/domain/gallery.ts). */
export const MAX_GALLERY_FILES = GALLERY_BATCH_SIZE;

export type GalleryKinds = { fileType: string; thumbType: string };
export type AttachedFile = { fileId: string; fileName: string; fileParam: Record<string, unknown>; featuredImage: boolean };

async function detectGalleryFile(filePath: string) {
  try {
    return await detectImage(filePath);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 415) throw err;
  }
  const doc = await detectDocument(filePath).catch(() => null);
  if (doc?.mime === 'application/pdf') return doc;
  throw new ApiError(415, 'unsupported_type', 'Only PNG, JPEG or PDF files are accepted');
}

/** A thumbnail rendered to a temporary file, not stored yet. */
export type RenderedThumbnail = { size: string; tmpPath: string; bytes: number; width: number; height: number };

/**
 * The thumbnails xs / sm / md of the picture at `source`, written beside it as
 * `<source>.<size>.webp` (never wider than the picture itself). 415 when it is no readable picture.
 */
export function renderThumbnails(source: string, name: string): Promise<RenderedThumbnail[]> {
  return Promise.all(
    Object.entries(THUMBNAIL_WIDTHS).map(async ([size, width]) => {
      const tmpPath = `${source}.${size}.webp`;
      const info = await sharp(source)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(tmpPath)
        .catch(async () => {
          await rm(tmpPath, { force: true });
          throw new ApiError(415, 'unsupported_type', `${name} is not a readable picture`);
        });
      return { size, tmpPath, bytes: info.size, width: info.width, height: info.height };
    }),
  );
}

/**
 * One checked file and its rendered thumbnails moved under the upload root and recorded, in the
 * caller's transaction. Every stored path is pushed to `placed` at once, so the caller removes
 * them again if the transaction fails.
 */
export async function storeGalleryFile(
  tx: Db,
  uploadDir: string,
  input: GalleryKinds & {
    ownerId: number;
    uploadedBy: number;
    now: Date;
    file: { tmpPath: string; originalName: string; mime: string; ext: string; size: number };
    thumbs: RenderedThumbnail[] | null;
    featured?: boolean;
  },
  placed: string[],
): Promise<StoredFile> {
  const { file } = input;
  const thumbnails: Record<string, string> = {};
  for (const th of input.thumbs ?? []) {
    const stored = await storeFile(tx, uploadDir, {
      tmpPath: th.tmpPath,
      ownerType: input.thumbType,
      ownerId: input.ownerId,
      originalName: `${th.size}-${file.originalName}`,
      mime: 'image/webp',
      ext: 'webp',
      size: th.bytes,
      uploadedBy: input.uploadedBy,
      now: input.now,
      params: { size: th.size, width: th.width, height: th.height },
    });
    placed.push(stored.storedPath);
    thumbnails[th.size] = stored.storedPath;
  }
  const original = await storeFile(tx, uploadDir, {
    tmpPath: file.tmpPath,
    ownerType: input.fileType,
    ownerId: input.ownerId,
    originalName: path.basename(file.originalName).trim() || 'Datei',
    mime: file.mime,
    ext: file.ext,
    size: file.size,
    uploadedBy: input.uploadedBy,
    now: input.now,
    params: { thumbnails, featured: input.featured ?? false },
  });
  placed.push(original.storedPath);
  return original;
}

/**
 * Receives up to 3 files from a multipart request (field `files`), checks them, makes the
 * thumbnails, and stores everything in one transaction that first runs `lock` (the owner, locked
 * and checked again) and last `after` (audit, answer). All or nothing: on any failure no file stays.
 */
export async function storeGalleryUpload<T>(
  deps: AppDeps,
  request: Request,
  options: GalleryKinds & {
    ownerId: number;
    callerId: number;
    lock: (tx: Db) => Promise<void>;
    after: (tx: Db, names: string[]) => Promise<T>;
  },
): Promise<T> {
  const tmpDir = uploadTempDir(deps.env.uploadDir);
  const files = await receiveFiles(request, {
    field: 'files',
    tmpDir,
    maxFiles: MAX_GALLERY_FILES,
    extraFiles: 'refuse',
    preservePath: true,
  });
  const placed: string[] = [];
  const temporary = files.flatMap((f) => [f.tmpPath, ...Object.keys(THUMBNAIL_WIDTHS).map((size) => `${f.tmpPath}.${size}.webp`)]);
  try {
    const kinds = await Promise.all(files.map((f) => detectGalleryFile(f.tmpPath)));
    // thumbnails first (from the temporary originals), so a broken picture refuses the whole upload
    const thumbs = await Promise.all(
      files.map((f, i) => (kinds[i].mime.startsWith('image/') ? renderThumbnails(f.tmpPath, f.originalName) : null)),
    );
    return await deps.db.transaction(async (tx) => {
      await options.lock(tx);
      // counted with the owner locked, so parallel uploads cannot pass the limit together
      const [{ held }] = await tx
        .select({ held: sql<number>`count(*)::int` })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.ownerType, options.fileType), eq(uploadedFiles.ownerId, options.ownerId)));
      if (!galleryHasRoom(held, files.length)) {
        throw new ApiError(409, 'gallery_full', `A gallery holds at most ${GALLERY_MAX_FILES} files; this one holds ${held}`, {
          value: GALLERY_MAX_FILES,
        });
      }
      const now = deps.clock();
      for (const [i, f] of files.entries()) {
        await storeGalleryFile(
          tx,
          deps.env.uploadDir,
          {
            fileType: options.fileType,
            thumbType: options.thumbType,
            ownerId: options.ownerId,
            uploadedBy: options.callerId,
            now,
            file: { tmpPath: f.tmpPath, originalName: f.originalName, mime: kinds[i].mime, ext: kinds[i].ext, size: f.size },
            thumbs: thumbs[i],
          },
          placed,
        );
      }
      const answer = await options.after(
        tx,
        files.map((f) => f.originalName),
      );
      placed.length = 0; // committed: the files stay
      return answer;
    });
  } finally {
    await Promise.all([...temporary, ...placed.map((p) => resolveInsideRoot(deps.env.uploadDir, p))].map((p) => rm(p, { force: true })));
  }
}

/** The attached files of each owner, as the answers show them. */
export async function galleryFilesOf(db: Db, fileType: string, ownerIds: number[]): Promise<Map<number, AttachedFile[]>> {
  const map = new Map<number, AttachedFile[]>();
  if (ownerIds.length === 0) return map;
  const rows = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerType, fileType), inArray(uploadedFiles.ownerId, ownerIds)));
  for (const f of rows) {
    const params = (f.params ?? {}) as Record<string, unknown>;
    const list = map.get(f.ownerId!) ?? [];
    list.push({
      fileId: f.uuid,
      fileName: f.originalName,
      fileParam: { original: f.storedPath, mime: f.mime, thumbnails: params.thumbnails ?? {} },
      featuredImage: Boolean(params.featured),
    });
    map.set(f.ownerId!, list);
  }
  return map;
}

/** A file and its thumbnails, removed (in the caller's transaction). */
export async function removeGalleryFile(db: Db, uploadDir: string, file: StoredFile, thumbType: string) {
  const thumbKeys = Object.values(((file.params ?? {}) as { thumbnails?: Record<string, string> }).thumbnails ?? {});
  if (thumbKeys.length) {
    const thumbs = await db
      .select()
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.ownerType, thumbType), inArray(uploadedFiles.storedPath, thumbKeys)));
    for (const th of thumbs) await deleteFile(db, uploadDir, th);
  }
  await deleteFile(db, uploadDir, file);
}

/** Every file and thumbnail of the owners, removed (in the caller's transaction). */
export async function removeGalleriesOf(db: Db, uploadDir: string, kinds: GalleryKinds, ownerIds: number[]) {
  if (ownerIds.length === 0) return;
  const files = await db
    .select()
    .from(uploadedFiles)
    .where(and(inArray(uploadedFiles.ownerType, [kinds.fileType, kinds.thumbType]), inArray(uploadedFiles.ownerId, ownerIds)));
  for (const f of files) await deleteFile(db, uploadDir, f);
}

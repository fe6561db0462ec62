import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { isCleanedPicture, withoutMetadata } from './picture-metadata';
import { resolveInsideRoot } from './upload-root';

/**
 * Uploads live under UPLOAD_DIR at `<ownerType>/<yyyy>/<mm>/<uuid>.<ext>` (generated here, never
 * from the request); their metadata is a row of uploaded_files keyed by the same uuid. A picture
 * (PNG, JPEG) is stored without its metadata (./picture-metadata.ts), whichever path uploaded it.
 */

export type StoredFile = typeof uploadedFiles.$inferSelect;

export async function storeFile(
  db: Db,
  uploadDir: string,
  input: {
    tmpPath: string;
    ownerType: string;
    ownerId: number | null;
    originalName: string;
    mime: string;
    ext: string;
    size: number;
    uploadedBy: number;
    now: Date;
    /** Extra metadata, e.g. a document's type. */
    params?: Record<string, unknown>;
  },
): Promise<StoredFile> {
  const uuid = randomUUID();
  const yyyy = String(input.now.getFullYear());
  const mm = String(input.now.getMonth() + 1).padStart(2, '0');
  const relative = path.posix.join(input.ownerType, yyyy, mm, `${uuid}.${input.ext}`);
  const target = resolveInsideRoot(uploadDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  const picture = isCleanedPicture(input.mime) ? withoutMetadata(input.mime, await readFile(input.tmpPath)) : null;
  let size = input.size;
  if (picture) {
    await writeFile(target, picture);
    await rm(input.tmpPath, { force: true });
    size = picture.length;
  } else {
    await rename(input.tmpPath, target);
  }
  try {
    const [row] = await db
      .insert(uploadedFiles)
      .values({
        uuid,
        ownerType: input.ownerType,
        ownerId: input.ownerId,
        originalName: input.originalName.slice(0, 255),
        storedPath: relative,
        mime: input.mime,
        size,
        uploadedBy: input.uploadedBy,
        params: input.params ?? {},
      })
      .returning();
    return row;
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
}

export async function findFile(db: Db, uuid: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.uuid, uuid)).limit(1);
  return row;
}

export async function deleteFile(db: Db, uploadDir: string, file: StoredFile): Promise<void> {
  await db.delete(uploadedFiles).where(eq(uploadedFiles.id, file.id));
  await rm(resolveInsideRoot(uploadDir, file.storedPath), { force: true });
}

/** A streamed response with Content-Type and Content-Length; null when the bytes are gone. */
export async function fileResponse(uploadDir: string, file: StoredFile): Promise<Response | null> {
  const full = resolveInsideRoot(uploadDir, file.storedPath);
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return null;
  const body = Readable.toWeb(createReadStream(full)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': file.mime,
      'Content-Length': String(info.size),
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

import path from 'node:path';
import { rm } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
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

/**
 * A gallery of files attached to a record (a news article, a message): pictures (PNG, JPEG) and
 * PDFs, 1 byte to 50 MB, at most 3 per upload, checked by content. Pictures get thumbnails
 * xs / sm / md (160, 480, 1024 px wide, shown as SD, MD, HD), made on the server and stored as
 * files of their own (owner type `thumbType`).
 */

export const THUMBNAIL_WIDTHS = { xs: 160, sm: 480, md: 1024 } as const;
export const MAX_GALLERY_FILES = 3;

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

/**
 * Receives up to 3 files from a multipart request (field `files`), checks them, makes the
 * thumbnails, and stores everything in one transaction that first runs `lock` (the owner, locked
 * and checked again) and last `after` (audit, answer). All or nothing: on any failure no file stays.
 */
export async function storeGalleryUpload<T>(
  deps: AppDeps,
  request: Request,
  options: GalleryKinds & { ownerId: number; callerId: number; lock: (tx: Db) => Promise<void>; after: (tx: Db, names: string[]) => Promise<T> },
): Promise<T> {
  const tmpDir = path.join(deps.env.uploadDir, '.tmp');
  const files = await receiveFiles(request, { field: 'files', tmpDir, maxFiles: MAX_GALLERY_FILES, extraFiles: 'refuse', preservePath: true });
  const placed: string[] = [];
  const temporary = files.map((f) => f.tmpPath);
  try {
    const kinds = await Promise.all(files.map((f) => detectGalleryFile(f.tmpPath)));
    // thumbnails first (from the temporary originals), so a broken picture refuses the whole upload
    const thumbs = await Promise.all(
      files.map(async (f, i) => {
        if (!kinds[i].mime.startsWith('image/')) return null;
        return Promise.all(
          Object.entries(THUMBNAIL_WIDTHS).map(async ([size, width]) => {
            const tmpPath = `${f.tmpPath}.${size}.webp`;
            temporary.push(tmpPath);
            const info = await sharp(f.tmpPath)
              .rotate()
              .resize({ width, withoutEnlargement: true })
              .webp({ quality: 80 })
              .toFile(tmpPath)
              .catch(() => {
                throw new ApiError(415, 'unsupported_type', `${f.originalName} is not a readable picture`);
              });
            return { size, tmpPath, bytes: info.size, width: info.width, height: info.height };
          }),
        );
      }),
    );
    return await deps.db.transaction(async (tx) => {
      await options.lock(tx);
      const now = deps.clock();
      for (const [i, f] of files.entries()) {
        const thumbnails: Record<string, string> = {};
        for (const th of thumbs[i] ?? []) {
          const stored = await storeFile(tx, deps.env.uploadDir, {
            tmpPath: th.tmpPath,
            ownerType: options.thumbType,
            ownerId: options.ownerId,
            originalName: `${th.size}-${f.originalName}`,
            mime: 'image/webp',
            ext: 'webp',
            size: th.bytes,
            uploadedBy: options.callerId,
            now,
            params: { size: th.size, width: th.width, height: th.height },
          });
          placed.push(stored.storedPath);
          thumbnails[th.size] = stored.storedPath;
        }
        const original = await storeFile(tx, deps.env.uploadDir, {
          tmpPath: f.tmpPath,
          ownerType: options.fileType,
          ownerId: options.ownerId,
          originalName: path.basename(f.originalName).trim() || 'Datei',
          mime: kinds[i].mime,
          ext: kinds[i].ext,
          size: f.size,
          uploadedBy: options.callerId,
          now,
          params: { thumbnails, featured: false },
        });
        placed.push(original.storedPath);
      }
      const answer = await options.after(tx, files.map((f) => f.originalName));
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
  const rows = await db.select().from(uploadedFiles).where(and(eq(uploadedFiles.ownerType, fileType), inArray(uploadedFiles.ownerId, ownerIds)));
  for (const f of rows) {
    const params = (f.params ?? {}) as Record<string, unknown>;
    const list = map.get(f.ownerId!) ?? [];
    list.push({ fileId: f.uuid, fileName: f.originalName, fileParam: { original: f.storedPath, mime: f.mime, thumbnails: params.thumbnails ?? {} }, featuredImage: Boolean(params.featured) });
    map.set(f.ownerId!, list);
  }
  return map;
}

/** A file and its thumbnails, removed (in the caller's transaction). */
export async function removeGalleryFile(db: Db, uploadDir: string, file: StoredFile, thumbType: string) {
  const thumbKeys = Object.values(((file.params ?? {}) as { thumbnails?: Record<string, string> }).thumbnails ?? {});
  if (thumbKeys.length) {
    const thumbs = await db.select().from(uploadedFiles).where(and(eq(uploadedFiles.ownerType, thumbType), inArray(uploadedFiles.storedPath, thumbKeys)));
    for (const th of thumbs) await deleteFile(db, uploadDir, th);
  }
  await deleteFile(db, uploadDir, file);
}

/** Every file and thumbnail of the owners, removed (in the caller's transaction). */
export async function removeGalleriesOf(db: Db, uploadDir: string, kinds: GalleryKinds, ownerIds: number[]) {
  if (ownerIds.length === 0) return;
  const files = await db.select().from(uploadedFiles).where(and(inArray(uploadedFiles.ownerType, [kinds.fileType, kinds.thumbType]), inArray(uploadedFiles.ownerId, ownerIds)));
  for (const f of files) await deleteFile(db, uploadDir, f);
}

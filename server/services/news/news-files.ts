import path from 'node:path';
import { rm } from 'node:fs/promises';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { News } from '@/lib/schemas/news';
import { news, uploadedFiles } from '../../db/schema';
import { detectDocument } from '../../files/document-type';
import { detectImage } from '../../files/image-type';
import { receiveFiles } from '../../files/multipart-upload';
import { deleteFile, storeFile, type StoredFile } from '../../files/stored-files';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { loadCaller, type Caller } from '../access';
import { recordAudit } from '../audit';
import { deleteNews, NEWS_FILE, newsAnswer, newsEditorOf, requireNewsEditor } from './news';

/**
 * An article's gallery: pictures (PNG, JPEG) and PDFs, 1 byte to 50 MB, at most 3 per upload,
 * checked by content. Pictures get thumbnails xs / sm / md (160, 480, 1024 px wide, shown as SD,
 * MD, HD), made on the server and stored as files of their own (owner type news_thumb). One
 * picture can be the article's featured image. Files are served by GET /api/v1/uploads?file= to
 * anyone signed in while the article is visible, else only to the organisation's news editors.
 * Files are records of their own: adding or removing one does not change the article's updatedAt,
 * so an edit of the text that is open meanwhile still saves.
 */

export const NEWS_THUMB = 'news_thumb';
export const THUMBNAIL_WIDTHS = { xs: 160, sm: 480, md: 1024 } as const;
export const MAX_GALLERY_FILES = 3;

type Db = AppDeps['db'];

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

async function lockArticle(db: Db, caller: Caller, id: number) {
  const [row] = await db.select().from(news).where(eq(news.id, id)).for('update');
  if (!row) throw notFound('No such article');
  const actor = requireNewsEditor(caller, row.orgId);
  return { row, actor };
}

/** POST /admin/news/upload/{id}: up to 3 files, thumbnails for pictures; all or nothing. */
export async function uploadNewsFiles(deps: AppDeps, callerId: number, id: number, request: Request): Promise<News> {
  const caller = await loadCaller(deps, callerId);
  await deps.db.transaction((tx) => lockArticle(tx, caller, id)); // refused before a byte is read
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
            const info = await sharp(f.tmpPath).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(tmpPath).catch(() => {
              throw new ApiError(415, 'unsupported_type', `${f.originalName} is not a readable picture`);
            });
            return { size, tmpPath, bytes: info.size, width: info.width, height: info.height };
          }),
        );
      }),
    );
    return await deps.db.transaction(async (tx) => {
      const { actor } = await lockArticle(tx, caller, id);
      for (const [i, f] of files.entries()) {
        const thumbnails: Record<string, string> = {};
        for (const th of thumbs[i] ?? []) {
          const stored = await storeFile(tx, deps.env.uploadDir, { tmpPath: th.tmpPath, ownerType: NEWS_THUMB, ownerId: id, originalName: `${th.size}-${f.originalName}`, mime: 'image/webp', ext: 'webp', size: th.bytes, uploadedBy: callerId, now: deps.clock(), params: { size: th.size, width: th.width, height: th.height } });
          placed.push(stored.storedPath);
          thumbnails[th.size] = stored.storedPath;
        }
        const original = await storeFile(tx, deps.env.uploadDir, { tmpPath: f.tmpPath, ownerType: NEWS_FILE, ownerId: id, originalName: path.basename(f.originalName).trim() || 'Datei', mime: kinds[i].mime, ext: kinds[i].ext, size: f.size, uploadedBy: callerId, now: deps.clock(), params: { thumbnails, featured: false } });
        placed.push(original.storedPath);
      }
      await recordAudit(tx, { actorId: callerId, actingOrgId: actor.id, entity: 'news', entityId: id, action: 'upload', after: { files: files.map((f) => f.originalName) } });
      const answer = await newsAnswer(tx, id);
      placed.length = 0; // committed: the files stay
      return answer;
    });
  } finally {
    await Promise.all([...temporary, ...placed.map((p) => resolveInsideRoot(deps.env.uploadDir, p))].map((p) => rm(p, { force: true })));
  }
}

async function fileOf(db: Db, id: number, fileId: string): Promise<StoredFile> {
  const [file] = await db.select().from(uploadedFiles).where(and(eq(uploadedFiles.uuid, fileId), eq(uploadedFiles.ownerType, NEWS_FILE), eq(uploadedFiles.ownerId, id)));
  if (!file) throw notFound('No such file of this article');
  return file;
}

/** The file and its thumbnails, removed (in the caller's transaction). */
async function removeFile(db: Db, uploadDir: string, file: StoredFile) {
  const thumbKeys = Object.values(((file.params ?? {}) as { thumbnails?: Record<string, string> }).thumbnails ?? {});
  if (thumbKeys.length) {
    const thumbs = await db.select().from(uploadedFiles).where(and(eq(uploadedFiles.ownerType, NEWS_THUMB), inArray(uploadedFiles.storedPath, thumbKeys)));
    for (const th of thumbs) await deleteFile(db, uploadDir, th);
  }
  await deleteFile(db, uploadDir, file);
}

/** PUT /admin/news/image/{id} {fileId}: the article's featured picture (only one). */
export async function setFeaturedImage(deps: AppDeps, callerId: number, id: number, fileId: string): Promise<News> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const { actor } = await lockArticle(tx, caller, id);
    const file = await fileOf(tx, id, fileId);
    if (!file.mime.startsWith('image/')) throw new ApiError(422, 'validation', 'Only a picture can be the featured image', { field: 'fileId', rule: 'notAPicture' });
    await tx
      .update(uploadedFiles)
      .set({ params: sql`jsonb_set(${uploadedFiles.params}, '{featured}', to_jsonb(${uploadedFiles.uuid} = ${fileId}::uuid))` })
      .where(and(eq(uploadedFiles.ownerType, NEWS_FILE), eq(uploadedFiles.ownerId, id)));
    await recordAudit(tx, { actorId: callerId, actingOrgId: actor.id, entity: 'news', entityId: id, action: 'update', after: { featured: file.originalName } });
    return newsAnswer(tx, id);
  });
}

/** DELETE /admin/news/image/{id}/{imageId}. */
export async function deleteNewsFile(deps: AppDeps, callerId: number, id: number, fileId: string): Promise<News> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const { actor } = await lockArticle(tx, caller, id);
    const file = await fileOf(tx, id, fileId);
    await removeFile(tx, deps.env.uploadDir, file);
    await recordAudit(tx, { actorId: callerId, actingOrgId: actor.id, entity: 'news', entityId: id, action: 'update', before: { file: file.originalName }, after: { file: null } });
    return newsAnswer(tx, id);
  });
}

/** GET /admin/news/gallery/{org}: the organisation's files, one directory per article, newest first, 7 per page. */
export async function newsGallery(deps: AppDeps, callerId: number, orgId: number, page: number) {
  await newsEditorOf(deps, await loadCaller(deps, callerId), orgId, 'path');
  const size = 7;
  const withFiles = sql`exists (select 1 from ${uploadedFiles} where ${uploadedFiles.ownerType} = ${NEWS_FILE} and ${uploadedFiles.ownerId} = ${news.id})`;
  const articles = await deps.db.select({ id: news.id, title: news.title }).from(news).where(and(eq(news.orgId, orgId), withFiles)).orderBy(desc(news.id)).limit(size).offset((page - 1) * size);
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(news).where(and(eq(news.orgId, orgId), withFiles));
  const items = await Promise.all(articles.map(async (a) => ({ newsId: a.id, title: a.title, files: (await newsAnswer(deps.db, a.id)).attachedFiles })));
  return { items, total: n };
}

/** Whether the caller may read a news file (visible article: anyone signed in; hidden: its organisation's editors). */
export async function mayReadNewsFile(deps: AppDeps, caller: Caller, newsId: number | null): Promise<boolean> {
  if (newsId === null) return false;
  const [row] = await deps.db.select({ orgId: news.orgId, visible: news.visible }).from(news).where(eq(news.id, newsId));
  if (!row) return false;
  if (row.visible) return true;
  try {
    requireNewsEditor(caller, row.orgId);
    return true;
  } catch {
    return false;
  }
}

/** DELETE /admin/news: the articles and, in the same transaction, their files and thumbnails. */
export function deleteNewsWithFiles(deps: AppDeps, callerId: number, ids: number[]) {
  return deleteNews(deps, callerId, ids, async (tx, newsIds) => {
    const files = await tx.select().from(uploadedFiles).where(and(inArray(uploadedFiles.ownerType, [NEWS_FILE, NEWS_THUMB]), inArray(uploadedFiles.ownerId, newsIds)));
    for (const f of files) await deleteFile(tx, deps.env.uploadDir, f);
  });
}

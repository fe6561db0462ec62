import { and, desc, eq, sql } from 'drizzle-orm';
import type { News } from '@/lib/schemas/news';
import { GALLERY_DIRECTORIES_PER_PAGE } from '@/lib/domain/gallery';
import { news, uploadedFiles } from '../../db/schema';
import { removeGalleriesOf, removeGalleryFile, storeGalleryUpload, type GalleryKinds } from '../../files/gallery-upload';
import type { StoredFile } from '../../files/stored-files';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { loadCaller, type Caller } from '../access';
import { recordAudit } from '../audit';
import { deleteNews, NEWS_FILE, newsAnswer, newsEditorOf, requireNewsEditor } from './news';

/**
 * An article's gallery (server/files/gallery-upload.ts): pictures (PNG, JPEG) and PDFs, 1 byte to
 * 50 MB, at most 3 per upload, checked by content. Pictures get thumbnails xs / sm / md (160, 480,
 * 1024 px wide, shown as SD, MD, HD), made on the server and stored as files of their own (owner
 * type news_thumb). One picture can be the article's featured image. Files are served by
 * GET /api/v1/uploads?file= to anyone signed in while the article is visible, else only to the
 * organisation's news editors. Files are records of their own: adding or removing one does not
 * change the article's updatedAt, so an edit of the text that is open meanwhile still saves.
 */

export const NEWS_THUMB = 'news_thumb';
/** Where an article's files and thumbnails are recorded. */
export const NEWS_GALLERY: GalleryKinds = { fileType: NEWS_FILE, thumbType: NEWS_THUMB };

type Db = AppDeps['db'];

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
  let actingOrgId = 0;
  return storeGalleryUpload(deps, request, {
    ...NEWS_GALLERY,
    ownerId: id,
    callerId,
    lock: async (tx) => {
      actingOrgId = (await lockArticle(tx, caller, id)).actor.id;
    },
    after: async (tx, names) => {
      await recordAudit(tx, { actorId: callerId, actingOrgId, entity: 'news', entityId: id, action: 'upload', after: { files: names } });
      return newsAnswer(tx, id);
    },
  });
}

async function fileOf(db: Db, id: number, fileId: string): Promise<StoredFile> {
  const [file] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.uuid, fileId), eq(uploadedFiles.ownerType, NEWS_FILE), eq(uploadedFiles.ownerId, id)));
  if (!file) throw notFound('No such file of this article');
  return file;
}

/** PUT /admin/news/image/{id} {fileId}: the article's featured picture (only one). */
export async function setFeaturedImage(deps: AppDeps, callerId: number, id: number, fileId: string): Promise<News> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const { actor } = await lockArticle(tx, caller, id);
    const file = await fileOf(tx, id, fileId);
    if (!file.mime.startsWith('image/'))
      throw new ApiError(422, 'validation', 'Only a picture can be the featured image', { field: 'fileId', rule: 'notAPicture' });
    await tx
      .update(uploadedFiles)
      .set({ params: sql`jsonb_set(${uploadedFiles.params}, '{featured}', to_jsonb(${uploadedFiles.uuid} = ${fileId}::uuid))` })
      .where(and(eq(uploadedFiles.ownerType, NEWS_FILE), eq(uploadedFiles.ownerId, id)));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'news',
      entityId: id,
      action: 'update',
      after: { featured: file.originalName },
    });
    return newsAnswer(tx, id);
  });
}

/** DELETE /admin/news/image/{id}/{imageId}. */
export async function deleteNewsFile(deps: AppDeps, callerId: number, id: number, fileId: string): Promise<News> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const { actor } = await lockArticle(tx, caller, id);
    const file = await fileOf(tx, id, fileId);
    await removeGalleryFile(tx, deps.env.uploadDir, file, NEWS_THUMB);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'news',
      entityId: id,
      action: 'update',
      before: { file: file.originalName },
      after: { file: null },
    });
    return newsAnswer(tx, id);
  });
}

/** GET /admin/news/gallery/{orgId}: the organisation's files, one directory per article, newest first, 7 per page. */
export async function newsGallery(deps: AppDeps, callerId: number, orgId: number, page: number) {
  await newsEditorOf(deps, await loadCaller(deps, callerId), orgId, 'path');
  const size = GALLERY_DIRECTORIES_PER_PAGE;
  const withFiles = sql`exists (select 1 from ${uploadedFiles} where ${uploadedFiles.ownerType} = ${NEWS_FILE} and ${uploadedFiles.ownerId} = ${news.id})`;
  const articles = await deps.db
    .select({ id: news.id, title: news.title })
    .from(news)
    .where(and(eq(news.orgId, orgId), withFiles))
    .orderBy(desc(news.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(news)
    .where(and(eq(news.orgId, orgId), withFiles));
  const items = await Promise.all(
    articles.map(async (a) => ({ newsId: a.id, title: a.title, files: (await newsAnswer(deps.db, a.id)).attachedFiles })),
  );
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
  return deleteNews(deps, callerId, ids, (tx, newsIds) => removeGalleriesOf(tx, deps.env.uploadDir, NEWS_GALLERY, newsIds));
}

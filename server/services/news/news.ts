import { and, arrayContains, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { FORM_NEWS, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { hasRichTextContent } from '@/lib/domain/news/rich-text';
import type { News, NewsInput, NewsListQuery, NewsPage, NewsUpdate } from '@/lib/schemas/news';
import { escapeLike } from '../../db/like-pattern';
import { news, newsCategories, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, orgsWith, type Caller } from '../access';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';
import { sanitizeRichText } from './sanitize';
import { galleryFilesOf } from '../../files/gallery-upload';

/**
 * News articles (form 200): an organisation writes and publishes its own (holders of form 200
 * there; the federation's news staff everyone's). Rich text is sanitised on every write; the
 * categories must exist in the organisation.
 */

export const NEWS_FILE = 'news_file';
type Row = typeof news.$inferSelect;
type Db = AppDeps['db'];

/** 403 unless the caller holds form 200 in `orgId` or in the federation. */
export function requireNewsEditor(caller: Caller, orgId: number) {
  const editors = orgsWith(caller, [FORM_NEWS]);
  const actor = editors.find((o) => o.id === orgId) ?? editors.find((o) => o.level === ORG_LEVEL_FEDERATION);
  if (!actor) throw forbidden('You may not edit the news of this organisation');
  return actor;
}

/** requireNewsEditor for an organisation that must exist: 404 when named in the path, 422 in a body. */
export async function newsEditorOf(deps: Pick<AppDeps, 'db'>, caller: Caller, orgId: number, named: 'path' | 'body') {
  const actor = requireNewsEditor(caller, orgId);
  const [org] = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId));
  if (!org)
    throw named === 'path'
      ? notFound('No such organisation')
      : new ApiError(422, 'validation', 'There is no such organisation', { field: 'orgId', rule: 'unknown', value: orgId });
  return actor;
}

const filesOf = (db: Db, ids: number[]) => galleryFilesOf(db, NEWS_FILE, ids);

function shape(row: Row, files: News['attachedFiles'] = []): News {
  return {
    id: row.id,
    orgId: row.orgId,
    title: row.title,
    // stored before the allow-list tightened? answered only through it
    abstract: sanitizeRichText(row.abstract),
    content: sanitizeRichText(row.content),
    lang: row.lang as 'de' | 'en',
    newscategory: row.categories,
    visible: row.visible,
    attachedFiles: files,
    publishedAt: row.publishedAt ? rfc3339(row.publishedAt) : null,
    updatedAt: rfc3339(row.updatedAt),
  };
}

export async function newsAnswer(db: Db, id: number): Promise<News> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw notFound('No such article');
  return shape(row, (await filesOf(db, [id])).get(id));
}

/** The search over title and text; the categories filter; visible or hidden. */
export function newsWhere(orgId: number, query: Pick<NewsListQuery, 'q' | 'category' | 'visible'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [eq(news.orgId, orgId)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(or(ilike(news.title, like), ilike(news.abstract, like), ilike(news.content, like)));
  }
  if (query.category) conditions.push(arrayContains(news.categories, [query.category]));
  if (query.visible) conditions.push(eq(news.visible, query.visible === 'true'));
  return and(...conditions);
}

/** GET /admin/news/{orgId}: the organisation's articles, newest first, searched and paged in the database. */
export async function listNews(deps: AppDeps, callerId: number, orgId: number, query: NewsListQuery): Promise<NewsPage> {
  await newsEditorOf(deps, await loadCaller(deps, callerId), orgId, 'path');
  const where = newsWhere(orgId, query);
  const rows = await deps.db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(news)
    .where(where);
  const files = await filesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => shape(r, files.get(r.id))), total: n };
}

async function checkCategories(db: Db, orgId: number, names: string[]) {
  const found = await db
    .select({ name: newsCategories.name })
    .from(newsCategories)
    .where(and(eq(newsCategories.orgId, orgId), inArray(newsCategories.name, names)));
  const missing = names.filter((n) => !found.some((f) => f.name === n));
  if (missing.length)
    throw new ApiError(422, 'validation', `No such category: ${missing[0]}`, {
      field: 'newscategory',
      rule: 'unknownCategory',
      value: missing[0],
    });
}

/** The content as stored: sanitised, and 422 `required` when nothing is left to read (hasRichTextContent). */
export function storedContent(html: string): string {
  const content = sanitizeRichText(html);
  if (!hasRichTextContent(content))
    throw new ApiError(422, 'validation', "'content' is empty once unsafe markup is removed", { field: 'content', rule: 'required' });
  return content;
}

function columns(input: NewsInput) {
  const content = storedContent(input.content);
  return {
    title: input.title,
    abstract: sanitizeRichText(input.abstract),
    content,
    lang: input.lang,
    categories: [...new Set(input.newscategory)],
    visible: input.visible,
  };
}

export async function createNews(deps: AppDeps, callerId: number, input: NewsInput): Promise<News> {
  const actor = await newsEditorOf(deps, await loadCaller(deps, callerId), input.orgId, 'body');
  return deps.db.transaction(async (tx) => {
    await checkCategories(tx, input.orgId, input.newscategory);
    const values = columns(input);
    const [row] = await tx
      .insert(news)
      .values({ ...values, orgId: input.orgId, createdBy: callerId, publishedAt: values.visible ? sql`now()` : null })
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'news',
      entityId: row.id,
      action: 'create',
      after: { title: row.title, visible: row.visible, categories: row.categories },
    });
    return shape(row);
  });
}

export async function updateNews(deps: AppDeps, callerId: number, input: NewsUpdate): Promise<News> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ row: news, fresh: sql<boolean>`${news.updatedAt} = ${input.updatedAt}::timestamptz` })
      .from(news)
      .where(eq(news.id, input.id))
      .for('update');
    if (!lock) throw notFound('No such article');
    const actor = requireNewsEditor(caller, lock.row.orgId);
    if (input.orgId !== lock.row.orgId)
      throw new ApiError(422, 'validation', 'An article stays with its organisation', { field: 'orgId', rule: 'fixed' });
    if (!lock.fresh)
      throw new ApiError(409, 'stale', 'The article was changed in the meantime; reload it', { value: rfc3339(lock.row.updatedAt) });
    await checkCategories(tx, lock.row.orgId, input.newscategory);
    const values = columns(input);
    const [row] = await tx
      .update(news)
      .set({
        ...values,
        publishedAt: values.visible ? (lock.row.publishedAt ?? sql`now()`) : lock.row.publishedAt,
        updatedAt: sql`greatest(clock_timestamp(), ${news.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(news.id, input.id))
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'news',
      entityId: row.id,
      action: 'update',
      before: { title: lock.row.title, visible: lock.row.visible, categories: lock.row.categories },
      after: { title: row.title, visible: row.visible, categories: row.categories },
    });
    return shape(row, (await filesOf(tx, [row.id])).get(row.id));
  });
}

/** DELETE /admin/news?ids=: the articles and their files; all or nothing. */
export async function deleteNews(
  deps: AppDeps,
  callerId: number,
  ids: number[],
  removeFiles: (tx: Db, newsIds: number[]) => Promise<void>,
): Promise<{ deleted: number }> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const rows = await tx.select().from(news).where(inArray(news.id, ids)).for('update');
    if (rows.length !== new Set(ids).size) throw notFound('No such article');
    for (const r of rows) requireNewsEditor(caller, r.orgId);
    await removeFiles(tx, ids);
    await tx.delete(news).where(inArray(news.id, ids));
    for (const r of rows)
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: r.orgId,
        entity: 'news',
        entityId: r.id,
        action: 'delete',
        before: { title: r.title },
      });
    return { deleted: rows.length };
  });
}

/** The visible articles of an organisation, newest first (the public feed). */
export async function publicNews(deps: AppDeps, orgId: number, page: number, size: number) {
  const where = and(eq(news.orgId, orgId), eq(news.visible, true), isNotNull(news.publishedAt));
  const rows = await deps.db
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n, last }] = await deps.db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${news.updatedAt})` })
    .from(news)
    .where(where);
  return { rows, total: n, lastChange: last };
}

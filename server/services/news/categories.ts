import { and, asc, eq, sql } from 'drizzle-orm';
import type { MenuNode, NewsCategory } from '@/lib/schemas/news';
import { news, newsCategories } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { loadCaller } from '../access';
import { recordAudit } from '../audit';
import { newsEditorOf, requireNewsEditor } from './news';

/**
 * News categories of an organisation and its website menu (the categories that are pages, as a
 * tree). A category still named by an article is not deleted: 409 naming the articles.
 */

type Row = typeof newsCategories.$inferSelect;
const shape = (r: Row): NewsCategory => ({
  id: r.id,
  orgId: r.orgId,
  name: r.name,
  parentId: r.parentId,
  inMenu: r.inMenu,
  position: r.position,
});

export async function listCategories(deps: AppDeps, callerId: number, orgId: number): Promise<NewsCategory[]> {
  await newsEditorOf(deps, await loadCaller(deps, callerId), orgId, 'path');
  const rows = await deps.db
    .select()
    .from(newsCategories)
    .where(eq(newsCategories.orgId, orgId))
    .orderBy(asc(newsCategories.position), asc(newsCategories.name));
  return rows.map(shape);
}

export async function createCategory(
  deps: AppDeps,
  callerId: number,
  input: { orgId: number; name: string; parentId?: number | null; inMenu?: boolean },
): Promise<NewsCategory> {
  const actor = await newsEditorOf(deps, await loadCaller(deps, callerId), input.orgId, 'body');
  return deps.db.transaction(async (tx) => {
    if (input.parentId) {
      const [parent] = await tx
        .select()
        .from(newsCategories)
        .where(and(eq(newsCategories.id, input.parentId), eq(newsCategories.orgId, input.orgId)));
      if (!parent)
        throw new ApiError(422, 'validation', 'The parent page is not one of this organisation', {
          field: 'parentId',
          rule: 'unknown',
          value: input.parentId,
        });
    }
    const [dup] = await tx
      .select({ id: newsCategories.id })
      .from(newsCategories)
      .where(and(eq(newsCategories.orgId, input.orgId), sql`lower(${newsCategories.name}) = lower(${input.name})`));
    if (dup) throw new ApiError(409, 'category_exists', `The category ${input.name} exists already`, { field: 'name', value: input.name });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${newsCategories.position}), 0)::int + 1` })
      .from(newsCategories)
      .where(eq(newsCategories.orgId, input.orgId));
    const [row] = await tx
      .insert(newsCategories)
      .values({
        orgId: input.orgId,
        name: input.name,
        parentId: input.parentId ?? null,
        inMenu: Boolean(input.inMenu || input.parentId),
        position: next,
      })
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'newsCategory',
      entityId: row.id,
      action: 'create',
      after: shape(row),
    });
    return shape(row);
  });
}

/**
 * PUT /admin/category: renames (the articles naming it are renamed with it, in the same
 * transaction) or moves a menu page (under another page of the organisation, never under itself
 * or one of its own; another position).
 */
export async function updateCategory(
  deps: AppDeps,
  callerId: number,
  input: { id: number; name?: string; parentId?: number | null; position?: number },
): Promise<NewsCategory> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsCategories).where(eq(newsCategories.id, input.id)).for('update');
    if (!row) throw notFound('No such category');
    const actor = requireNewsEditor(caller, row.orgId);
    const all = await tx
      .select({ id: newsCategories.id, parentId: newsCategories.parentId, name: newsCategories.name })
      .from(newsCategories)
      .where(eq(newsCategories.orgId, row.orgId));
    if (input.name !== undefined && input.name !== row.name) {
      if (all.some((c) => c.id !== row.id && c.name.toLowerCase() === input.name!.toLowerCase()))
        throw new ApiError(409, 'category_exists', `The category ${input.name} exists already`, { field: 'name', value: input.name });
      await tx
        .update(news)
        .set({ categories: sql`array_replace(${news.categories}, ${row.name}, ${input.name})` })
        .where(and(eq(news.orgId, row.orgId), sql`${row.name} = any(${news.categories})`));
    }
    if (input.parentId !== undefined && input.parentId !== null) {
      // not under itself or one of its own pages
      for (let at: number | null = input.parentId; at !== null; at = all.find((c) => c.id === at)?.parentId ?? null) {
        if (at === row.id)
          throw new ApiError(422, 'validation', 'A page cannot move under itself', {
            field: 'parentId',
            rule: 'cycle',
            value: input.parentId,
          });
        if (!all.some((c) => c.id === at))
          throw new ApiError(422, 'validation', 'The parent page is not one of this organisation', {
            field: 'parentId',
            rule: 'unknown',
            value: input.parentId,
          });
      }
    }
    const [updated] = await tx
      .update(newsCategories)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.parentId !== undefined ? { parentId: input.parentId, inMenu: row.inMenu || input.parentId !== null } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        updatedAt: sql`greatest(clock_timestamp(), ${newsCategories.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(newsCategories.id, row.id))
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'newsCategory',
      entityId: row.id,
      action: 'update',
      before: shape(row),
      after: shape(updated),
    });
    return shape(updated);
  });
}

export async function deleteCategory(deps: AppDeps, callerId: number, id: number): Promise<{ deleted: number }> {
  const caller = await loadCaller(deps, callerId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsCategories).where(eq(newsCategories.id, id)).for('update');
    if (!row) throw notFound('No such category');
    const actor = requireNewsEditor(caller, row.orgId);
    const using = await tx
      .select({ title: news.title })
      .from(news)
      .where(and(eq(news.orgId, row.orgId), sql`${row.name} = any(${news.categories})`))
      .limit(5);
    if (using.length)
      throw new ApiError(409, 'category_in_use', `Articles name the category: ${using.map((u) => u.title).join(', ')}`, {
        field: 'id',
        value: using.map((u) => u.title),
      });
    const [child] = await tx.select({ id: newsCategories.id }).from(newsCategories).where(eq(newsCategories.parentId, id)).limit(1);
    if (child) throw new ApiError(409, 'category_in_use', 'The menu page has pages under it', { field: 'id', value: [] });
    await tx.delete(newsCategories).where(eq(newsCategories.id, id));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'newsCategory',
      entityId: id,
      action: 'delete',
      before: shape(row),
    });
    return { deleted: 1 };
  });
}

/** GET /admin/news/menu/{orgId}: the menu pages as a tree, each with the newest article of its category. */
export async function menuTree(deps: AppDeps, callerId: number, orgId: number): Promise<MenuNode[]> {
  await newsEditorOf(deps, await loadCaller(deps, callerId), orgId, 'path');
  const pages = await deps.db
    .select()
    .from(newsCategories)
    .where(and(eq(newsCategories.orgId, orgId), eq(newsCategories.inMenu, true)))
    .orderBy(asc(newsCategories.position), asc(newsCategories.id));
  const articles = await deps.db
    .select({ id: news.id, categories: news.categories })
    .from(news)
    .where(eq(news.orgId, orgId))
    .orderBy(sql`${news.id} desc`);
  const articleOf = (name: string) => articles.find((a) => a.categories.includes(name))?.id ?? null;
  const nodes = new Map<number, MenuNode>(pages.map((p) => [p.id, { id: p.id, name: p.name, newsId: articleOf(p.name), children: [] }]));
  const roots: MenuNode[] = [];
  for (const p of pages) {
    const node = nodes.get(p.id)!;
    const parent = p.parentId !== null ? nodes.get(p.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

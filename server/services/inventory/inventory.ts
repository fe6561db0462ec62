import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { FORM_INVENTORY } from '@/lib/domain/functions';
import { INVENTORY_SIZES, WEBSHOP_CATEGORY } from '@/lib/domain/inventory';
import type { InventoryArticle, InventoryInput, InventoryUpdate } from '@/lib/schemas/news';
import { escapeLike } from '../../db/like-pattern';
import { uniqueViolation } from '../../db/db-errors';
import { inventory, news, orderCategories } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { actingOrg, loadCaller } from '../access';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';

/**
 * GET/POST/PUT /v2/admin/{orgId}/inventory (form 1004): the webshop's stock lines. The article must
 * be one of the organisation's news in category "webshop"; the size from the lists; the stock not
 * below 0; one line per article, category, gender and size (409 `duplicate` otherwise).
 */

const selection = {
  line: inventory,
  title: news.title,
  abstract: news.abstract,
  content: news.content,
  cat: orderCategories.cat,
  netPriceCents: orderCategories.netPriceCents,
  priceCents: orderCategories.priceCents,
};
type Hit = {
  line: typeof inventory.$inferSelect;
  title: string;
  abstract: string;
  content: string;
  cat: string;
  netPriceCents: number | null;
  priceCents: number | null;
};

function shape(h: Hit): InventoryArticle {
  return {
    id: h.line.id,
    newsId: h.line.newsId,
    ordercatId: h.line.ordercatId,
    title: h.title,
    abstract: h.abstract,
    content: h.content,
    attachedFiles: [],
    items: h.line.stock,
    active: h.line.active ? 1 : 0,
    inventoryParams: { gender: (h.line.gender as 'm' | 'f' | null) ?? null, size: h.line.size, visibility: h.line.visible },
    categoryParams: {
      cat: h.cat,
      netPrice: h.netPriceCents === null ? null : h.netPriceCents / 100,
      price: h.priceCents === null ? null : h.priceCents / 100,
    },
    updatedAt: rfc3339(h.line.updatedAt),
  };
}

const base = (db: AppDeps['db']) =>
  db
    .select(selection)
    .from(inventory)
    .innerJoin(news, eq(news.id, inventory.newsId))
    .innerJoin(orderCategories, eq(orderCategories.id, inventory.ordercatId));

async function actor(deps: AppDeps, callerId: number, orgId: number) {
  return actingOrg(await loadCaller(deps, callerId), orgId, [FORM_INVENTORY]);
}

export async function listInventory(deps: AppDeps, callerId: number, orgId: number, query: { q?: string; page: number; size: number }) {
  await actor(deps, callerId, orgId);
  const conditions = [eq(inventory.orgId, orgId)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(or(ilike(news.title, like), ilike(orderCategories.cat, like), ilike(inventory.size, like))!);
  }
  const where = and(...conditions);
  const rows = await base(deps.db)
    .where(where)
    .orderBy(asc(news.title), asc(inventory.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(inventory)
    .innerJoin(news, eq(news.id, inventory.newsId))
    .innerJoin(orderCategories, eq(orderCategories.id, inventory.ordercatId))
    .where(where);
  return { items: rows.map(shape), total: n };
}

async function checkLine(db: AppDeps['db'], orgId: number, input: InventoryInput) {
  const [article] = await db.select({ orgId: news.orgId, categories: news.categories }).from(news).where(eq(news.id, input.newsId));
  if (!article || article.orgId !== orgId || !article.categories.includes(WEBSHOP_CATEGORY)) {
    throw new ApiError(422, 'validation', 'The article must be one of the organisation’s news in category "webshop"', {
      field: 'newsId',
      rule: 'notWebshop',
      value: input.newsId,
    });
  }
  const [category] = await db.select({ id: orderCategories.id }).from(orderCategories).where(eq(orderCategories.id, input.ordercatId));
  if (!category)
    throw new ApiError(422, 'validation', 'There is no such order category', {
      field: 'ordercatId',
      rule: 'unknown',
      value: input.ordercatId,
    });
  const size = input.inventoryParams.size || null;
  if (size !== null && !INVENTORY_SIZES.includes(size))
    throw new ApiError(422, 'validation', `No such size: ${size}`, { field: 'inventoryParams.size', rule: 'sizeInvalid', value: size });
  return {
    orgId,
    newsId: input.newsId,
    ordercatId: input.ordercatId,
    stock: input.items,
    active: input.active,
    gender: input.inventoryParams.gender ?? null,
    size,
    visible: input.inventoryParams.visibility ?? true,
  };
}

const duplicate = () => new ApiError(409, 'duplicate', 'This article is in the inventory already with this category, gender and size');

async function answer(db: AppDeps['db'], id: number) {
  const [hit] = await base(db).where(eq(inventory.id, id));
  return shape(hit);
}

export async function createInventory(deps: AppDeps, callerId: number, orgId: number, input: InventoryInput): Promise<InventoryArticle> {
  const org = await actor(deps, callerId, orgId);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inventory)
        .values(await checkLine(tx, orgId, input))
        .returning({ id: inventory.id });
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: org.id,
        entity: 'news',
        entityId: input.newsId,
        action: 'update',
        after: { inventory: row.id, stock: input.items },
      });
      return answer(tx, row.id);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'inventory_line') throw duplicate();
    throw err;
  }
}

export async function updateInventory(deps: AppDeps, callerId: number, orgId: number, input: InventoryUpdate): Promise<InventoryArticle> {
  const org = await actor(deps, callerId, orgId);
  try {
    return await deps.db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ line: inventory, fresh: sql<boolean>`${inventory.updatedAt} = ${input.updatedAt}::timestamptz` })
        .from(inventory)
        .where(and(eq(inventory.id, input.id), eq(inventory.orgId, orgId)))
        .for('update');
      if (!lock) throw notFound('No such inventory line');
      if (!lock.fresh)
        throw new ApiError(409, 'stale', 'The line was changed in the meantime; reload it', { value: rfc3339(lock.line.updatedAt) });
      const values = await checkLine(tx, orgId, input);
      await tx
        .update(inventory)
        .set({ ...values, updatedAt: sql`greatest(clock_timestamp(), ${inventory.updatedAt} + interval '1 millisecond')` })
        .where(eq(inventory.id, input.id));
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: org.id,
        entity: 'news',
        entityId: input.newsId,
        action: 'update',
        before: { inventory: input.id, stock: lock.line.stock },
        after: { inventory: input.id, stock: input.items },
      });
      return answer(tx, input.id);
    });
  } catch (err) {
    if (uniqueViolation(err) === 'inventory_line') throw duplicate();
    throw err;
  }
}

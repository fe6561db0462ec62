import { and, asc, eq, sql } from 'drizzle-orm';
import { isVisibleTo } from '@/lib/domain/orders/categories';
import { centsToEuros } from '@/lib/domain/orders/money';
import type { OrderCategoryValues } from '@/lib/schemas/order-categories';
import type { OrderCategory } from '@/lib/schemas/orders';
import type { CategoryGroup } from '@/lib/domain/orders/categories';
import { orderCategories, orders } from '../../db/schema';
import { uniqueViolation } from '../../db/db-errors';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';
import { categoryEditor, categoryViewer, loadOrderOrg, orderReader } from './order-access';

/**
 * Order categories: what the federation sells and at which price. Read by every order screen
 * (each organisation sees its side of the KOOP split), written by the federation's category form.
 */

export type CategoryRow = typeof orderCategories.$inferSelect;

const euros = (cents: number | null) => (cents === null ? null : centsToEuros(cents));

export function categoryShape(row: CategoryRow): OrderCategory {
  return {
    id: row.id,
    cat: row.cat,
    params: {
      year: row.year,
      price: euros(row.priceCents),
      netPrice: euros(row.netPriceCents),
      memberNetPrice: euros(row.memberNetPriceCents),
      weight: row.weightGrams,
      group: row.group as CategoryGroup,
      category: row.ageBands.map((b) => ({
        age: [b.min, b.max] as [number, number],
        license: centsToEuros(b.licenceCents),
        print: centsToEuros(b.printCents),
      })),
    },
    updatedAt: rfc3339(row.updatedAt),
  };
}

/** GET /order/categories: newest year first, then by name. `orgId`: only what that organisation sees. */
export async function listCategories(deps: AppDeps, callerId: number, orgId?: number): Promise<OrderCategory[]> {
  let visible: (cat: string) => boolean;
  if (orgId !== undefined) {
    const org = await loadOrderOrg(deps, orgId);
    await orderReader(deps, callerId, org);
    visible = (cat) => isVisibleTo(cat, org.coopPartner);
  } else {
    const viewer = await categoryViewer(deps, callerId);
    visible = (cat) => viewer.all || [...viewer.coop].some((coop) => isVisibleTo(cat, coop));
  }
  const rows = await deps.db
    .select()
    .from(orderCategories)
    .orderBy(sql`${orderCategories.year} desc nulls last`, asc(orderCategories.cat));
  return rows.filter((r) => visible(r.cat)).map(categoryShape);
}

/** The columns a write sets; age bands left out (undefined) stay as they are, null clears them. */
function columns(v: OrderCategoryValues) {
  const bands = v.params.category;
  return {
    cat: v.cat,
    group: v.params.group,
    year: v.params.year,
    priceCents: v.params.price,
    netPriceCents: v.params.netPrice,
    memberNetPriceCents: v.params.memberNetPrice,
    weightGrams: v.params.weight,
    ...(bands === undefined ? {} : { ageBands: [...(bands ?? [])].sort((a, b) => a.min - b.min) }),
  };
}

const nameTaken = (cat: string) =>
  new ApiError(409, 'category_exists', `A category named ${cat} exists already`, { field: 'cat', value: cat });

/** POST /v2/admin/{orgId}/category: a new category (federation only). */
export async function createCategory(deps: AppDeps, callerId: number, actingOrgId: number, v: OrderCategoryValues): Promise<OrderCategory> {
  const actor = await categoryEditor(deps, callerId, actingOrgId);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orderCategories)
        .values({ ageBands: [], ...columns(v) })
        .returning();
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: actor.id,
        entity: 'orderCategory',
        entityId: row.id,
        action: 'create',
        after: categoryShape(row),
      });
      return categoryShape(row);
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw nameTaken(v.cat);
    throw err;
  }
}

/**
 * PUT /v2/admin/{orgId}/category: changes a category as of the updatedAt the form loaded (409
 * `stale` otherwise). A category that orders name keeps its name (409 `category_in_use`), so no
 * order loses its category.
 */
export async function updateCategory(
  deps: AppDeps,
  callerId: number,
  actingOrgId: number,
  v: OrderCategoryValues & { id: number; updatedAt: string },
): Promise<OrderCategory> {
  const actor = await categoryEditor(deps, callerId, actingOrgId);
  try {
    return await deps.db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ fresh: sql<boolean>`${orderCategories.updatedAt} = ${v.updatedAt}::timestamptz`, before: orderCategories })
        .from(orderCategories)
        .where(eq(orderCategories.id, v.id))
        .for('update');
      if (!lock) throw notFound('No such order category');
      if (!lock.fresh)
        throw new ApiError(409, 'stale', 'The category was changed in the meantime; reload it', { value: rfc3339(lock.before.updatedAt) });
      if (lock.before.cat !== v.cat) {
        const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.category, lock.before.cat)).limit(1);
        if (used)
          throw new ApiError(409, 'category_in_use', `Orders name ${lock.before.cat}; it keeps its name`, {
            field: 'cat',
            value: lock.before.cat,
          });
      }
      const [row] = await tx
        .update(orderCategories)
        .set({ ...columns(v), updatedAt: sql`greatest(clock_timestamp(), ${orderCategories.updatedAt} + interval '1 millisecond')` })
        .where(and(eq(orderCategories.id, v.id)))
        .returning();
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: actor.id,
        entity: 'orderCategory',
        entityId: row.id,
        action: 'update',
        before: categoryShape(lock.before),
        after: categoryShape(row),
      });
      return categoryShape(row);
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw nameTaken(v.cat);
    throw err;
  }
}

/** A category by name, for the order calls; 422 when there is none. */
export async function categoryByName(deps: Pick<AppDeps, 'db'>, cat: string): Promise<CategoryRow> {
  const [row] = await deps.db.select().from(orderCategories).where(eq(orderCategories.cat, cat));
  if (!row) throw new ApiError(422, 'unknown_category', `There is no order category ${cat}`, { field: 'ordercat', value: cat });
  return row;
}

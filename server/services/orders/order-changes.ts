import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { isEmptyLicenceOrder } from '@/lib/domain/orders/status';
import type { Order } from '@/lib/schemas/orders';
import { orderItems, orders } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { orderOf, orderShape } from './order-read';

/**
 * What every change of an order does inside its transaction: lock the order, total it again from
 * its lines, keep its person count, answer it as the API shows it.
 */

export type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

/** Sets the order's total from its lines and moves updatedAt forward; answers the order row. */
export async function retotal(tx: Tx, orderId: number) {
  const [row] = await tx
    .update(orders)
    .set({
      totalCents: sql`(select coalesce(sum(${orderItems.priceCents} + ${orderItems.printCents}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      updatedAt: sql`greatest(clock_timestamp(), ${orders.updatedAt} + interval '1 millisecond')`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  return row;
}

/** Locks an order of `orgId` for the rest of the transaction; 404 when it is not one of theirs. */
export async function lockOrder(tx: Tx, orgId: number, orderId: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.orgId, orgId)))
    .for('update');
  if (!row) throw notFound('No such order of this organisation');
  return row;
}

export async function answer(tx: Tx, orgId: number, orderId: number): Promise<Order> {
  return orderShape(await orderOf(tx as unknown as AppDeps['db'], orgId, orderId));
}

export const auditShape = (o: typeof orders.$inferSelect) => ({
  category: o.category,
  status: o.status,
  completed: o.completed,
  total: o.totalCents / 100,
});

export async function syncMemberCount(tx: Tx, orderId: number) {
  await tx.execute(sql`
    update orders set
      summary = summary || jsonb_build_object('members', (select count(*) from order_items where order_id = ${orderId} and member_id is not null)),
      params = params || jsonb_build_object('members', (select count(*) from order_items where order_id = ${orderId} and member_id is not null))
    where id = ${orderId}`);
}

/**
 * Takes persons out of a locked, still created order and totals it again: 422 `not_in_order` for a
 * person who is not in it, 422 `order_empty` when no person would remain in a licence order.
 */
export async function takeOutPersons(tx: Tx, order: typeof orders.$inferSelect, memberIds: number[]) {
  const ids = [...new Set(memberIds)];
  const removed = await tx
    .delete(orderItems)
    .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.memberId, ids)))
    .returning({ memberId: orderItems.memberId });
  const missing = ids.find((id) => !removed.some((r) => r.memberId === id));
  if (missing !== undefined)
    throw new ApiError(422, 'not_in_order', `Member ${missing} is not in this order`, { field: 'members', value: missing });
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.memberId)));
  if (isEmptyLicenceOrder(order.category, left.n)) {
    throw new ApiError(422, 'order_empty', 'A licence order needs at least one person; refund the order instead of removing everyone', {
      field: 'members',
    });
  }
  const row = await retotal(tx, order.id);
  await syncMemberCount(tx, order.id);
  return { ids, row };
}

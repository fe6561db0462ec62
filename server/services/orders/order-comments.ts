import { eq, sql } from 'drizzle-orm';
import type { Order } from '@/lib/schemas/orders';
import { members, orders, type OrderComment } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { loadOrderOrg, orderDecider, orderPlacer } from './order-access';
import { answer, lockOrder } from './order-changes';

/** POST /order/{orgId}/comment/{orderId}: the ordering club and the federation talk about the order. */
export async function commentOrder(deps: AppDeps, callerId: number, orgId: number, orderId: number, text: string): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  try {
    await orderPlacer(deps, callerId, org);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 403) throw err;
    await orderDecider(deps, callerId).catch(() => {
      throw forbidden('You may not comment on the orders of this organisation');
    });
  }
  return deps.db.transaction(async (tx) => {
    await lockOrder(tx, org.id, orderId);
    const [author] = await tx
      .select({ firstName: members.firstName, surname: members.surname, uuid: members.uuid })
      .from(members)
      .where(eq(members.id, callerId));
    const comment: OrderComment = {
      name: author ? `${author.firstName} ${author.surname}` : '',
      content: text,
      user: callerId,
      uuid: author?.uuid ?? null,
      timestamp: new Date(deps.clock()).toISOString(),
    };
    await tx
      .update(orders)
      // A comment is not a change of the order: an open form on it does not turn stale.
      .set({ comments: sql`${orders.comments} || ${JSON.stringify([comment])}::jsonb` })
      .where(eq(orders.id, orderId));
    return answer(tx, org.id, orderId);
  });
}

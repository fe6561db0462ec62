import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { invoiceInForce, invoiceStep } from '@/lib/domain/orders/invoices';
import { decide, decisionForStatus, DECISION_STATUS, isEmptyLicenceOrder } from '@/lib/domain/orders/status';
import type { Order, orderUpdateSchema } from '@/lib/schemas/orders';
import { functionAssignments, orderItems, orders } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { assignLicenceNumbers } from '../licence-numbers';
import { rfc3339 } from '../timestamps';
import { cancelInvoice, issueInvoice, orderDocuments } from './invoices';
import { orderDecider } from './order-access';
import { answer, auditShape, lockOrder, takeOutPersons, type Tx } from './order-changes';
import { assignmentHeldBetween } from '../assignment-days';

/**
 * The federation's decisions on an order (release, refund, send back) with what follows from them:
 * licences granted or taken back, the invoice issued or cancelled.
 */

/**
 * PUT /order/{orgId}: the federation releases (status Freigegeben, completed today), refunds
 * (canceled) or sends back (Erstellt) an order, as of the updatedAt it loaded (409 `stale`).
 * Asking for the state the order is in already changes nothing. A release may take persons out
 * first (`removeMembers`): both in one transaction, so the version the user saw is the one checked
 * and the invoice totals what remains. An empty licence order is not released (409 `order_empty`).
 * A release issues the order's invoice; a refund or send-back of an invoiced order cancels it with
 * a cancellation invoice, and a later release issues a new invoice.
 */
export async function decideOrder(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  body: z.output<typeof orderUpdateSchema>,
): Promise<Order> {
  const actor = await orderDecider(deps, callerId);
  const decision = decisionForStatus(body.status)!;
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orgId, body.id);
    const verdict = decide(order, decision);
    if (verdict === 'unchanged') return answer(tx, orgId, order.id);
    const [fresh] = await tx
      .select({ fresh: sql<boolean>`${orders.updatedAt} = ${body.updatedAt}::timestamptz` })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (!fresh.fresh)
      throw new ApiError(409, 'stale', 'The order was changed in the meantime; reload it', { value: rfc3339(order.updatedAt) });
    if (verdict === 'refused')
      throw new ApiError(
        409,
        'invalid_transition',
        `A ${order.completed ? 'completed' : 'created'} order cannot be ${decision === 'release' ? 'released' : 'sent back'}`,
        { field: 'status', value: body.status },
      );
    let removed: number[] = [];
    if (body.removeMembers?.length) {
      if (decision !== 'release')
        throw new ApiError(422, 'validation', 'Persons are taken out only together with a release', {
          field: 'removeMembers',
          rule: 'releaseOnly',
        });
      removed = (await takeOutPersons(tx, order, body.removeMembers)).ids;
    }
    if (decision === 'release') {
      const [persons] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.memberId)));
      if (isEmptyLicenceOrder(order.category, persons.n))
        throw new ApiError(409, 'order_empty', 'A licence order without persons is not released; refund it instead', {
          field: 'status',
          value: body.status,
        });
    }
    let licences = 0;
    if (decision === 'release') {
      licences = await grantLicences(tx, order);
      // A person's first licence brings their licence number.
      if (licences > 0) await assignLicenceNumbers(tx, await grantedMemberIds(tx, order.id), callerId, actor.id);
    } else if (order.completed) {
      licences = -(await takeBackLicences(tx, order.id));
    }
    // Release issues an invoice (a new one after a cancellation); refund and send-back cancel the one in force.
    const inForce = invoiceInForce(await orderDocuments(tx, order.id));
    const step = invoiceStep(decision, inForce !== null);
    let invoiceNumber = inForce?.number ?? null;
    let cancellation: string | undefined;
    if (step === 'issue') invoiceNumber = (await issueInvoice(tx, order, today)).number;
    if (step === 'cancel') {
      cancellation = (await cancelInvoice(tx, inForce!, today)).number;
      invoiceNumber = null;
    }
    const [row] = await tx
      .update(orders)
      .set({
        status: DECISION_STATUS[decision],
        completed: decision === 'release' ? today : null,
        invoiceNumber,
        updatedAt: sql`greatest(clock_timestamp(), ${orders.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'order',
      entityId: order.id,
      action: 'status',
      before: { ...auditShape(order), invoiceNumber: order.invoiceNumber },
      after: {
        ...auditShape(row),
        invoiceNumber: row.invoiceNumber,
        licences,
        ...(cancellation ? { cancellation } : {}),
        ...(removed.length ? { removed } : {}),
      },
    });
    return answer(tx, orgId, order.id);
  });
}

/**
 * Release grants the licences: every person of a licence order gets function 29 for the
 * category's year in the ordering club (1 January to 31 December), unless a licence covering the
 * year is on record already. Each line remembers the licence it granted. Answers how many.
 */
async function grantLicences(tx: Tx, order: typeof orders.$inferSelect): Promise<number> {
  const { kind, year } = parseCategoryName(order.category);
  if (kind !== 'licence' || year === null) return 0;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const result = (await tx.execute(sql`
    with granted as (
      insert into ${functionAssignments} (member_id, org_id, role_id, date_from, date_to)
      select i.member_id, ${order.orgId}, ${FUNCTION_LICENCE}, ${from}, ${to}
      from ${orderItems} i
      where i.order_id = ${order.id} and i.member_id is not null and i.granted_assignment_id is null
        and not exists (
          select 1 from ${functionAssignments} f
          where f.member_id = i.member_id and f.role_id = ${FUNCTION_LICENCE} and ${assignmentHeldBetween(from, to, 'f')}
        )
      returning id, member_id
    )
    update ${orderItems} i set granted_assignment_id = granted.id
    from granted
    where i.order_id = ${order.id} and i.member_id = granted.member_id
    returning i.id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** The persons whose licence this order's release granted. */
async function grantedMemberIds(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await tx
    .select({ memberId: orderItems.memberId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.grantedAssignmentId), isNotNull(orderItems.memberId)));
  return rows.map((r) => r.memberId!);
}

/** A refund or send-back of a released order takes back the licences its release granted. */
async function takeBackLicences(tx: Tx, orderId: number): Promise<number> {
  const removed = await tx
    .delete(functionAssignments)
    .where(
      inArray(
        functionAssignments.id,
        tx.select({ id: orderItems.grantedAssignmentId }).from(orderItems).where(eq(orderItems.orderId, orderId)),
      ),
    )
    .returning({ id: functionAssignments.id });
  return removed.length;
}

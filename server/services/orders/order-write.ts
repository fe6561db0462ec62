import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { categoryOffers, mayOrderLicences } from '@/lib/domain/orders/availability';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { orderLines, type Refusal, type RequestedPerson } from '@/lib/domain/orders/order-lines';
import { clubFeeTotal } from '@/lib/domain/orders/pricing';
import { decide, decisionForStatus, DECISION_STATUS, isEmptyLicenceOrder, itemsEditable } from '@/lib/domain/orders/status';
import { invoiceInForce, invoiceStep } from '@/lib/domain/orders/invoices';
import type { Order } from '@/lib/schemas/orders';
import type { z } from 'zod';
import type { orderCreateSchema, orderMembersAddSchema, orderMembersRemoveSchema, orderUpdateSchema } from '@/lib/schemas/orders';
import { functionAssignments, members, orderItems, orders, type OrderComment } from '../../db/schema';
import { uniqueViolation } from '../../db/db-errors';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { assignLicenceNumbers } from '../licence-numbers';
import { rfc3339 } from '../timestamps';
import { categoryByName } from './categories';
import { cancelInvoice, issueInvoice, orderDocuments } from './invoices';
import { loadOrderOrg, orderDecider, orderPlacer, type OrderOrg } from './order-access';
import { orderOf, orderShape } from './order-read';
import { existingOrders, licenceCategoryFor, personRows } from './persons';

/**
 * Placing and changing orders. Each call is one transaction that locks the order it changes, reads
 * the facts the rules need inside it, and computes every price and the total from the category:
 * nothing a client sends about money is used. "One licence per person and year" and "one club fee
 * per year" are also unique indexes, so two parallel requests cannot both get through.
 */

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];

const BASE_LINE = 'Grundbetrag';

/** 422 naming the person and why they cannot be ordered, with the category's year the reason is about. */
function refusalError(refusal: Refusal, year?: number | null): ApiError {
  const why: Record<Refusal['reason'], string> = {
    noSafetyFirst: 'has no Safety First training',
    licenceActive: 'holds a licence for the year already',
    outsideAgeBands: 'is outside every age band of the category',
    alreadyOrdered: 'is in an order of this category already',
    noProfileImage: 'has no profile picture',
    seasonNotBelowYear: 'holds a licence for a season not below the category year',
    unknownPerson: 'is not an active member of this organisation',
    duplicateInRequest: 'is named twice',
  };
  return new ApiError(422, 'not_orderable', `Member ${refusal.memberId} ${why[refusal.reason]}`, { field: 'members', value: { id: refusal.memberId, reason: refusal.reason, ...(year ? { year } : {}) } });
}

/** The member a unique violation on order_items_one_per_person names ("Key (member_id, category)=(123, …)"). */
function personOfViolation(err: unknown, fallback: number): number {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const m = /\(member_id, category\)=\((\d+),/.exec(String((e as { detail?: unknown }).detail ?? ''));
    if (m) return Number(m[1]);
  }
  return fallback;
}

/** Runs `work`; a parallel request that ordered the same person or fee first turns into the refusal a sequential one gets. */
async function refusingDoubles<T>(requested: readonly number[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const index = uniqueViolation(err);
    if (index === 'order_items_one_per_person') throw refusalError({ memberId: personOfViolation(err, requested[0] ?? 0), reason: 'alreadyOrdered' });
    if (index === 'orders_one_club_fee') throw new ApiError(409, 'already_ordered', 'This club fee is ordered already', { field: 'ordercat' });
    throw err;
  }
}

/** Priced lines of the requested persons, checked against the rules with facts read in `tx`. */
async function personLines(tx: Tx, org: OrderOrg, cat: string, requested: readonly RequestedPerson[], today: string) {
  const category = await licenceCategoryFor(tx as unknown as AppDeps['db'], org, cat);
  const rows = await personRows(
    tx as unknown as AppDeps['db'],
    org.id,
    cat,
    today,
    requested.map((r) => r.memberId),
  );
  const result = orderLines(requested, new Map(rows.map((r) => [r.id, r])), { year: category.year, ageBands: category.ageBands }, today);
  if (!result.ok) throw refusalError(result.refusal, category.year);
  return result.lines;
}

/** Sets the order's total from its lines and moves updatedAt forward; answers the order row. */
async function retotal(tx: Tx, orderId: number) {
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

const requestedOf = (list: ReadonlyArray<{ id: number | null; params: { print: boolean } }>): RequestedPerson[] =>
  list.filter((m): m is { id: number; params: { print: boolean } } => m.id !== null).map((m) => ({ memberId: m.id, print: m.params.print }));

/** Locks an order of `orgId` for the rest of the transaction; 404 when it is not one of theirs. */
async function lockOrder(tx: Tx, orgId: number, orderId: number) {
  const [row] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.orgId, orgId))).for('update');
  if (!row) throw notFound('No such order of this organisation');
  return row;
}

async function answer(tx: Tx, orgId: number, orderId: number): Promise<Order> {
  return orderShape(await orderOf(tx as unknown as AppDeps['db'], orgId, orderId));
}

const auditShape = (o: typeof orders.$inferSelect) => ({ category: o.category, status: o.status, completed: o.completed, total: o.totalCents / 100 });

/**
 * POST /order/{orgId}: a licence order with its persons (the base amount is added as its first
 * line), or a club fee order (one line: the category's price). The category must be offered to
 * the organisation now: its side of the KOOP split, and for licences the year's club fee paid
 * (not in the organisation's first year).
 */
export async function createOrder(deps: AppDeps, callerId: number, orgId: number, body: z.output<typeof orderCreateSchema>): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  const actor = await orderPlacer(deps, callerId, org);
  const today = todayIso(deps.clock());
  const cat = body.ordercat;
  const { kind, year } = parseCategoryName(cat);
  const requested = requestedOf(body.members);

  return refusingDoubles(
    requested.map((r) => r.memberId),
    () =>
      deps.db.transaction(async (tx) => {
        // One order at a time per organisation: the availability check below sees the orders placed before it.
        await tx.execute(sql`select pg_advisory_xact_lock(7700, ${org.id})`);
        // A category that does not exist is unknown, whatever its name promises (422 unknown_category).
        const category = await categoryByName({ db: tx as unknown as AppDeps['db'] }, cat);
        const existing = await existingOrders(tx as unknown as AppDeps['db'], org.id);
        const offer = categoryOffers([cat], org, existing, today)[0];
        if (!offer) throw new ApiError(422, 'category_not_offered', `${cat} is not offered to this organisation`, { field: 'ordercat', value: cat });

        let lines: Array<typeof orderItems.$inferInsert>;
        if (kind === 'licence') {
          if (!mayOrderLicences(cat, org, existing, today)) {
            const fee = offer.available ? undefined : 'clubFee' in offer ? offer.clubFee : undefined;
            throw new ApiError(422, 'club_fee_required', `Licences of ${cat} need the club fee ${fee ?? ''} paid first`.trim(), { field: 'ordercat', value: fee ?? cat });
          }
          if (isEmptyLicenceOrder(cat, requested.length)) throw new ApiError(422, 'validation', "'members' is required", { field: 'members', rule: 'required' });
          const persons = await personLines(tx, org, cat, requested, today);
          lines = [
            { label: BASE_LINE, priceCents: deps.env.orderBaseCents },
            ...persons.map((l) => ({ memberId: l.memberId, print: l.print, priceCents: l.priceCents, printCents: l.printCents })),
          ].map((l) => ({ ...l, orderId: 0, category: cat }));
        } else {
          if (!offer.available) throw new ApiError(409, 'already_ordered', 'This club fee is ordered already', { field: 'ordercat', value: cat });
          const fee = clubFeeTotal(category.priceCents);
          if (fee === null) throw new ApiError(422, 'category_without_price', `${cat} has no price`, { field: 'ordercat', value: cat });
          lines = [{ orderId: 0, category: cat, label: `Vereinsbeitrag ${year}`, priceCents: fee }];
        }

        const [order] = await tx
          .insert(orders)
          .values({
            orgId: org.id,
            category: cat,
            status: DECISION_STATUS.sendBack,
            contact: { address: org.name, street: org.street ?? undefined, zip: org.zip ?? undefined, city: org.city ?? undefined },
            createdBy: callerId,
          })
          .returning();
        await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: order.id })));
        const row = await retotal(tx, order.id);
        if (body.expectedTotal !== undefined && Math.round(body.expectedTotal * 100) !== row.totalCents) {
          // thrown inside the transaction: nothing is ordered at a total the user did not see
          throw new ApiError(409, 'price_changed', 'The prices changed since the total was shown; confirm the new total', { field: 'expectedTotal', value: row.totalCents / 100 });
        }
        const persons = lines.filter((l) => l.memberId).length;
        await tx.update(orders).set({ summary: { members: persons }, params: { members: persons } }).where(eq(orders.id, order.id));
        await recordAudit(tx, { actorId: callerId, actingOrgId: actor.id, entity: 'order', entityId: order.id, action: 'create', after: { ...auditShape(row), members: lines.flatMap((l) => (l.memberId ? [l.memberId] : [])) } });
        return answer(tx, org.id, order.id);
      }),
  );
}

/** POST /order/{orgId}/member/add: more persons in a licence order that is still created. */
export async function addOrderMembers(deps: AppDeps, callerId: number, orgId: number, body: z.output<typeof orderMembersAddSchema>): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  const actor = await orderPlacer(deps, callerId, org);
  const today = todayIso(deps.clock());
  const requested = requestedOf(body.members);
  if (requested.length === 0) throw new ApiError(422, 'validation', "'members' is required", { field: 'members', rule: 'required' });
  return refusingDoubles(
    requested.map((r) => r.memberId),
    () =>
      deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, org.id, body.id);
        if (order.category !== body.ordercat) throw new ApiError(422, 'validation', `The order is of ${order.category}, not ${body.ordercat}`, { field: 'ordercat', value: order.category });
        if (parseCategoryName(order.category).kind !== 'licence') throw new ApiError(422, 'category_not_offered', 'Persons are ordered in licence orders only', { field: 'ordercat' });
        if (!itemsEditable(order)) throw new ApiError(409, 'order_closed', 'The order is completed or refunded; its persons cannot change');
        const lines = await personLines(tx, org, order.category, requested, today);
        await tx.insert(orderItems).values(lines.map((l) => ({ orderId: order.id, category: order.category, memberId: l.memberId, print: l.print, priceCents: l.priceCents, printCents: l.printCents })));
        const row = await retotal(tx, order.id);
        await syncMemberCount(tx, order.id);
        await recordAudit(tx, { actorId: callerId, actingOrgId: actor.id, entity: 'order', entityId: order.id, action: 'update', before: auditShape(order), after: { ...auditShape(row), added: lines.map((l) => l.memberId) } });
        return answer(tx, org.id, order.id);
      }),
  );
}

async function syncMemberCount(tx: Tx, orderId: number) {
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
async function takeOutPersons(tx: Tx, order: typeof orders.$inferSelect, memberIds: number[]) {
  const ids = [...new Set(memberIds)];
  const removed = await tx
    .delete(orderItems)
    .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.memberId, ids)))
    .returning({ memberId: orderItems.memberId });
  const missing = ids.find((id) => !removed.some((r) => r.memberId === id));
  if (missing !== undefined) throw new ApiError(422, 'not_in_order', `Member ${missing} is not in this order`, { field: 'members', value: missing });
  const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.memberId)));
  if (isEmptyLicenceOrder(order.category, left.n)) {
    throw new ApiError(422, 'order_empty', 'A licence order needs at least one person; refund the order instead of removing everyone', { field: 'members' });
  }
  const row = await retotal(tx, order.id);
  await syncMemberCount(tx, order.id);
  return { ids, row };
}

/** POST /order/{orgId}/member/remove: takes persons out of an order that is still created. */
export async function removeOrderMembers(deps: AppDeps, callerId: number, orgId: number, body: z.output<typeof orderMembersRemoveSchema>): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  const actor = await orderPlacer(deps, callerId, org);
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, org.id, body.id);
    if (!itemsEditable(order)) throw new ApiError(409, 'order_closed', 'The order is completed or refunded; its persons cannot change');
    const { ids, row } = await takeOutPersons(tx, order, body.members);
    await recordAudit(tx, { actorId: callerId, actingOrgId: actor.id, entity: 'order', entityId: order.id, action: 'update', before: auditShape(order), after: { ...auditShape(row), removed: ids } });
    return answer(tx, org.id, order.id);
  });
}

/**
 * PUT /order/{orgId}: the federation releases (status Freigegeben, completed today), refunds
 * (canceled) or sends back (Erstellt) an order, as of the updatedAt it loaded (409 `stale`).
 * Asking for the state the order is in already changes nothing. A release may take persons out
 * first (`removeMembers`): both in one transaction, so the version the user saw is the one checked
 * and the invoice totals what remains. An empty licence order is not released (409 `order_empty`).
 * A release issues the order's invoice; a refund or send-back of an invoiced order cancels it with
 * a cancellation invoice, and a later release issues a new invoice.
 */
export async function decideOrder(deps: AppDeps, callerId: number, orgId: number, body: z.output<typeof orderUpdateSchema>): Promise<Order> {
  const actor = await orderDecider(deps, callerId);
  const decision = decisionForStatus(body.status)!;
  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orgId, body.id);
    const verdict = decide(order, decision);
    if (verdict === 'unchanged') return answer(tx, orgId, order.id);
    const [fresh] = await tx.select({ fresh: sql<boolean>`${orders.updatedAt} = ${body.updatedAt}::timestamptz` }).from(orders).where(eq(orders.id, order.id));
    if (!fresh.fresh) throw new ApiError(409, 'stale', 'The order was changed in the meantime; reload it', { value: rfc3339(order.updatedAt) });
    if (verdict === 'refused') throw new ApiError(409, 'invalid_transition', `A ${order.completed ? 'completed' : 'created'} order cannot be ${decision === 'release' ? 'released' : 'sent back'}`, { field: 'status', value: body.status });
    let removed: number[] = [];
    if (body.removeMembers?.length) {
      if (decision !== 'release') throw new ApiError(422, 'validation', 'Persons are taken out only together with a release', { field: 'removeMembers', rule: 'releaseOnly' });
      removed = (await takeOutPersons(tx, order, body.removeMembers)).ids;
    }
    if (decision === 'release') {
      const [persons] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.memberId)));
      if (isEmptyLicenceOrder(order.category, persons.n)) throw new ApiError(409, 'order_empty', 'A licence order without persons is not released; refund it instead', { field: 'status', value: body.status });
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
      after: { ...auditShape(row), invoiceNumber: row.invoiceNumber, licences, ...(cancellation ? { cancellation } : {}), ...(removed.length ? { removed } : {}) },
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
          where f.member_id = i.member_id and f.role_id = ${FUNCTION_LICENCE} and f.date_from <= ${to} and f.date_to >= ${from}
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
    .where(inArray(functionAssignments.id, tx.select({ id: orderItems.grantedAssignmentId }).from(orderItems).where(eq(orderItems.orderId, orderId))))
    .returning({ id: functionAssignments.id });
  return removed.length;
}

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
    const [author] = await tx.select({ firstName: members.firstName, surname: members.surname, uuid: members.uuid }).from(members).where(eq(members.id, callerId));
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


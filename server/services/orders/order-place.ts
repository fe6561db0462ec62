import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIso } from '@/lib/domain/dates';
import { categoryOffers, CREATED_STATUS } from '@/lib/domain/orders/availability';
import type { AgeBand } from '@/lib/domain/orders/age-bands';
import { orderLines, type Refusal, type RequestedPerson } from '@/lib/domain/orders/order-lines';
import { clubFeeTotal } from '@/lib/domain/orders/pricing';
import { isEmptyLicenceOrder, itemsEditable } from '@/lib/domain/orders/status';
import type { Order, orderCreateSchema, orderMembersAddSchema, orderMembersRemoveSchema } from '@/lib/schemas/orders';
import { orderCategories, orderItems, orders } from '../../db/schema';
import { uniqueViolation } from '../../db/db-errors';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { categoryByName } from './categories';
import { answer, auditShape, lockOrder, retotal, syncMemberCount, takeOutPersons, type Tx } from './order-changes';
import { loadOrderOrg, orderPlacer, type OrderOrg } from './order-access';
import { existingOrders, licenceCategoryFor, licenceFacts, personRows } from './persons';

/**
 * Placing orders and changing their persons. Each call is one transaction that locks the order it
 * changes, reads the facts the rules need inside it, and computes every price and the total from
 * the category: nothing a client sends about money is used. "One licence per person and year" and
 * "one club fee per year" are also unique indexes, so two parallel requests cannot both get through.
 */

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
  return new ApiError(422, 'not_orderable', `Member ${refusal.memberId} ${why[refusal.reason]}`, {
    field: 'members',
    value: { id: refusal.memberId, reason: refusal.reason, ...(year ? { year } : {}) },
  });
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
    if (index === 'order_items_one_per_person')
      throw refusalError({ memberId: personOfViolation(err, requested[0] ?? 0), reason: 'alreadyOrdered' });
    if (index === 'orders_one_club_fee')
      throw new ApiError(409, 'already_ordered', 'This club fee is ordered already', { field: 'ordercat' });
    throw err;
  }
}

/** Priced lines of the requested persons, checked against the rules with facts read in `tx`. */
async function personLines(
  tx: Tx,
  orgId: number,
  cat: string,
  category: { year: number; ageBands: AgeBand[] },
  requested: readonly RequestedPerson[],
  today: string,
) {
  const rows = await personRows(
    tx as unknown as AppDeps['db'],
    orgId,
    cat,
    today,
    requested.map((r) => r.memberId),
  );
  const result = orderLines(requested, new Map(rows.map((r) => [r.id, r])), { year: category.year, ageBands: category.ageBands }, today);
  if (!result.ok) throw refusalError(result.refusal, category.year);
  return result.lines;
}

const requestedOf = (list: ReadonlyArray<{ id: number | null; params: { print: boolean } }>): RequestedPerson[] =>
  list
    .filter((m): m is { id: number; params: { print: boolean } } => m.id !== null)
    .map((m) => ({ memberId: m.id, print: m.params.print }));

type NewLine = Omit<typeof orderItems.$inferInsert, 'orderId' | 'category'>;
type NewOrder = {
  org: Pick<OrderOrg, 'id' | 'name' | 'street' | 'zip' | 'city'>;
  category: string;
  lines: NewLine[];
  createdBy: number;
  /** The organisation the audit entry names as acting. */
  actingOrgId: number;
  params?: Record<string, unknown>;
  summary?: Record<string, unknown>;
  /** More facts for the audit entry. */
  audit?: Record<string, unknown>;
};

/**
 * How every order comes into being (the wizard's, a tournament's fee): created, addressed to the
 * organisation, with its lines, totalled from them, and recorded in the audit log.
 */
export async function insertOrder(tx: Tx, o: NewOrder) {
  const [order] = await tx
    .insert(orders)
    .values({
      orgId: o.org.id,
      category: o.category,
      status: CREATED_STATUS,
      contact: { address: o.org.name, street: o.org.street ?? undefined, zip: o.org.zip ?? undefined, city: o.org.city ?? undefined },
      createdBy: o.createdBy,
      ...(o.params ? { params: o.params } : {}),
      ...(o.summary ? { summary: o.summary } : {}),
    })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values(o.lines.map((l) => ({ ...l, orderId: order.id, category: o.category })));
  const row = await retotal(tx, order.id);
  await recordAudit(tx, {
    actorId: o.createdBy,
    actingOrgId: o.actingOrgId,
    entity: 'order',
    entityId: order.id,
    action: 'create',
    after: { ...auditShape(row), ...o.audit },
  });
  return row;
}

/**
 * A fee of one line at the price of category `cat` (e.g. a tournament's fee when the federation
 * approves it); null, and nothing ordered, when there is no such category or it has no price.
 */
export async function placeFeeOrder(
  tx: Tx,
  fee: { orgId: number; cat: string; label: string; createdBy: number; params: Record<string, unknown> },
): Promise<number | null> {
  const [category] = await tx.select().from(orderCategories).where(eq(orderCategories.cat, fee.cat));
  if (!category || category.priceCents === null) return null;
  const org = await loadOrderOrg({ db: tx as unknown as AppDeps['db'] }, fee.orgId);
  const row = await insertOrder(tx, {
    org,
    category: fee.cat,
    lines: [{ label: fee.label, priceCents: category.priceCents }],
    createdBy: fee.createdBy,
    actingOrgId: fee.orgId,
    params: fee.params,
    audit: fee.params,
  });
  return row.id;
}

/**
 * POST /order/{orgId}: a licence order with its persons (the base amount is added as its first
 * line), or a club fee order (one line: the category's price). The category must be offered to
 * the organisation now: its side of the KOOP split, and for licences the year's club fee paid
 * (not in the organisation's first year).
 */
export async function createOrder(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  body: z.output<typeof orderCreateSchema>,
): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  const actor = await orderPlacer(deps, callerId, org);
  const today = todayIso(deps.clock());
  const cat = body.ordercat;
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
        // the offer says what the name means (licence or club fee, its year): read once
        const offer = categoryOffers([cat], org, existing, today)[0];
        if (!offer)
          throw new ApiError(422, 'category_not_offered', `${cat} is not offered to this organisation`, { field: 'ordercat', value: cat });

        let lines: NewLine[];
        if (offer.kind === 'licence') {
          if (!offer.available) {
            const fee = 'clubFee' in offer ? offer.clubFee : undefined;
            throw new ApiError(422, 'club_fee_required', `Licences of ${cat} need the club fee ${fee ?? ''} paid first`.trim(), {
              field: 'ordercat',
              value: fee ?? cat,
            });
          }
          if (isEmptyLicenceOrder(offer, requested.length))
            throw new ApiError(422, 'validation', "'members' is required", { field: 'members', rule: 'required' });
          const persons = await personLines(tx, org.id, cat, licenceFacts(category, org, offer.kind), requested, today);
          lines = [
            { label: BASE_LINE, priceCents: deps.env.orderBaseCents },
            ...persons.map((l) => ({ memberId: l.memberId, print: l.print, priceCents: l.priceCents, printCents: l.printCents })),
          ];
        } else {
          if (!offer.available)
            throw new ApiError(409, 'already_ordered', 'This club fee is ordered already', { field: 'ordercat', value: cat });
          const fee = clubFeeTotal(category.priceCents);
          if (fee === null) throw new ApiError(422, 'category_without_price', `${cat} has no price`, { field: 'ordercat', value: cat });
          lines = [{ label: `Vereinsbeitrag ${offer.year}`, priceCents: fee }];
        }

        const memberIds = lines.flatMap((l) => (l.memberId ? [l.memberId] : []));
        const count = { members: memberIds.length };
        const row = await insertOrder(tx, {
          org,
          category: cat,
          lines,
          createdBy: callerId,
          actingOrgId: actor.id,
          params: count,
          summary: count,
          audit: { members: memberIds },
        });
        if (body.expectedTotal !== undefined && Math.round(body.expectedTotal * 100) !== row.totalCents) {
          // thrown inside the transaction: nothing is ordered at a total the user did not see
          throw new ApiError(409, 'price_changed', 'The prices changed since the total was shown; confirm the new total', {
            field: 'expectedTotal',
            value: row.totalCents / 100,
          });
        }
        return answer(tx, org.id, row.id);
      }),
  );
}

/**
 * The frame of a change to the persons of a created order: the caller may order for the
 * organisation, the order is locked and still editable, then the change, its audit entry and the
 * answer, all in one transaction.
 */
async function changeOrderPersons(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  orderId: number,
  change: (
    tx: Tx,
    org: OrderOrg,
    order: typeof orders.$inferSelect,
  ) => Promise<{ row: Awaited<ReturnType<typeof retotal>>; changed: Record<string, number[]> }>,
): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  const actor = await orderPlacer(deps, callerId, org);
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, org.id, orderId);
    if (!itemsEditable(order)) throw new ApiError(409, 'order_closed', 'The order is completed or refunded; its persons cannot change');
    const { row, changed } = await change(tx, org, order);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'order',
      entityId: order.id,
      action: 'update',
      before: auditShape(order),
      after: { ...auditShape(row), ...changed },
    });
    return answer(tx, org.id, order.id);
  });
}

/** POST /order/{orgId}/member/add: more persons in a licence order that is still created. */
export async function addOrderMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  body: z.output<typeof orderMembersAddSchema>,
): Promise<Order> {
  const today = todayIso(deps.clock());
  const requested = requestedOf(body.members);
  return refusingDoubles(
    requested.map((r) => r.memberId),
    () =>
      changeOrderPersons(deps, callerId, orgId, body.id, async (tx, org, order) => {
        if (requested.length === 0) throw new ApiError(422, 'validation', "'members' is required", { field: 'members', rule: 'required' });
        if (order.category !== body.ordercat)
          throw new ApiError(422, 'validation', `The order is of ${order.category}, not ${body.ordercat}`, {
            field: 'ordercat',
            value: order.category,
          });
        // 422 category_not_offered unless a licence category: persons are ordered in licence orders only
        const category = await licenceCategoryFor(tx as unknown as AppDeps['db'], org, order.category);
        const lines = await personLines(tx, org.id, order.category, category, requested, today);
        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: order.id,
            category: order.category,
            memberId: l.memberId,
            print: l.print,
            priceCents: l.priceCents,
            printCents: l.printCents,
          })),
        );
        const row = await retotal(tx, order.id);
        await syncMemberCount(tx, order.id);
        return { row, changed: { added: lines.map((l) => l.memberId) } };
      }),
  );
}

/** POST /order/{orgId}/member/remove: takes persons out of an order that is still created. */
export async function removeOrderMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  body: z.output<typeof orderMembersRemoveSchema>,
): Promise<Order> {
  return changeOrderPersons(deps, callerId, orgId, body.id, async (tx, _org, order) => {
    const { ids, row } = await takeOutPersons(tx, order, body.members);
    return { row, changed: { removed: ids } };
  });
}

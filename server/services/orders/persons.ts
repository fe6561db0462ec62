import { eq, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import type { AgeBand } from '@/lib/domain/orders/age-bands';
import { categoryOffers, type ExistingOrder } from '@/lib/domain/orders/availability';
import { isVisibleTo, parseCategoryName } from '@/lib/domain/orders/categories';
import { eligibility, SAFETY_FIRST_TRAINING_ID, type PersonFacts } from '@/lib/domain/orders/eligibility';
import { centsToEuros } from '@/lib/domain/orders/money';
import { personPrice } from '@/lib/domain/orders/pricing';
import { PERSONS_PAGE_SIZE } from '@/lib/domain/page-sizes';
import type { CategoryOfferAnswer, PersonsForOrdering, PersonsForOrderingQuery } from '@/lib/schemas/orders';
import { orderCategories, orders } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { categoryByName, type CategoryRow } from './categories';
import { loadOrderOrg, orderPlacer, type OrderOrg } from './order-access';
import { idList } from '../../db/sql-list';
import { searchCondition } from '../members/member-list';
import { assignmentHeldOn } from '../assignment-days';

/**
 * The persons a club can order licences for (its active members) with the facts the eligibility
 * rules need, and the categories the wizard offers the club. Both are read fresh inside the
 * transaction that writes an order, so what was checked is what is written.
 */

type Db = AppDeps['db'];

export type PersonRow = PersonFacts & {
  id: number;
  firstName: string;
  surname: string;
  regNr: string | null;
  gender: 'm' | 'w' | 'd';
  uuid: string | null;
  /** Categories the person is in a live order of. */
  orders: string[];
};

/** One page of the persons matching the search words (every word in the member's search text). */
export type PersonWindow = { q?: string; limit: number; offset: number };

const isMemberOf = (orgId: number, today: string) => sql`exists (
      select 1 from function_assignments a
      where a.member_id = m.id and a.org_id = ${orgId} and a.role_id = ${FUNCTION_MEMBERSHIP} and ${assignmentHeldOn(today, 'a')}
    )`;

/**
 * The active members of `orgId` (membership, function 32, active today), or only those of
 * `memberIds`, or one window of them, with their licences, Safety First, profile picture and live
 * orders. A window finds and cuts its page first and reads the facts of those rows only, and
 * counts the matches in the same statement (`total` of each row).
 */
export async function personRows(
  db: Db,
  orgId: number,
  cat: string,
  today: string,
  memberIds?: readonly number[],
  window?: PersonWindow,
): Promise<Array<PersonRow & { total: number }>> {
  const only = memberIds ? sql`and m.id in ${idList(memberIds)}` : sql``;
  const words = window && searchCondition(window.q, sql`m.search_text`);
  // A window takes the club's members from the memberships' covering index (fa_org_role_idx),
  // finds and sorts them by name with only their id and sort keys (narrow rows, no member row
  // read), cuts the page, and only then reads the page's members; `|| ''` keeps the planner from
  // walking the whole name index of every member, checking each one.
  const source = window
    ? sql`(select m.*, p.total from (
          select m.id, count(*) over ()::int as total from members m
          where m.id in (select a.member_id from function_assignments a
            where a.org_id = ${orgId} and a.role_id = ${FUNCTION_MEMBERSHIP} and ${assignmentHeldOn(today, 'a')})
          ${only} ${words ? sql`and ${words}` : sql``}
          order by (m.sort_surname || ''), m.sort_first_name, m.id limit ${window.limit} offset ${window.offset}) p
        join members m on m.id = p.id) m`
    : sql`(select m.*, null::int as total from members m where ${isMemberOf(orgId, today)} ${only}) m`;
  const result = (await db.execute(sql`
    select m.id, m.first_name, m.surname, m.reg_nr, m.birth_date::text as birth_date, m.gender::text as gender, m.uuid::text as uuid, m.total,
      coalesce((select json_agg(json_build_object('dateFrom', f.date_from::text, 'dateTo', f.date_to::text))
                from function_assignments f where f.member_id = m.id and f.role_id = ${FUNCTION_LICENCE}), '[]'::json) as licences,
      exists(select 1 from member_trainings t where t.member_id = m.id and t.training_id = ${SAFETY_FIRST_TRAINING_ID}) as safety_first,
      coalesce((select json_agg(distinct i.category) from order_items i where i.member_id = m.id and not i.order_canceled), '[]'::json) as orders
    from ${source}
    order by m.sort_surname, m.sort_first_name, m.id`)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((r) => {
    const live = (typeof r.orders === 'string' ? JSON.parse(r.orders) : r.orders) as string[];
    const licences = (typeof r.licences === 'string' ? JSON.parse(r.licences) : r.licences) as PersonFacts['licences'];
    return {
      id: Number(r.id),
      firstName: String(r.first_name),
      surname: String(r.surname),
      regNr: (r.reg_nr as string | null) ?? null,
      gender: r.gender as PersonRow['gender'],
      uuid: (r.uuid as string | null) ?? null,
      birthDate: String(r.birth_date),
      licences,
      hasSafetyFirst: Boolean(r.safety_first),
      hasProfileImage: r.uuid !== null && r.uuid !== undefined,
      alreadyOrdered: live.includes(cat),
      orders: live,
      total: Number(r.total ?? 0),
    };
  });
}

/**
 * A licence category the organisation sees (its side of the KOOP split), with its year and age
 * bands; 422 otherwise. `kind` when the caller has read the name already.
 */
export function licenceFacts(category: CategoryRow, org: Pick<OrderOrg, 'coopPartner'>, kind = parseCategoryName(category.cat).kind) {
  const cat = category.cat;
  if (kind !== 'licence' || category.year === null || !isVisibleTo(cat, org.coopPartner)) {
    throw new ApiError(422, 'category_not_offered', `${cat} is not a licence category this organisation can order`, {
      field: 'ordercat',
      value: cat,
    });
  }
  return { ...category, year: category.year, ageBands: category.ageBands as AgeBand[] };
}

/** licenceFacts of the category named `cat`. */
export async function licenceCategoryFor(db: Db, org: OrderOrg, cat: string) {
  return licenceFacts(await categoryByName({ db }, cat), org);
}

/**
 * GET /order/{orgId}/persons?ordercat=: the wizard's persons step. With a page, size or search
 * words one page (PERSONS_PAGE_SIZE by default) and how many match; without, every person.
 */
export async function personsForOrdering(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  query: PersonsForOrderingQuery,
): Promise<PersonsForOrdering> {
  const cat = query.ordercat;
  const org = await loadOrderOrg(deps, orgId);
  await orderPlacer(deps, callerId, org);
  const category = await licenceCategoryFor(deps.db, org, cat);
  const today = todayIso(deps.clock());
  const paged = query.page !== undefined || query.size !== undefined || query.q !== undefined;
  const size = query.size ?? PERSONS_PAGE_SIZE;
  const window = paged ? { q: query.q, limit: size, offset: ((query.page ?? 1) - 1) * size } : undefined;
  const rows = await personRows(deps.db, org.id, cat, today, undefined, window);
  // A page past the end has no row to carry the total: count on its own.
  const total = !window
    ? undefined
    : rows.length > 0 || window.offset === 0
      ? (rows[0]?.total ?? 0)
      : ((await personRows(deps.db, org.id, cat, today, undefined, { ...window, offset: 0, limit: 1 }))[0]?.total ?? 0);
  const facts = { year: category.year, ageBands: category.ageBands };
  return {
    ordercat: cat,
    ...(total === undefined ? {} : { total }),
    year: category.year,
    baseAmount: centsToEuros(deps.env.orderBaseCents),
    persons: rows.map((p) => {
      const check = eligibility(p, facts, today);
      const price = check.band ? personPrice(category.ageBands, check.age, { order: true, print: true })! : null;
      return {
        id: p.id,
        name: `${p.firstName} ${p.surname}`,
        regNr: p.regNr,
        birthDate: p.birthDate,
        age: check.age,
        gender: p.gender,
        license: check.licenceDate,
        season: check.season,
        safetyFirst: p.hasSafetyFirst,
        orders: p.orders,
        uuid: p.uuid,
        active: check.active,
        disabled: check.disabled,
        alreadyOrdered: check.alreadyOrdered,
        reasons: check.reasons,
        print: centsToEuros(price?.printCents ?? 0),
        order: centsToEuros(price?.licenceCents ?? 0),
        sum: centsToEuros(price?.sumCents ?? 0),
      };
    }),
  };
}

/** The organisation's orders as the availability rules read them. */
export async function existingOrders(db: Db, orgId: number): Promise<ExistingOrder[]> {
  return db.select({ category: orders.category, status: orders.status }).from(orders).where(eq(orders.orgId, orgId));
}

/** GET /order/{orgId}/offers: the categories the wizard offers the organisation, with why one cannot be chosen. */
export async function categoryOffersFor(deps: AppDeps, callerId: number, orgId: number): Promise<CategoryOfferAnswer[]> {
  const org = await loadOrderOrg(deps, orgId);
  await orderPlacer(deps, callerId, org);
  const cats = await deps.db
    .select({ cat: orderCategories.cat, priceCents: orderCategories.priceCents })
    .from(orderCategories)
    .orderBy(sql`${orderCategories.year} nulls last`, orderCategories.cat);
  const prices = new Map(cats.map((c) => [c.cat, c.priceCents]));
  const offers = categoryOffers(
    cats.map((c) => c.cat),
    org,
    await existingOrders(deps.db, org.id),
    todayIso(deps.clock()),
  );
  return offers.map((o) => {
    const cents = o.kind === 'clubFee' ? (prices.get(o.cat) ?? null) : null;
    return { ...o, price: cents === null ? null : centsToEuros(cents) };
  });
}

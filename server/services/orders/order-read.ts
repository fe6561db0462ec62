import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { CSV_BOM, CSV_LINE_END, csvLine } from '@/lib/csv';
import { centsToEuros } from '@/lib/domain/orders/money';
import { invoiceReference, orderNumber } from '@/lib/domain/orders/order-number';
import { paymentRequestOffered } from '@/lib/domain/orders/invoices';
import { orderState, type OrderState } from '@/lib/domain/orders/status';
import { orderAge } from '@/lib/domain/orders/age-bands';
import { searchWords } from '@/lib/domain/search-fold';
import type { Order, OrderItem, OrderListQuery, OrderPage, OrderReportPage, OrderReportQuery } from '@/lib/schemas/orders';
import { foldSql, members, orderInvoices, orderItems, orders, organisations } from '../../db/schema';
import { escapeLike } from '../../db/like-pattern';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import type { ActingOrg } from '../access';
import { rfc3339 } from '../timestamps';
import { loadOrderOrg, orderReader, orderScope } from './order-access';

/**
 * Reading orders: one organisation's orders (the wizard's list), the orders of every organisation
 * the acting one oversees (the overview), one order, its lines, and the report of ordered persons.
 * Lists are searched, filtered and paged in the database. Only licence and club fee orders are
 * listed (names starting JAHRESLIZENZ or VEREINSBEITRAG).
 */

type Db = AppDeps['db'];

const LISTED = sql`(${orders.category} like 'JAHRESLIZENZ%' or ${orders.category} like 'VEREINSBEITRAG%')`;
/** Persons in the order (fee lines have no member). */
const PERSONS = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.memberId} is not null)`;

/** The order's invoices and cancellation invoices, in the order they were issued. */
const DOCUMENTS = sql<OrderDocumentRow[]>`(select coalesce(jsonb_agg(jsonb_build_object(
    'kind', d.kind, 'number', d.number, 'issuedOn', d.issued_on, 'grossCents', d.gross_cents,
    'cancelsNumber', (select c.number from ${orderInvoices} c where c.id = d.cancels_id),
    'cancelledBy', (select c.number from ${orderInvoices} c where c.cancels_id = d.id)
  ) order by d.id), '[]'::jsonb) from ${orderInvoices} d where d.order_id = ${orders.id})`;

type OrderDocumentRow = {
  kind: 'invoice' | 'cancellation';
  number: string;
  issuedOn: string;
  grossCents: number;
  cancelsNumber: string | null;
  cancelledBy: string | null;
};

const orderColumns = {
  order: orders,
  orgName: organisations.nameShort,
  bso: organisations.bso,
  persons: PERSONS,
  documents: DOCUMENTS,
};

type OrderRow = { order: typeof orders.$inferSelect; orgName: string; bso: string | null; persons: number; documents: OrderDocumentRow[] };

export function orderShape(r: OrderRow): Order {
  const o = r.order;
  const price = centsToEuros(o.totalCents);
  return {
    id: o.id,
    orgId: o.orgId,
    orgName: r.orgName,
    bso: r.bso,
    orderNumber: orderNumber(o.orgId, o.id),
    invoiceReference: invoiceReference(r.bso, o.id),
    invoiceNumber: o.invoiceNumber,
    invoices: r.documents.map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedOn: d.issuedOn,
      total: centsToEuros(d.grossCents),
      cancels: d.cancelsNumber,
      cancelledBy: d.cancelledBy,
    })),
    paymentRequest: paymentRequestOffered(o),
    ordercat: o.category,
    status: o.status,
    state: orderState(o),
    processing: { status: o.status },
    summary: { price, members: r.persons },
    completed: o.completed,
    contact: o.contact,
    params: { ...o.params, price, members: r.persons },
    comment: { messages: o.comments },
    createdAt: rfc3339(o.createdAt),
    updatedAt: rfc3339(o.updatedAt),
  };
}

/** The organisations whose orders the acting organisation oversees, as a condition on orders. */
function scopeCondition(actor: ActingOrg): SQL | undefined {
  if (actor.level === ORG_LEVEL_FEDERATION) return undefined;
  if (actor.level === ORG_LEVEL_STATE && !actor.coopPartner) return or(eq(orders.orgId, actor.id), eq(organisations.orgMotherId, actor.id));
  return eq(orders.orgId, actor.id);
}

const STATE_CONDITION: Record<OrderState, SQL> = {
  created: and(isNull(orders.completed), sql`not ${orders.canceled}`)!,
  completed: isNotNull(orders.completed),
  remitted: and(isNull(orders.completed), orders.canceled)!,
};

function stateCondition(state: string | undefined): SQL | undefined {
  if (!state) return undefined;
  const states = [...new Set(state.split(','))] as OrderState[];
  return or(...states.map((s) => STATE_CONDITION[s]));
}

/** Every word must occur in the order number, category, organisation names or BSO. */
function orderSearch(q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const haystack = foldSql(
    sql`lpad(${orders.orgId}::text, 4, '0') || '-' || lpad(${orders.id}::text, 6, '0') || ' ' || ${orders.category} || ' ' || ${organisations.name} || ' ' || ${organisations.nameShort} || ' ' || coalesce(${organisations.bso}, '')`,
  );
  return and(...words.map((w) => sql`${haystack} like ${`%${escapeLike(w)}%`}`));
}

async function orderPage(db: Db, where: SQL | undefined, query: OrderListQuery): Promise<OrderPage> {
  const rows = await db
    .select({ ...orderColumns, total: sql<number>`count(*) over ()::int` })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .where(and(LISTED, where, stateCondition(query.state), orderSearch(query.q)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the window count is not there to tell how many there are.
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(organisations, eq(organisations.id, orders.orgId))
      .where(and(LISTED, where, stateCondition(query.state), orderSearch(query.q)));
    total = row.n;
  }
  return { items: rows.map(orderShape), total };
}

/** GET /order/{orgId}: the organisation's own orders, newest first. */
export async function listOrgOrders(deps: AppDeps, callerId: number, orgId: number, query: OrderListQuery): Promise<OrderPage> {
  const org = await loadOrderOrg(deps, orgId);
  await orderReader(deps, callerId, org);
  return orderPage(deps.db, eq(orders.orgId, org.id), query);
}

/** GET /v2/admin/{orgId}/orders: the orders of every organisation the acting one oversees. */
export async function listOverseenOrders(deps: AppDeps, callerId: number, actingOrgId: number, query: OrderListQuery): Promise<OrderPage> {
  const actor = await orderScope(deps, callerId, actingOrgId);
  return orderPage(deps.db, scopeCondition(actor), query);
}

/** One order of `orgId` by id, or 404 (also when the id belongs to another organisation). */
export async function orderOf(db: Db, orgId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .where(and(eq(orders.id, orderId), eq(orders.orgId, orgId)));
  if (!row) throw notFound('No such order of this organisation');
  return row;
}

export async function getOrder(deps: AppDeps, callerId: number, orgId: number, orderId: number): Promise<Order> {
  const org = await loadOrderOrg(deps, orgId);
  await orderReader(deps, callerId, org);
  return orderShape(await orderOf(deps.db, orgId, orderId));
}

/** The order's lines: fee lines first, then the persons by surname and first name. */
export async function itemsOf(db: Db, orderId: number): Promise<OrderItem[]> {
  const rows = await db
    .select({ item: orderItems, firstName: members.firstName, surname: members.surname, birthDate: members.birthDate, uuid: members.uuid })
    .from(orderItems)
    .leftJoin(members, eq(members.id, orderItems.memberId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems.memberId} is not null`, asc(members.surname), asc(members.firstName), asc(orderItems.id));
  return rows.map(({ item, ...person }) => ({
    id: item.id,
    mgId: item.memberId,
    firstName: person.firstName,
    surname: person.surname,
    birthDate: person.birthDate,
    uuid: person.uuid,
    category: item.category,
    label: item.label,
    params: {
      ...item.params,
      price: centsToEuros(item.priceCents),
      print: item.print,
      printPrice: centsToEuros(item.printCents),
      sum: centsToEuros(item.priceCents + item.printCents),
    },
    updatedAt: rfc3339(item.updatedAt),
  }));
}

export async function getOrderItems(deps: AppDeps, callerId: number, orgId: number, orderId: number): Promise<OrderItem[]> {
  const org = await loadOrderOrg(deps, orgId);
  await orderReader(deps, callerId, org);
  await orderOf(deps.db, orgId, orderId);
  return itemsOf(deps.db, orderId);
}

const creator = alias(members, 'creator');

/**
 * GET /order/{orgId}/report: one line per ordered person in the orders the acting organisation
 * oversees, newest order first; searched and paged in the database.
 */
export async function orderReport(
  deps: AppDeps,
  callerId: number,
  actingOrgId: number,
  query: OrderReportQuery,
  all = false,
): Promise<OrderReportPage & { actingLevel: number }> {
  const actor = await orderScope(deps, callerId, actingOrgId);
  const words = searchWords(query.q);
  // Each word in the order (category, organisation, BSO number: decided once per order) or in the
  // person (the stored folded search text: names, licence number, e-mail, found through its
  // trigram index).
  const patterns = words.map((w) => `%${escapeLike(w)}%`);
  const orderHits = patterns.map(
    (p, k) =>
      sql`, (lower(${orders.category}) like ${p} or ${foldSql(organisations.nameShort)} like ${p} or coalesce(${organisations.bso}, '') like ${p}) as ${sql.identifier(`hit${k}`)}`,
  );
  const personMatches = patterns.map(
    (p, k) =>
      sql`and (o.${sql.identifier(`hit${k}`)} or i.member_id in (select ${members.id} from ${members} where ${members.searchText} like ${p}))`,
  );
  // The (few) orders newest first, each one's lines by index in the order they were added: a
  // page reads only the lines up to it, whatever the federation's total.
  const lines = sql`(
      select ${orders.id} as id, ${orders.createdAt} as created_at ${sql.join(orderHits, sql` `)}
      from ${orders} join ${organisations} on ${organisations.id} = ${orders.orgId}
      where ${and(LISTED, scopeCondition(actor))}
      -- offset 0 keeps this a subquery of its own: the order's hits are decided once per order, not per line
      offset 0
    ) o
    cross join lateral (
      select x.id, x.member_id from ${orderItems} x where x.order_id = o.id and x.member_id is not null order by x.id
    ) i
    where true ${sql.join(personMatches, sql` `)}`;
  const limit = all ? MAX_REPORT_LINES : query.size;
  const offset = all ? 0 : (query.page - 1) * query.size;
  const [pageIds, counted] = await Promise.all([
    deps.db.execute(sql`select i.id from ${lines} order by o.created_at desc, o.id desc, i.id limit ${limit} offset ${offset}`),
    all ? null : deps.db.execute(sql`select count(*)::int as n from ${lines}`),
  ]);
  const ids = (pageIds as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  const found = ids.length
    ? await deps.db
        .select({
          item: orderItems,
          order: {
            id: orders.id,
            orgId: orders.orgId,
            category: orders.category,
            status: orders.status,
            completed: orders.completed,
            createdAt: orders.createdAt,
            updatedAt: orders.updatedAt,
          },
          orgName: organisations.nameShort,
          bso: organisations.bso,
          firstName: members.firstName,
          surname: members.surname,
          birthDate: members.birthDate,
          regNr: members.regNr,
          creator: sql<string | null>`${creator.firstName} || ' ' || ${creator.surname}`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(organisations, eq(organisations.id, orders.orgId))
        .innerJoin(members, eq(members.id, orderItems.memberId))
        .leftJoin(creator, eq(creator.id, orders.createdBy))
        .where(sql`${orderItems.id} = any(${sql.param(ids)}::int[])`)
    : [];
  const byId = new Map(found.map((r) => [r.item.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const total = counted ? Number((counted as unknown as { rows: Array<{ n: number }> }).rows[0].n) : rows.length;
  return {
    items: rows.map((r) => ({
      ordersystemId: r.order.id,
      ordercat: r.order.category,
      memberName: `${r.firstName} ${r.surname}`,
      age: orderAge(r.birthDate, rfc3339(r.order.createdAt)),
      print: r.item.print,
      order: true,
      disabled: false,
      sum: centsToEuros(r.item.priceCents + r.item.printCents),
      orgId: r.order.orgId,
      orgName: r.orgName,
      bso: r.bso,
      memberId: r.item.memberId!,
      regNr: r.regNr,
      status: r.order.status,
      completed: r.order.completed,
      createdAt: rfc3339(r.order.createdAt),
      updatedAt: rfc3339(r.order.updatedAt),
      creator: r.creator,
    })),
    total,
    actingLevel: actor.level,
  };
}

/** The whole report in one file: far more lines than the federation's orders hold in years. */
const MAX_REPORT_LINES = 1_000_000;

const REPORT_CSV_COLUMNS = [
  'Bestellkategorie',
  'BSO',
  'Bestell-ID',
  'Organisation',
  'Lizenznummer',
  'Name',
  'Abgeschlossen',
  'Erstellt',
  'Aktualisiert',
  'Ersteller',
  'Status',
] as const;

/**
 * GET /order/{orgId}/report.csv: every line of the report (with its search) as CSV: ';', byte-order
 * mark, CRLF; without the organisation column at level 3 (a club sees only itself).
 */
export async function orderReportCsv(deps: AppDeps, callerId: number, actingOrgId: number, q: string | undefined): Promise<string> {
  const report = await orderReport(deps, callerId, actingOrgId, { q, page: 1, size: 1 }, true);
  const withOrg = report.actingLevel < ORG_LEVEL_CLUB;
  const columns = REPORT_CSV_COLUMNS.filter((c) => withOrg || c !== 'Organisation');
  let text = CSV_BOM + csvLine([...columns]) + CSV_LINE_END;
  for (const l of report.items) {
    const cells = [
      l.ordercat,
      l.bso,
      l.ordersystemId,
      ...(withOrg ? [l.orgName] : []),
      l.regNr,
      l.memberName,
      l.completed,
      l.createdAt.slice(0, 10),
      l.updatedAt.slice(0, 10),
      l.creator,
      l.status,
    ];
    text += csvLine(cells) + CSV_LINE_END;
  }
  return text;
}

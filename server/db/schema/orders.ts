import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  type AnyPgColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { members } from './members';
import { functionAssignments } from './roles';
import { organisations } from './organisations';

// Relative import: drizzle-kit loads this file without the '@/' path alias.
import type { AgeBand } from '../../../lib/domain/orders/age-bands';
import type { InvoiceKind, InvoiceLine } from '../../../lib/domain/orders/invoices';

export type { AgeBand };

export type OrderContact = { address?: string; street?: string; zip?: string; city?: string };

/** A comment of the order's conversation (comment.messages). */
export type OrderComment = { name: string; content: string; user: number | null; uuid: string | null; timestamp: string };

/**
 * What the federation sells: licence years (JAHRESLIZENZ_{year}, with age bands), club fees
 * (VEREINSBEITRAG_{year}), badges, clothing, meetings and vouchers. Names containing KOOP are the
 * cooperation partners' variants. Money in integer cents; weight in grams (clothing only).
 */
export const orderCategories = pgTable(
  'order_categories',
  {
    id: serial('id').primaryKey(),
    cat: text('cat').notNull().unique(),
    /** JAHRESLIZENZ, ABZEICHEN, KLEIDUNG, MEETING or GUTSCHEIN. */
    group: text('group').notNull(),
    year: integer('year'),
    priceCents: integer('price_cents'),
    netPriceCents: integer('net_price_cents'),
    memberNetPriceCents: integer('member_net_price_cents'),
    /** Grams, up to two decimals (the form allows one decimal point); clothing only. */
    weightGrams: numeric('weight_grams', { precision: 9, scale: 2, mode: 'number' }),
    ageBands: jsonb('age_bands').$type<AgeBand[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    check('order_categories_group_check', sql`${t.group} in ('JAHRESLIZENZ', 'ABZEICHEN', 'KLEIDUNG', 'MEETING', 'GUTSCHEIN')`),
    check('order_categories_year_check', sql`${t.year} is null or ${t.year} between 1000 and 9999`),
    check(
      'order_categories_money_check',
      sql`coalesce(${t.priceCents}, 0) >= 0 and coalesce(${t.netPriceCents}, 0) >= 0 and coalesce(${t.memberNetPriceCents}, 0) >= 0 and coalesce(${t.weightGrams}, 0) >= 0`,
    ),
  ],
);

/**
 * Orders: licence orders (JAHRESLIZENZ_{year}) and club fees (VEREINSBEITRAG_{year}) of an
 * organisation. `status` is processing.status: 'Erstellt' when created, 'Freigegeben' when
 * released (then `completed` is set), 'canceled' when refunded. `canceled` follows the status by
 * itself; the order items carry it too (kept in step by the foreign key's ON UPDATE CASCADE), so
 * "one licence per person and year" can be a unique index that ignores refunded orders.
 * `totalCents` is computed by the server (base amount + person sums, or the club fee).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    category: text('category').notNull(),
    status: text('status').notNull().default('Erstellt'),
    canceled: boolean('canceled')
      .notNull()
      .generatedAlwaysAs(sql`status = 'canceled'`),
    completed: date('completed', { mode: 'string' }),
    totalCents: integer('total_cents').notNull().default(0),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    contact: jsonb('contact').$type<OrderContact>().notNull().default({}),
    comments: jsonb('comments').$type<OrderComment[]>().notNull().default([]),
    createdBy: integer('created_by'),
    /** The number of the invoice in force (order_invoices), null before release and once it is cancelled: '2026-000042'. */
    invoiceNumber: text('invoice_number').unique(),
    ...timestamps,
  },
  (t) => [
    index('orders_org_idx').on(t.orgId, t.category),
    // Referenced by the items' foreign key, which copies category and canceled into each item.
    unique('orders_item_key').on(t.id, t.category, t.canceled),
    // A club pays each year's fee once: a second fee order is refused unless the first was refunded.
    uniqueIndex('orders_one_club_fee')
      .on(t.orgId, t.category)
      .where(sql`${t.category} like 'VEREINSBEITRAG%' and not ${t.canceled}`),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
  ],
);

/**
 * The lines of an order: one per ordered person (member_id set; licence price of the person's age
 * band, plus the print price when a printed card is wanted) or a fee line (member_id null, e.g.
 * the base amount). `category` and `orderCanceled` are copies of the order's, enforced by the
 * composite foreign key; a person can hold one live line per category, whatever clients send.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    category: text('category').notNull(),
    orderCanceled: boolean('order_canceled').notNull().default(false),
    memberId: integer('member_id').references(() => members.id),
    print: boolean('print').notNull().default(false),
    priceCents: integer('price_cents').notNull().default(0),
    printCents: integer('print_cents').notNull().default(0),
    /** Fee lines: what the line is for ('Grundbetrag', 'Vereinsbeitrag 2027'). */
    label: text('label'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The licence (function 29) the release of the order granted this person; taken back on refund or send-back. */
    grantedAssignmentId: integer('granted_assignment_id').references(() => functionAssignments.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'order_items_order_fk',
      columns: [t.orderId, t.category, t.orderCanceled],
      foreignColumns: [orders.id, orders.category, orders.canceled],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    index('order_items_order_idx').on(t.orderId),
    // Deleting an assignment sets this to null, and deleting a person checks that no line names
    // them: both find the lines by index, not by reading every line (the partial unique index
    // below does not serve the person check).
    index('order_items_granted_assignment_idx').on(t.grantedAssignmentId),
    index('order_items_member_idx').on(t.memberId),
    uniqueIndex('order_items_one_per_person')
      .on(t.memberId, t.category)
      .where(sql`${t.memberId} is not null and not ${t.orderCanceled}`),
    check('order_items_money_check', sql`${t.priceCents} >= 0 and ${t.printCents} >= 0`),
    check('order_items_print_check', sql`${t.print} or ${t.printCents} = 0`),
  ],
);

/** The last invoice number given per year: numbers are gapless because each is taken inside the release's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The accounting documents of orders, never changed once written: an invoice issued at a release,
 * and a cancellation invoice (Stornorechnung) issued when the order is refunded or sent back while
 * an invoice is in force. Both take their number from the same gapless sequence (invoice_counters).
 * A document keeps the lines and amounts it was issued with; a cancellation negates those of the
 * invoice it cancels (`cancelsId`, at most one cancellation per invoice).
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** invoice or cancellation. */
    kind: text('kind').$type<InvoiceKind>().notNull(),
    number: text('number').notNull().unique(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    cancelsId: integer('cancels_id')
      .unique()
      .references((): AnyPgColumn => orderInvoices.id),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('order_invoices_order_idx').on(t.orderId, t.id),
    check(
      'order_invoices_kind_check',
      sql`(${t.kind} = 'invoice' and ${t.cancelsId} is null and ${t.grossCents} >= 0) or (${t.kind} = 'cancellation' and ${t.cancelsId} is not null and ${t.grossCents} <= 0)`,
    ),
  ],
);

import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { cancellationAmounts, invoiceLineText, invoiceNumberText, netOf } from '@/lib/domain/orders/invoices';
import { invoiceCounters, members, orderCategories, orderInvoices, orderItems, type orders } from '../../db/schema';
import type { AppDeps } from '../../http/context';

/**
 * Issuing the order's accounting documents inside the transaction of the decision that issues
 * them (rules in lib/domain/orders/invoices.ts): an invoice stores the lines and amounts of the
 * order as released, a cancellation the negated amounts of the invoice it cancels. Numbers are
 * taken from the year's counter in the same transaction, so the sequence has no gaps.
 */

type Db = AppDeps['db'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type InvoiceRow = typeof orderInvoices.$inferSelect;

/** The next number of the year's gapless sequence ('2026-000042'). */
async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return invoiceNumberText(year, row.last);
}

/** The order's lines as an invoice prints them: fee lines first, then the persons by name. */
export async function invoiceLinesOf(db: Db | Tx, order: typeof orders.$inferSelect) {
  const { year } = parseCategoryName(order.category);
  const rows = await db
    .select({
      memberId: orderItems.memberId,
      label: orderItems.label,
      print: orderItems.print,
      priceCents: orderItems.priceCents,
      printCents: orderItems.printCents,
      firstName: members.firstName,
      surname: members.surname,
    })
    .from(orderItems)
    .leftJoin(members, eq(members.id, orderItems.memberId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(sql`${orderItems.memberId} is not null`, asc(members.surname), asc(members.firstName), asc(orderItems.id));
  return rows.map((r) => ({ text: invoiceLineText(year, r), grossCents: r.priceCents + r.printCents }));
}

/** The net amount of `grossCents` by the order category's net to gross proportion. */
export async function netCentsOf(db: Db | Tx, category: string, grossCents: number): Promise<number> {
  const [row] = await db
    .select({ priceCents: orderCategories.priceCents, netPriceCents: orderCategories.netPriceCents })
    .from(orderCategories)
    .where(eq(orderCategories.cat, category));
  return netOf(grossCents, row);
}

/** Issues the invoice of a released order: the lines and total it has now, numbered on. */
export async function issueInvoice(tx: Tx, order: typeof orders.$inferSelect, today: string): Promise<InvoiceRow> {
  const lines = await invoiceLinesOf(tx, order);
  const grossCents = lines.reduce((sum, l) => sum + l.grossCents, 0);
  const [row] = await tx
    .insert(orderInvoices)
    .values({
      orderId: order.id,
      kind: 'invoice',
      number: await nextInvoiceNumber(tx, Number(today.slice(0, 4))),
      issuedOn: today,
      grossCents,
      netCents: await netCentsOf(tx, order.category, grossCents),
      lines,
    })
    .returning();
  return row;
}

/** Cancels `invoice` with a cancellation invoice of negated amounts, numbered on. */
export async function cancelInvoice(tx: Tx, invoice: InvoiceRow, today: string): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(orderInvoices)
    .values({
      orderId: invoice.orderId,
      kind: 'cancellation',
      number: await nextInvoiceNumber(tx, Number(today.slice(0, 4))),
      issuedOn: today,
      cancelsId: invoice.id,
      ...cancellationAmounts(invoice),
    })
    .returning();
  return row;
}

/** The order's documents in the order they were issued, each with the number it cancels (cancellations). */
export async function orderDocuments(db: Db | Tx, orderId: number): Promise<Array<InvoiceRow & { cancelsNumber: string | null }>> {
  const cancelled = alias(orderInvoices, 'cancelled');
  const rows = await db
    .select({ doc: orderInvoices, cancelsNumber: cancelled.number })
    .from(orderInvoices)
    .leftJoin(cancelled, eq(cancelled.id, orderInvoices.cancelsId))
    .where(eq(orderInvoices.orderId, orderId))
    .orderBy(asc(orderInvoices.id));
  return rows.map((r) => ({ ...r.doc, cancelsNumber: r.cancelsNumber }));
}

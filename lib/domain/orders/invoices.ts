import { orderState } from './status';
import type { OrderDecision } from './status';

/**
 * The order's accounting documents. An invoice is issued when an order is released; it is never
 * changed or reused. A refund or a send-back of an order whose invoice is in force cancels that
 * invoice with a cancellation invoice (Stornorechnung): its own number from the same gapless
 * sequence, referring to the invoice it cancels, every amount negated. Releasing again after a
 * send-back issues a new invoice with a new number, so each release, each cancellation and each
 * new release has its document and the sum of an order's documents is what the club owes.
 * Before release (and again after a send-back) the club gets a payment request: the amount and
 * the payment code, no invoice number.
 */

export type InvoiceKind = 'invoice' | 'cancellation';

export type InvoiceLine = { text: string; grossCents: number };

/** A stored document as the rules need it: `cancelsNumber` is set for a cancellation only. */
export type InvoiceDocument = { kind: InvoiceKind; number: string; cancelsNumber: string | null };

/** The invoice that is in force: the last invoice no cancellation refers to; null when none is. */
export function invoiceInForce<T extends InvoiceDocument>(documents: readonly T[]): T | null {
  const cancelled = new Set(documents.filter((d) => d.kind === 'cancellation').map((d) => d.cancelsNumber));
  const open = documents.filter((d) => d.kind === 'invoice' && !cancelled.has(d.number));
  return open.at(-1) ?? null;
}

/** The cancellation that refers to `invoiceNumber`, if it was cancelled. */
export function cancellationOf<T extends InvoiceDocument>(documents: readonly T[], invoiceNumber: string): T | null {
  return documents.find((d) => d.kind === 'cancellation' && d.cancelsNumber === invoiceNumber) ?? null;
}

/**
 * What a decision applied to an order does to its documents: a release issues an invoice unless
 * one is in force; a refund or a send-back cancels the invoice in force; nothing else issues one.
 */
export function invoiceStep(decision: OrderDecision, hasInvoiceInForce: boolean): 'issue' | 'cancel' | 'none' {
  if (decision === 'release') return hasInvoiceInForce ? 'none' : 'issue';
  return hasInvoiceInForce ? 'cancel' : 'none';
}

/** The amounts of a cancellation invoice: those of the invoice it cancels, negated line by line. */
export function cancellationAmounts(invoice: { grossCents: number; netCents: number; lines: readonly InvoiceLine[] }): {
  grossCents: number;
  netCents: number;
  lines: InvoiceLine[];
} {
  const neg = (cents: number) => (cents === 0 ? 0 : -cents);
  return {
    grossCents: neg(invoice.grossCents),
    netCents: neg(invoice.netCents),
    lines: invoice.lines.map((l) => ({ text: l.text, grossCents: neg(l.grossCents) })),
  };
}

/** An invoice asks for payment (text and payment code) while it is in force and has an amount to pay. */
export function invoicePayable(invoice: { kind: InvoiceKind; grossCents: number }, cancelled: boolean): boolean {
  return invoice.kind === 'invoice' && !cancelled && invoice.grossCents > 0;
}

/** A payment request exists for a created order (not released, not refunded); once invoiced, the invoice asks for payment. */
export function paymentRequestOffered(order: { status: string; completed: string | null }): boolean {
  return orderState(order) === 'created';
}

/** The number the counter's `n`th document of `year` gets: '2026-000042'. */
export function invoiceNumberText(year: number, n: number): string {
  if (!Number.isSafeInteger(year) || !Number.isSafeInteger(n) || n < 1) throw new RangeError(`invalid invoice number ${year}/${n}`);
  return `${year}-${String(n).padStart(6, '0')}`;
}

/** An invoice line's text: a fee line's label, or the licence year and the person (with the printed card when chosen). */
export function invoiceLineText(
  year: number | null,
  line: { memberId: number | null; label: string | null; print: boolean; firstName: string | null; surname: string | null },
): string {
  if (line.memberId === null) return line.label ?? '';
  return `Jahreslizenz ${year ?? ''}: ${line.firstName ?? ''} ${line.surname ?? ''}${line.print ? ' (mit Lizenzkarte)' : ''}`;
}

/** Net amount in the proportion of the category's net to gross price; without both, the gross amount (no tax shown). */
export function netOf(grossCents: number, category: { priceCents: number | null; netPriceCents: number | null } | undefined): number {
  return category?.priceCents && category.netPriceCents !== null
    ? Math.round((grossCents * category.netPriceCents) / category.priceCents)
    : grossCents;
}

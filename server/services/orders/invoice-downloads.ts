import { cancellationOf, invoiceInForce, paymentRequestOffered } from '@/lib/domain/orders/invoices';
import { invoiceReference, orderNumber } from '@/lib/domain/orders/order-number';
import { todayIso } from '@/lib/domain/dates';
import { orders } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { invoicePdf } from '../../reports/invoice-pdf';
import { invoiceLinesOf, netCentsOf, orderDocuments } from './invoices';
import { orderReader, type OrderOrg } from './order-access';
import { FEDERATION_NAME, orderWithOrg, type Download } from './reports';

/** The payment request, invoices and cancellation invoices of an order as PDFs, for whoever may read the order. */

type OrderDocument = Awaited<ReturnType<typeof orderDocuments>>[number];

const clubOf = (org: OrderOrg) => ({ name: org.name, street: org.street, zip: org.zip, city: org.city, bso: org.bso });

async function renderDocument(
  deps: AppDeps,
  order: typeof orders.$inferSelect,
  org: OrderOrg,
  d: OrderDocument,
  docs: OrderDocument[],
): Promise<Buffer> {
  const cancels = d.cancelsNumber ? docs.find((x) => x.number === d.cancelsNumber) : undefined;
  const cancelledBy = d.kind === 'invoice' ? cancellationOf(docs, d.number) : null;
  return invoicePdf({
    kind: d.kind,
    federation: FEDERATION_NAME,
    bank: deps.env.bank,
    invoiceNumber: d.number,
    invoiceDate: d.issuedOn,
    orderNumber: orderNumber(order.orgId, order.id),
    reference: invoiceReference(org.bso, order.id),
    category: order.category,
    club: clubOf(org),
    lines: d.lines,
    grossCents: d.grossCents,
    netCents: d.netCents,
    ...(cancels ? { cancels: { number: cancels.number, date: cancels.issuedOn } } : {}),
    ...(cancelledBy ? { cancelledBy: { number: cancelledBy.number, date: cancelledBy.issuedOn } } : {}),
  });
}

/** The order's documents of `kind`, for a caller who may read the order. */
async function readableDocuments(deps: AppDeps, callerId: number, orderId: number) {
  const { order, org } = await orderWithOrg(deps, orderId);
  await orderReader(deps, callerId, org);
  return { order, org, docs: await orderDocuments(deps.db, order.id) };
}

function pickDocument(docs: OrderDocument[], kind: OrderDocument['kind'], number: string | undefined): OrderDocument | undefined {
  const ofKind = docs.filter((d) => d.kind === kind);
  return number === undefined ? ofKind.at(-1) : ofKind.find((d) => d.number === number);
}

/**
 * GET /reports/invoice?order=[&number=]: an invoice of the order as it was issued at release (by
 * default the one in force, else the last one); a cancelled invoice is marked STORNIERT, refers to
 * its cancellation and asks for no payment.
 */
export async function invoiceDownload(deps: AppDeps, callerId: number, orderId: number, number?: string): Promise<Download> {
  const { order, org, docs } = await readableDocuments(deps, callerId, orderId);
  const invoice =
    number === undefined ? (invoiceInForce(docs) ?? pickDocument(docs, 'invoice', undefined)) : pickDocument(docs, 'invoice', number);
  if (!invoice) {
    if (number !== undefined) throw notFound('The order has no invoice of this number');
    throw new ApiError(409, 'no_invoice_yet', 'The order has no invoice yet: invoices are issued when the order is released');
  }
  const bytes = await renderDocument(deps, order, org, invoice, docs);
  return {
    fileName: number === undefined ? `Invoice-${order.orgId}-${order.id}.pdf` : `Invoice-${invoice.number}.pdf`,
    bytes,
    type: 'application/pdf',
  };
}

/**
 * GET /reports/cancellation?order=[&number=]: a cancellation invoice of the order (by default the
 * last one), issued when the order was refunded or sent back with an invoice in force.
 */
export async function cancellationDownload(deps: AppDeps, callerId: number, orderId: number, number?: string): Promise<Download> {
  const { order, org, docs } = await readableDocuments(deps, callerId, orderId);
  const cancellation = pickDocument(docs, 'cancellation', number);
  if (!cancellation) {
    if (number !== undefined) throw notFound('The order has no cancellation invoice of this number');
    throw new ApiError(
      409,
      'no_cancellation',
      'The order has no cancellation invoice: one is issued when an invoiced order is refunded or sent back',
    );
  }
  const bytes = await renderDocument(deps, order, org, cancellation, docs);
  return { fileName: `Stornorechnung-${cancellation.number}.pdf`, bytes, type: 'application/pdf' };
}

/**
 * GET /reports/payment-request?order=: what a created order costs, with the bank details, the
 * reference and the EPC code, and no invoice number; 409 `payment_request_closed` once the order is
 * released (its invoice asks for payment) or refunded.
 */
export async function paymentRequestDownload(deps: AppDeps, callerId: number, orderId: number): Promise<Download> {
  const { order, org } = await orderWithOrg(deps, orderId);
  await orderReader(deps, callerId, org);
  if (!paymentRequestOffered(order)) {
    throw new ApiError(
      409,
      'payment_request_closed',
      order.completed ? 'The order is released: its invoice asks for payment' : 'The order is refunded: nothing is to be paid',
      { field: 'order', value: orderId },
    );
  }
  const lines = await invoiceLinesOf(deps.db, order);
  const bytes = await invoicePdf({
    kind: 'paymentRequest',
    federation: FEDERATION_NAME,
    bank: deps.env.bank,
    invoiceNumber: null,
    invoiceDate: todayIso(deps.clock()),
    orderNumber: orderNumber(order.orgId, order.id),
    reference: invoiceReference(org.bso, order.id),
    category: order.category,
    club: clubOf(org),
    lines,
    grossCents: order.totalCents,
    netCents: await netCentsOf(deps.db, order.category, order.totalCents),
  });
  return { fileName: `Zahlungsaufforderung-${order.orgId}-${order.id}.pdf`, bytes, type: 'application/pdf' };
}

import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ageClass } from '@/lib/domain/members';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { cardToken, licenceCardText, licenceHeld, orderLicencesHeld } from '@/lib/domain/licence-card';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { cancellationOf, invoiceInForce, paymentRequestOffered } from '@/lib/domain/orders/invoices';
import { invoiceReference, orderNumber } from '@/lib/domain/orders/order-number';
import { csvLine, CSV_BOM, CSV_LINE_END } from '@/lib/csv';
import { functionAssignments, members, orderItems, orders, organisations, uploadedFiles } from '../../db/schema';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, orgsWith } from '../access';
import { licencePublicKey, signLicenceText } from '../licence-signing';
import { ORDER_FORM_FUNCTION_IDS } from '@/lib/domain/orders/order-rights';
import { coverLetterPdf } from '../../reports/cover-letter-pdf';
import { invoicePdf } from '../../reports/invoice-pdf';
import type { LicenceCard } from '../../reports/licence-cards-pdf';
import { BUSY_RETRY_AFTER_SECONDS, licenceCardsPdfOffThread, LicenceCardsBusyError } from '../../reports/licence-cards-pool';
import { invoiceLinesOf, netCentsOf, orderDocuments } from './invoices';
import { loadOrderOrg, orderReader, type OrderOrg } from './order-access';
import { assignmentHeldBetween } from '../assignment-days';

/**
 * The order downloads: the payment request, the invoices and cancellation invoices (whoever may
 * read the order), licence cards and their cover
 * letter (organisation levels below 2: the federation; for held licences only), the public key that checks the cards, and
 * the export of a year's licences for tournament software (the federation).
 */

const FEDERATION_NAME = 'Österreichischer Bogensportverband';

export type Download = { fileName: string; bytes: Buffer; type: string };
/** A download written while it is sent (no length known in advance). */
export type StreamedDownload = { fileName: string; stream: NodeJS.ReadableStream & { destroy(error?: Error): unknown }; type: string };

async function orderWithOrg(deps: AppDeps, orderId: number): Promise<{ order: typeof orders.$inferSelect; org: OrderOrg }> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('No such order');
  return { order, org: await loadOrderOrg(deps, order.orgId) };
}

/** Licence cards, cover letters and the licence export are the federation's (organisation level below 2). */
async function requireFederation(deps: AppDeps, callerId: number, what: string): Promise<void> {
  const caller = await loadCaller(deps, callerId);
  if (!orgsWith(caller, ORDER_FORM_FUNCTION_IDS).some((o) => o.level < ORG_LEVEL_STATE))
    throw forbidden(`Only the federation prints ${what}`);
}

async function personLines(deps: AppDeps, orderId: number) {
  return deps.db
    .select({
      item: orderItems,
      firstName: members.firstName,
      surname: members.surname,
      birthDate: members.birthDate,
      regNr: members.regNr,
      uuid: members.uuid,
    })
    .from(orderItems)
    .leftJoin(members, eq(members.id, orderItems.memberId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems.memberId} is not null`, asc(members.surname), asc(members.firstName), asc(orderItems.id));
}

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

async function photoOf(deps: AppDeps, uuid: string | null): Promise<Buffer | null> {
  if (!uuid) return null;
  const [file] = await deps.db
    .select({ storedPath: uploadedFiles.storedPath, mime: uploadedFiles.mime })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.uuid, uuid));
  if (!file || !/^image\/(png|jpeg)$/.test(file.mime)) return null;
  return readFile(resolveInsideRoot(deps.env.uploadDir, file.storedPath)).catch(() => null);
}

/** The persons among `memberIds` who have a licence (function 29) on record for any part of `year`. */
export async function licencesOnRecord(deps: AppDeps, memberIds: number[], year: number): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await deps.db
    .selectDistinct({ memberId: functionAssignments.memberId })
    .from(functionAssignments)
    .where(
      and(
        inArray(functionAssignments.memberId, memberIds),
        eq(functionAssignments.roleId, FUNCTION_LICENCE),
        assignmentHeldBetween(`${year}-01-01`, `${year}-12-31`),
      ),
    );
  return new Set(rows.map((r) => r.memberId));
}

/**
 * A licence order whose licences are held, or 409 `licences_not_held`: cards (and the letter that
 * goes with them) exist only for a released order that was not refunded or sent back.
 */
async function heldLicenceOrder(deps: AppDeps, orderId: number, what: string) {
  const { order, org } = await orderWithOrg(deps, orderId);
  const { kind, year } = parseCategoryName(order.category);
  if (kind !== 'licence' || year === null)
    throw new ApiError(422, 'not_a_licence_order', `${what} belong to licence orders`, { field: 'order', value: orderId });
  if (!orderLicencesHeld(order)) {
    throw new ApiError(
      409,
      'licences_not_held',
      `${what} exist only for released orders that were not refunded: this order's licences are not held`,
      { field: 'order', value: orderId },
    );
  }
  return { order, org, year };
}

/**
 * The order's lines whose card is printed (all: every person), only of persons whose licence is
 * held: a licence removed since the release has no card.
 */
async function heldCardLines(deps: AppDeps, order: typeof orders.$inferSelect, year: number, all: boolean) {
  const lines = (await personLines(deps, order.id)).filter(({ item }) => item.memberId !== null && (all || item.print));
  const onRecord = await licencesOnRecord(
    deps,
    lines.map((l) => l.item.memberId!),
    year,
  );
  return lines.filter(({ item }) => licenceHeld([order], onRecord.has(item.memberId!)));
}

/**
 * GET /reports/licenses?order=[&all=true]: the cards of the persons with a printed card (all:
 * every person), for held licences only (409 `licences_not_held` for an order not released or refunded).
 * Drawn in a worker thread (licence-cards-pool.ts); 503 `busy` with Retry-After when too many wait.
 */
export async function licenceCardsDownload(deps: AppDeps, callerId: number, orderId: number, all: boolean): Promise<StreamedDownload> {
  await requireFederation(deps, callerId, 'licence cards');
  const { order, org, year } = await heldLicenceOrder(deps, orderId, 'Licence cards');
  const lines = await heldCardLines(deps, order, year, all);
  // each card's photo is read and its QR signed only when the card is drawn
  async function* cards(): AsyncGenerator<LicenceCard> {
    for (const { item, firstName, surname, birthDate, regNr, uuid } of lines) {
      const data = {
        memberId: item.memberId!,
        regNr: regNr ?? '',
        firstName: firstName ?? '',
        surname: surname ?? '',
        birthDate: birthDate ?? '',
        club: org.name,
        year,
      };
      const text = licenceCardText(data);
      yield {
        name: `${data.firstName} ${data.surname}`,
        birthDate: data.birthDate,
        club: org.nameShort,
        regNr: data.regNr,
        year,
        photo: await photoOf(deps, uuid),
        qrText: `${deps.env.adminPublicUrl}/verify#${cardToken(text, signLicenceText(deps.env.licenceKeyFile, text))}`,
      };
    }
  }
  try {
    return {
      fileName: `Lizenzkarten-${order.orgId}-${order.id}.pdf`,
      stream: licenceCardsPdfOffThread(FEDERATION_NAME, cards()),
      type: 'application/pdf',
    };
  } catch (err) {
    if (err instanceof LicenceCardsBusyError)
      throw new ApiError(503, 'busy', `Too many licence-card documents are being drawn; try again shortly`, {
        headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
      });
    throw err;
  }
}

/** GET /reports/attachment?order=: the cover letter to the club for its licence cards (those cards exist only). */
export async function coverLetterDownload(deps: AppDeps, callerId: number, orderId: number): Promise<Download> {
  await requireFederation(deps, callerId, 'cover letters');
  const { order, org, year } = await heldLicenceOrder(deps, orderId, 'Cover letters');
  const lines = await heldCardLines(deps, order, year, false);
  const bytes = await coverLetterPdf({
    federation: FEDERATION_NAME,
    club: org,
    date: todayIso(deps.clock()),
    orderNumber: orderNumber(order.orgId, order.id),
    year,
    persons: lines.map((l) => `${l.firstName} ${l.surname}`),
  });
  return { fileName: `Begleitschreiben-${order.orgId}-${order.id}.pdf`, bytes, type: 'application/pdf' };
}

/** GET /licence-key: the public key that checks licence cards (Ed25519, raw, base64url). */
export function licenceKey(deps: AppDeps): { alg: 'Ed25519'; publicKey: string } {
  return { alg: 'Ed25519', publicKey: licencePublicKey(deps.env.licenceKeyFile) };
}

export const LICENCE_EXPORT_COLUMNS = [
  'Lizenznummer',
  'Nachname',
  'Vorname',
  'Geburtsdatum',
  'Geschlecht',
  'Verein',
  'Vereinsnummer',
  'Altersklasse',
  'Bundesland',
] as const;

/**
 * GET /reports/licences.csv?year=: every licence active in the year (function 29 overlapping it),
 * one line per person and club, for tournament software: ';', byte-order mark, CRLF.
 */
export async function licencesCsv(deps: AppDeps, callerId: number, year: number): Promise<Download> {
  await requireFederation(deps, callerId, 'the licence export');
  const state = sql<string | null>`(select s.params->>'federalState' from ${organisations} s where s.id = ${organisations.orgMotherId})`;
  const rows = await deps.db
    .selectDistinctOn([members.sortSurname, members.sortFirstName, members.id, organisations.id], {
      regNr: members.regNr,
      surname: members.surname,
      firstName: members.firstName,
      birthDate: members.birthDate,
      gender: members.gender,
      club: organisations.name,
      clubNumber: organisations.bso,
      state: sql<string | null>`coalesce(${organisations.params}->>'federalState', ${state})`,
    })
    .from(functionAssignments)
    .innerJoin(members, eq(members.id, functionAssignments.memberId))
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(
      and(
        eq(functionAssignments.roleId, FUNCTION_LICENCE),
        assignmentHeldBetween(`${year}-01-01`, `${year}-12-31`),
        isNotNull(members.regNr),
      ),
    )
    .orderBy(members.sortSurname, members.sortFirstName, members.id, organisations.id);
  const genders: Record<string, string> = { m: 'm', w: 'w', d: 'd' };
  let text = CSV_BOM + csvLine([...LICENCE_EXPORT_COLUMNS]) + CSV_LINE_END;
  for (const r of rows) {
    text +=
      csvLine([
        r.regNr,
        r.surname,
        r.firstName,
        r.birthDate,
        genders[r.gender] ?? r.gender,
        r.club,
        r.clubNumber,
        ageClass(r.birthDate, `${year}-12-31`),
        r.state,
      ]) + CSV_LINE_END;
  }
  return { fileName: `lizenzen-${year}.csv`, bytes: Buffer.from(text, 'utf8'), type: 'text/csv; charset=utf-8' };
}

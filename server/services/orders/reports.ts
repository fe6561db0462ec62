import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ageClass } from '@/lib/domain/members';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { cardToken, licenceCardText, licenceHeld, orderLicencesHeld } from '@/lib/domain/licence-card';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { invoiceReference, orderNumber } from '@/lib/domain/orders/order-number';
import { csvLine, CSV_BOM, CSV_LINE_END } from '@/lib/csv';
import { functionAssignments, members, orderCategories, orderItems, orders, organisations, uploadedFiles } from '../../db/schema';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, orgsWith } from '../access';
import { licencePublicKey, signLicenceText } from '../licence-signing';
import { ORDER_FORM_FUNCTION_IDS } from '@/lib/domain/orders/order-rights';
import { coverLetterPdf } from '../../reports/cover-letter-pdf';
import { invoicePdf } from '../../reports/invoice-pdf';
import { licenceCardsPdf, type LicenceCard } from '../../reports/licence-cards-pdf';
import { loadOrderOrg, orderReader, type OrderOrg } from './order-access';

/**
 * The order downloads: the invoice (whoever may read the order), licence cards and their cover
 * letter (organisation levels below 2: the federation; for held licences only), the public key that checks the cards, and
 * the export of a year's licences for tournament software (the federation).
 */

const FEDERATION_NAME = 'Österreichischer Bogensportverband';

export type Download = { fileName: string; bytes: Buffer; type: string };

async function orderWithOrg(deps: AppDeps, orderId: number): Promise<{ order: typeof orders.$inferSelect; org: OrderOrg }> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('No such order');
  return { order, org: await loadOrderOrg(deps, order.orgId) };
}

/** Licence cards, cover letters and the licence export are the federation's (organisation level below 2). */
async function requireFederation(deps: AppDeps, callerId: number, what: string): Promise<void> {
  const caller = await loadCaller(deps, callerId);
  if (!orgsWith(caller, ORDER_FORM_FUNCTION_IDS).some((o) => o.level < ORG_LEVEL_STATE)) throw forbidden(`Only the federation prints ${what}`);
}

async function personLines(deps: AppDeps, orderId: number) {
  return deps.db
    .select({ item: orderItems, firstName: members.firstName, surname: members.surname, birthDate: members.birthDate, regNr: members.regNr, uuid: members.uuid })
    .from(orderItems)
    .leftJoin(members, eq(members.id, orderItems.memberId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems.memberId} is not null`, asc(members.surname), asc(members.firstName), asc(orderItems.id));
}

/** GET /reports/invoice?order=: the released order's invoice (its number is given at release). */
export async function invoiceDownload(deps: AppDeps, callerId: number, orderId: number): Promise<Download> {
  const { order, org } = await orderWithOrg(deps, orderId);
  await orderReader(deps, callerId, org);
  if (!order.invoiceNumber) throw new ApiError(409, 'no_invoice_yet', 'The order has no invoice yet: invoices are issued when the order is released');
  const lines = await personLines(deps, order.id);
  const [category] = await deps.db.select().from(orderCategories).where(eq(orderCategories.cat, order.category));
  const { year } = parseCategoryName(order.category);
  // Net amounts in the proportion of the category's net to gross price; without both, no tax is shown.
  const gross = order.totalCents;
  const net = category?.priceCents && category.netPriceCents !== null ? Math.round((gross * category.netPriceCents) / category.priceCents) : gross;
  const bytes = await invoicePdf({
    federation: FEDERATION_NAME,
    bank: deps.env.bank,
    invoiceNumber: order.invoiceNumber,
    invoiceDate: order.completed ?? todayIso(deps.clock()),
    orderNumber: orderNumber(order.orgId, order.id),
    reference: invoiceReference(org.bso, order.id),
    category: order.category,
    club: { name: org.name, street: org.street, zip: org.zip, city: org.city, bso: org.bso },
    lines: lines.map(({ item, firstName, surname }) => ({
      text: item.memberId === null ? (item.label ?? '') : `Jahreslizenz ${year ?? ''}: ${firstName} ${surname}${item.print ? ' (mit Lizenzkarte)' : ''}`,
      grossCents: item.priceCents + item.printCents,
    })),
    grossCents: gross,
    netCents: net,
  });
  return { fileName: `Invoice-${order.orgId}-${order.id}.pdf`, bytes, type: 'application/pdf' };
}

async function photoOf(deps: AppDeps, uuid: string | null): Promise<Buffer | null> {
  if (!uuid) return null;
  const [file] = await deps.db.select({ storedPath: uploadedFiles.storedPath, mime: uploadedFiles.mime }).from(uploadedFiles).where(eq(uploadedFiles.uuid, uuid));
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
        sql`${functionAssignments.dateFrom} <= ${`${year}-12-31`}`,
        sql`${functionAssignments.dateTo} >= ${`${year}-01-01`}`,
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
  if (kind !== 'licence' || year === null) throw new ApiError(422, 'not_a_licence_order', `${what} belong to licence orders`, { field: 'order', value: orderId });
  if (!orderLicencesHeld(order)) {
    throw new ApiError(409, 'licences_not_held', `${what} exist only for released orders that were not refunded: this order's licences are not held`, { field: 'order', value: orderId });
  }
  return { order, org, year };
}

/**
 * The order's lines whose card is printed (all: every person), only of persons whose licence is
 * held: a licence removed since the release has no card.
 */
async function heldCardLines(deps: AppDeps, order: typeof orders.$inferSelect, year: number, all: boolean) {
  const lines = (await personLines(deps, order.id)).filter(({ item }) => item.memberId !== null && (all || item.print));
  const onRecord = await licencesOnRecord(deps, lines.map((l) => l.item.memberId!), year);
  return lines.filter(({ item }) => licenceHeld([order], onRecord.has(item.memberId!)));
}

/**
 * GET /reports/licenses?order=[&all=true]: the cards of the persons with a printed card (all:
 * every person), for held licences only (409 `licences_not_held` for an order not released or refunded).
 */
export async function licenceCardsDownload(deps: AppDeps, callerId: number, orderId: number, all: boolean): Promise<Download> {
  await requireFederation(deps, callerId, 'licence cards');
  const { order, org, year } = await heldLicenceOrder(deps, orderId, 'Licence cards');
  const lines = await heldCardLines(deps, order, year, all);
  const cards: LicenceCard[] = [];
  for (const { item, firstName, surname, birthDate, regNr, uuid } of lines) {
    const data = { memberId: item.memberId!, regNr: regNr ?? '', firstName: firstName ?? '', surname: surname ?? '', birthDate: birthDate ?? '', club: org.name, year };
    const text = licenceCardText(data);
    cards.push({
      name: `${data.firstName} ${data.surname}`,
      birthDate: data.birthDate,
      club: org.nameShort,
      regNr: data.regNr,
      year,
      photo: await photoOf(deps, uuid),
      qrText: `${deps.env.adminPublicUrl}/verify#${cardToken(text, signLicenceText(deps.env.licenceKeyFile, text))}`,
    });
  }
  return { fileName: `Lizenzkarten-${order.orgId}-${order.id}.pdf`, bytes: await licenceCardsPdf(FEDERATION_NAME, cards), type: 'application/pdf' };
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

export const LICENCE_EXPORT_COLUMNS = ['Lizenznummer', 'Nachname', 'Vorname', 'Geburtsdatum', 'Geschlecht', 'Verein', 'Vereinsnummer', 'Altersklasse', 'Bundesland'] as const;

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
        sql`${functionAssignments.dateFrom} <= ${`${year}-12-31`}`,
        sql`${functionAssignments.dateTo} >= ${`${year}-01-01`}`,
        isNotNull(members.regNr),
      ),
    )
    .orderBy(members.sortSurname, members.sortFirstName, members.id, organisations.id);
  const genders: Record<string, string> = { m: 'm', w: 'w', d: 'd' };
  let text = CSV_BOM + csvLine([...LICENCE_EXPORT_COLUMNS]) + CSV_LINE_END;
  for (const r of rows) {
    text += csvLine([r.regNr, r.surname, r.firstName, r.birthDate, genders[r.gender] ?? r.gender, r.club, r.clubNumber, ageClass(r.birthDate, `${year}-12-31`), r.state]) + CSV_LINE_END;
  }
  return { fileName: `lizenzen-${year}.csv`, bytes: Buffer.from(text, 'utf8'), type: 'text/csv; charset=utf-8' };
}

import { readFile } from 'node:fs/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { cardToken, licenceCardText, licenceHeld, orderLicencesHeld } from '@/lib/domain/licence-card';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { orderNumber } from '@/lib/domain/orders/order-number';
import { functionAssignments, members, orderItems, orders, uploadedFiles } from '../../db/schema';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { coverLetterPdf } from '../../reports/cover-letter-pdf';
import type { LicenceCard } from '../../reports/licence-cards-pdf';
import { BUSY_RETRY_AFTER_SECONDS, licenceCardsPdfOffThread, LicenceCardsBusyError } from '../../reports/licence-cards-pool';
import { assignmentHeldBetween } from '../assignment-days';
import { licencePublicKey, signLicenceText } from '../licence-signing';
import { FEDERATION_NAME, orderWithOrg, requireFederation, type Download, type StreamedDownload } from './reports';

/**
 * Licence cards and their cover letter (the federation's, for held licences only) and the public
 * key that checks the cards.
 */

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

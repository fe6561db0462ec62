import { eq } from 'drizzle-orm';
import { licenceCardStatus, parseLicenceCardText, splitCardToken, type LicenceCardStatus } from '@/lib/domain/licence-card';
import { parseCategoryName } from '@/lib/domain/orders/categories';
import { orderItems, orders } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { verifyLicenceBytes } from './licence-signing';
import { resolveMemberId } from './members/merge-access';
import { licencesOnRecord } from './orders/licence-card-downloads';

/**
 * POST /public/licence-status: whether one licence card still stands — valid, revoked or unknown,
 * nothing else (no name, no club, no dates), so the answer tells no more than the card itself.
 * Only a card with the federation's signature is looked up; anything else is unknown without a
 * database query. Limited per client address (429 with Retry-After).
 */
export async function licenceStatus(deps: AppDeps, card: string, client: string): Promise<LicenceCardStatus> {
  const verdict = deps.licenceStatusLimiter.take(client);
  if (verdict.limited) {
    throw new ApiError(
      429,
      'rate_limited',
      `Too many licence checks from this address. Try again in ${verdict.retryAfterSeconds} seconds.`,
      {
        value: verdict.retryAfterSeconds,
        headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
      },
    );
  }
  const parts = splitCardToken(card.replace(/^.*#/, ''));
  const data = parts ? parseLicenceCardText(parts.text) : null;
  if (!parts || !data || !verifyLicenceBytes(deps.env.licenceKeyFile, parts.bytes, parts.signature)) {
    return licenceCardStatus({ genuine: false, ordersOfYear: [], licenceOnRecord: false });
  }
  // A card of a record merged since names the merged id: it stands for the survivor.
  const memberId = await resolveMemberId(deps.db, data.memberId);
  const lines = await deps.db
    .select({ status: orders.status, completed: orders.completed, category: orders.category })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.memberId, memberId));
  const ordersOfYear = lines.filter((o) => {
    const { kind, year } = parseCategoryName(o.category);
    return kind === 'licence' && year === data.year;
  });
  const onRecord = await licencesOnRecord(deps, [memberId], data.year);
  return licenceCardStatus({ genuine: true, ordersOfYear, licenceOnRecord: onRecord.has(memberId) });
}

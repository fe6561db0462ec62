import { clubFeeCategoryName, isVisibleTo, parseCategoryName } from './categories';

/**
 * Which categories the licence order wizard offers an organisation.
 *
 * - Cooperation partners see only KOOP categories, other organisations only those without.
 * - Only licence (JAHRESLIZENZ) and club fee (VEREINSBEITRAG) categories are offered.
 * - In the organisation's first year (its start year is the current year) only the current and
 *   the next year's licences are offered, without a club fee.
 * - Otherwise a licence year needs that year's club fee paid (an order VEREINSBEITRAG_{year} with
 *   status 'Freigegeben'); until then the category is listed as requiring 'Vereinsbeitrag {year}'.
 * - A club fee is offered until the organisation has an order for it that was not refunded.
 */

export const RELEASED_STATUS = 'Freigegeben';
export const CREATED_STATUS = 'Erstellt';
export const CANCELED_STATUS = 'canceled';

export type CategoryOffer =
  | { cat: string; kind: 'licence' | 'clubFee'; year: number; available: true }
  | { cat: string; kind: 'licence' | 'clubFee'; year: number; available: false; reason: 'clubFeeRequired'; clubFee: string }
  | { cat: string; kind: 'licence' | 'clubFee'; year: number; available: false; reason: 'alreadyOrdered' };

export type OrganisationForOffers = {
  coopPartner: boolean;
  /** YYYY-MM-DD or null when unknown (then it is not the first year). */
  orgStartDate: string | null;
};

/** The organisation's existing orders: category name and processing status. */
export type ExistingOrder = { category: string; status: string };

export function isFirstYear(org: OrganisationForOffers, today: string): boolean {
  return org.orgStartDate !== null && org.orgStartDate.slice(0, 4) === today.slice(0, 4);
}

/**
 * The wizard's choice of categories, in the order given. Categories that are not offered at all
 * (other groups, the other side's KOOP split, names without a year) are left out; those that are
 * shown but cannot be chosen carry the reason.
 */
export function categoryOffers(
  cats: readonly string[],
  org: OrganisationForOffers,
  orders: readonly ExistingOrder[],
  today: string,
): CategoryOffer[] {
  const currentYear = Number(today.slice(0, 4));
  const firstYear = isFirstYear(org, today);
  const live = orders.filter((o) => o.status !== CANCELED_STATUS);
  const paid = new Set(live.filter((o) => o.status === RELEASED_STATUS).map((o) => o.category));
  const ordered = new Set(live.map((o) => o.category));
  const out: CategoryOffer[] = [];
  for (const cat of cats) {
    const { kind, year } = parseCategoryName(cat);
    if (kind === 'other' || year === null || !isVisibleTo(cat, org.coopPartner)) continue;
    if (kind === 'clubFee') {
      out.push(ordered.has(cat) ? { cat, kind, year, available: false, reason: 'alreadyOrdered' } : { cat, kind, year, available: true });
      continue;
    }
    if (firstYear) {
      if (year === currentYear || year === currentYear + 1) out.push({ cat, kind, year, available: true });
      continue;
    }
    const fee = clubFeeCategoryName(year, org.coopPartner);
    out.push(
      paid.has(fee) ? { cat, kind, year, available: true } : { cat, kind, year, available: false, reason: 'clubFeeRequired', clubFee: fee },
    );
  }
  return out;
}

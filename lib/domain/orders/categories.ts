/**
 * Order categories by name: JAHRESLIZENZ_{year} (annual licences), VEREINSBEITRAG_{year} (club
 * fees), and their cooperation-partner variants containing KOOP (JAHRESLIZENZ_KOOP_{year}).
 * Other groups (badges, clothing, meetings, vouchers) are sold in the webshop, not in the wizard.
 */

export const LICENCE_PREFIX = 'JAHRESLIZENZ';
export const CLUB_FEE_PREFIX = 'VEREINSBEITRAG';
export const KOOP_MARK = 'KOOP';

export const CATEGORY_GROUPS = ['JAHRESLIZENZ', 'ABZEICHEN', 'KLEIDUNG', 'MEETING', 'GUTSCHEIN'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

/** Weight (grams) only means something for clothing; other groups store none. */
export function groupHasWeight(group: CategoryGroup): boolean {
  return group === 'KLEIDUNG';
}

export type CategoryKind = 'licence' | 'clubFee' | 'other';

export type CategoryName = { kind: CategoryKind; koop: boolean; year: number | null };

/** What a category name says: licence / club fee / other, cooperation variant, year (its last 4 digits). */
export function parseCategoryName(cat: string): CategoryName {
  const kind: CategoryKind = cat.startsWith(`${LICENCE_PREFIX}_`) ? 'licence' : cat.startsWith(`${CLUB_FEE_PREFIX}_`) ? 'clubFee' : 'other';
  const year = /_(\d{4})$/.exec(cat);
  return { kind, koop: cat.includes(KOOP_MARK), year: year ? Number(year[1]) : null };
}

export function licenceCategoryName(year: number, koop = false): string {
  return `${LICENCE_PREFIX}_${koop ? `${KOOP_MARK}_` : ''}${year}`;
}

/** The club fee a licence year needs: VEREINSBEITRAG_{year} (the KOOP variant for cooperation partners). */
export function clubFeeCategoryName(year: number, koop = false): string {
  return `${CLUB_FEE_PREFIX}_${koop ? `${KOOP_MARK}_` : ''}${year}`;
}

/** Cooperation partners see only categories containing KOOP; other organisations only those without. */
export function isVisibleTo(cat: string, coopPartner: boolean): boolean {
  return cat.includes(KOOP_MARK) === coopPartner;
}

/** The orders list shows only orders for licences or club fees. */
export function isLicenceOrClubFee(cat: string): boolean {
  return parseCategoryName(cat).kind !== 'other';
}

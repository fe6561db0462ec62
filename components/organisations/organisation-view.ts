/** Small display rules of the organisation screen (pure, shared by list, table and tabs). */

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** An organisation with an end date counts as inactive (dissolved). */
export function isInactive(org: { orgEndDate: string | null }): boolean {
  return Boolean(org.orgEndDate);
}

/** The left list is sorted by short name, German order, case-insensitive. */
export function sortByShortName<T extends { nameShort: string; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => collator.compare(a.nameShort ?? '', b.nameShort ?? '') || a.id - b.id);
}

/** The table filter 'Offene Beiträge >=2': two or more orders without completion date. */
export const OPEN_FEES_THRESHOLD = 2;
export function hasOpenFees(org: { openFees?: number | null }): boolean {
  return (org.openFees ?? 0) >= OPEN_FEES_THRESHOLD;
}

export type FeeTone = 'blue' | 'green' | 'unknown';

/** Fee processing status: Erstellt blue, Freigegeben green, anything else 'Unknown'. */
export function feeStatusTone(status: string | null | undefined): FeeTone {
  if (status === 'Erstellt') return 'blue';
  if (status === 'Freigegeben') return 'green';
  return 'unknown';
}

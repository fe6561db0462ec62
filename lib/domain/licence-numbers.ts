import { ORG_LEVEL_FEDERATION } from './functions';

/**
 * Licence numbers (regNr) are given by the system with a person's first licence and printed on
 * signed licence cards, so each names one person. Clubs and trainers cannot set or change one
 * (what they send is ignored); the federation may set one by hand, e.g. to carry over a number
 * from the old register, and that one must be free as well.
 */

/** Whether a caller acting at these organisation levels may set a licence number by hand. */
export function maySetLicenceNumber(levels: readonly number[]): boolean {
  return levels.includes(ORG_LEVEL_FEDERATION);
}

/**
 * The number the system counts with, when a licence number is one of its own kind (1–9 digits,
 * no leading zero); null for any other text (an old number kept as it was).
 */
export function parseLicenceNumber(regNr: string): number | null {
  const trimmed = regNr.trim();
  return /^[1-9][0-9]{0,8}$/.test(trimmed) ? Number(trimmed) : null;
}

import { isOpenEnded } from './dates';

/**
 * Member rules shared by the API and the member screen.
 * Dates are YYYY-MM-DD strings; calendar arithmetic is done in UTC on those strings, so the
 * answer never depends on the machine's time zone. "today" is always passed in (the API's clock).
 */

export { isOpenEnded };

/** The end date stored for "no end" (open-ended, shown 'unbefristet'). */
export const OPEN_END_DATE = '2999-12-31';

/** A member's gender: m(ale), w(eiblich), d(ivers). */
export const GENDERS = ['m', 'w', 'd'] as const;

/**
 * A person's fields as the member form writes them (and an import fills them, and an update may
 * change them): one list, so a new field reaches every way of writing a person.
 */
export const PERSON_FIELDS = [
  'firstName',
  'middleName',
  'surname',
  'birthDate',
  'gender',
  'nationality',
  'country',
  'street',
  'houseNumber',
  'doorNumber',
  'zip',
  'city',
  'phoneMobile',
  'email',
  'regNr',
] as const;

export const AGE_CLASSES = ['U10', 'U13', 'U15', 'U18', 'U21', 'Allgem. Klasse', '50+', '65+'] as const;
export type AgeClass = (typeof AGE_CLASSES)[number];

/**
 * Age classes follow the archery convention: the class is chosen by the age a person REACHES in
 * the current calendar year (year of today − birth year), so it does not change on the birthday
 * but on 1 January. "U13" = under 13 all year long = reaches at most 12.
 *
 * | class          | age reached this year |
 * |----------------|-----------------------|
 * | U10            | ≤ 9                   |
 * | U13            | 10 – 12               |
 * | U15            | 13 – 14               |
 * | U18            | 15 – 17               |
 * | U21            | 18 – 20               |
 * | Allgem. Klasse | 21 – 49               |
 * | 50+            | 50 – 64               |
 * | 65+            | ≥ 65                  |
 */
const AGE_CLASS_LIMITS: ReadonlyArray<readonly [maxAge: number, cls: AgeClass]> = [
  [9, 'U10'],
  [12, 'U13'],
  [14, 'U15'],
  [17, 'U18'],
  [20, 'U21'],
  [49, 'Allgem. Klasse'],
  [64, '50+'],
];

/** Age reached in the calendar year of `today` (current year minus birth year). */
export function ageInYear(birthDate: string, today: string): number {
  return Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
}

export function ageClass(birthDate: string, today: string): AgeClass {
  const age = ageInYear(birthDate, today);
  for (const [max, cls] of AGE_CLASS_LIMITS) if (age <= max) return cls;
  return '65+';
}

/**
 * The birth dates (inclusive) that fall into `cls` in the year of `today`, for database filters:
 * classes are whole birth years.
 */
export function birthDateRange(cls: AgeClass, today: string): { from: string | null; to: string | null } {
  const year = Number(today.slice(0, 4));
  const i = AGE_CLASSES.indexOf(cls);
  const maxAge = i < AGE_CLASS_LIMITS.length ? AGE_CLASS_LIMITS[i][0] : null;
  const minAge = i === 0 ? null : AGE_CLASS_LIMITS[i - 1][0] + 1;
  return {
    // Oldest in the class: reaches maxAge this year.
    from: maxAge === null ? null : `${year - maxAge}-01-01`,
    to: minAge === null ? null : `${year - minAge}-12-31`,
  };
}

const DAY_MS = 86_400_000;

function toDay(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(isoDate: string, days: number): string {
  return fromDay(toDay(isoDate) + days);
}

/** isoDate + n calendar months (day clamped to the month's end, as date libraries do). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * A licence is active while "its end date plus about one day is not past": the original
 * compared end date + 1 day (midnight) with now, so the end day itself still counts in full and
 * the day after it does not. Open-ended licences (year ≥ 2999) are always active. A licence that
 * has not started yet is not active.
 */
export function isLicenceActive(dateTo: string | null | undefined, today: string, dateFrom?: string | null): boolean {
  if (dateFrom && dateFrom > today) return false;
  if (!dateTo || isOpenEnded(dateTo)) return true;
  // end + 1 day > today, i.e. end ≥ today (ISO dates compare as text)
  return dateTo.slice(0, 10) >= today.slice(0, 10);
}

/**
 * Where a period (function, membership, licence) stands on `today`: 'upcoming' before its first
 * day (a licence released for next year), 'active' from its first to its last day, 'ended' after.
 */
export type PeriodState = 'upcoming' | 'active' | 'ended';
export function periodState(dateFrom: string, dateTo: string | null | undefined, today: string): PeriodState {
  if (dateFrom.slice(0, 10) > today.slice(0, 10)) return 'upcoming';
  return !dateTo || isOpenEnded(dateTo) || dateTo.slice(0, 10) >= today.slice(0, 10) ? 'active' : 'ended';
}

/** An assignment (function, membership) is active on `today` when from ≤ today ≤ to. */
export function isActiveOn(dateFrom: string, dateTo: string | null | undefined, today: string): boolean {
  return dateFrom <= today && (!dateTo || today <= dateTo);
}

/**
 * The season a licence belongs to: year of (licence date + 1 day) − 1. A licence
 * ending 31.12.2025 is season 2025; one ending 30.09.2025 counts for 2024 (the season it closes).
 * Open-ended licences have no season (null).
 */
export function licenceSeason(licenceDate: string): number | null {
  if (isOpenEnded(licenceDate)) return null;
  return Number(addDays(licenceDate, 1).slice(0, 4)) - 1;
}

/** Ending a membership (and an organisation): only from today up to 364 days ahead. */
export const MEMBERSHIP_END_MAX_DAYS = 364;

export function membershipEndDateRange(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, MEMBERSHIP_END_MAX_DAYS) };
}

export function isMembershipEndDateAllowed(date: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return false;
  const { min, max } = membershipEndDateRange(today);
  return date >= min && date <= max;
}

/** A birth date must lie at least 2 years in the past. */
export const MIN_MEMBER_AGE_YEARS = 2;

/** The latest allowed birth date: today two years ago (29 Feb → 28 Feb in a common year). */
export function latestBirthDate(today: string): string {
  return addMonths(today, -12 * MIN_MEMBER_AGE_YEARS);
}

export function isBirthDateAllowed(birthDate: string, today: string): boolean {
  return birthDate <= latestBirthDate(today);
}

/** Training validity: completed on `dateFrom`, valid `validityMonths` months; null = forever. */
export function trainingValidTo(dateFrom: string, validityMonths: number | null | undefined): string | null {
  if (validityMonths === null || validityMonths === undefined) return null;
  return addMonths(dateFrom, validityMonths);
}

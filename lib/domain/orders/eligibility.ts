import { isOpenEnded } from '../dates';
import { licenceSeason } from '../members';
import { bandForAge, orderAge, type AgeBand } from './age-bands';

/**
 * Who may be ordered a licence of a year. A person is selectable only if all hold:
 * - the Safety First training (training 1) is recorded,
 * - no licence is active for the category year yet (an open-ended licence, or one whose season is that year),
 * - their age (current year − birth year) lies inside one of the category's age bands (bands inclusive),
 * - they are not already in a live (not refunded) order of the category,
 * - they have a profile picture,
 * - their licence season is lower than the category year (no licence for a later year).
 * Each failed rule gives one reason, in this order; the first is the one to show.
 */

/** The Safety First training (training id 1): required before a first licence. */
export const SAFETY_FIRST_TRAINING_ID = 1;

export const INELIGIBILITY_REASONS = [
  'noSafetyFirst',
  'licenceActive',
  'outsideAgeBands',
  'alreadyOrdered',
  'noProfileImage',
  'seasonNotBelowYear',
] as const;
export type IneligibilityReason = (typeof INELIGIBILITY_REASONS)[number];

/** A licence (function 29) of the person, as stored: from and to dates (YYYY-MM-DD; year 2999 = open-ended). */
export type LicencePeriod = { dateFrom: string; dateTo: string | null };

export type PersonFacts = {
  birthDate: string;
  licences: readonly LicencePeriod[];
  hasSafetyFirst: boolean;
  hasProfileImage: boolean;
  /** In a live order of the category already (refunded orders do not count). */
  alreadyOrdered: boolean;
};

export type LicenceCategoryFacts = { year: number; ageBands: readonly AgeBand[] };

export type Eligibility = {
  age: number;
  /** The person's licence date: the latest end of a licence (open-ended counts as latest); null without licences. */
  licenceDate: string | null;
  /** Season of the licence date: year of (licence date + 1 day) − 1; null when none or open-ended. */
  season: number | null;
  band: AgeBand | null;
  /** Holds a licence for the category year already. */
  active: boolean;
  /** Outside every age band: cannot be ordered whatever else holds. */
  disabled: boolean;
  alreadyOrdered: boolean;
  reasons: IneligibilityReason[];
  selectable: boolean;
};

function latestLicenceDate(licences: readonly LicencePeriod[]): string | null {
  let latest: string | null = null;
  for (const l of licences) {
    const end = l.dateTo ?? '2999-12-31';
    if (latest === null || end > latest) latest = end;
  }
  return latest;
}

/** Whether a licence already covers `year`: open-ended and started by the year's end, or its season is that year. */
export function licenceCoversYear(licence: LicencePeriod, year: number): boolean {
  if (licence.dateTo === null || isOpenEnded(licence.dateTo)) return licence.dateFrom <= `${year}-12-31`;
  return licenceSeason(licence.dateTo) === year;
}

export function eligibility(person: PersonFacts, category: LicenceCategoryFacts, today: string): Eligibility {
  const age = orderAge(person.birthDate, today);
  const licenceDate = latestLicenceDate(person.licences);
  const season = licenceDate === null ? null : licenceSeason(licenceDate);
  const band = bandForAge(category.ageBands, age);
  const active = person.licences.some((l) => licenceCoversYear(l, category.year));

  const reasons: IneligibilityReason[] = [];
  if (!person.hasSafetyFirst) reasons.push('noSafetyFirst');
  if (active) reasons.push('licenceActive');
  if (!band) reasons.push('outsideAgeBands');
  if (person.alreadyOrdered) reasons.push('alreadyOrdered');
  if (!person.hasProfileImage) reasons.push('noProfileImage');
  if (season !== null && season >= category.year && !active) reasons.push('seasonNotBelowYear');

  return {
    age,
    licenceDate,
    season,
    band,
    active,
    disabled: !band,
    alreadyOrdered: person.alreadyOrdered,
    reasons,
    selectable: reasons.length === 0,
  };
}

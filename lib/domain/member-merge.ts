import { todayIso } from './dates';
import { addDays, PERSON_FIELDS } from './members';

/**
 * Merging two records of one person: which value of each field survives, how two periods of the
 * same function in the same organisation become one, what blocks a merge, and until when a merge
 * can be taken back. Pure: server/services/members/member-merge.ts feeds it from the database.
 */

/** The person's fields a merge chooses between, one value each. `email` is the login: the password goes with it. */
export const MERGE_FIELDS = [...PERSON_FIELDS, 'phoneFixed', 'extId', 'uuid', 'params'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeSide = 'survivor' | 'merged';

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

/** The same value on both records (objects compared by content). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

export type FieldPlan = { field: MergeField; survivor: unknown; merged: unknown; differs: boolean; chosen: MergeSide };

/**
 * Which value of each field survives: the caller's pick where the two records differ; without a
 * pick the survivor's value, unless it is empty and the merged record has one (nothing known is
 * dropped unasked).
 */
export function planFields(
  survivor: Record<MergeField, unknown>,
  merged: Record<MergeField, unknown>,
  picks: Partial<Record<MergeField, MergeSide>> = {},
): FieldPlan[] {
  return MERGE_FIELDS.map((field) => {
    const differs = !sameValue(survivor[field], merged[field]);
    const fallback: MergeSide = isEmpty(survivor[field]) && !isEmpty(merged[field]) ? 'merged' : 'survivor';
    return { field, survivor: survivor[field], merged: merged[field], differs, chosen: differs ? (picks[field] ?? fallback) : 'survivor' };
  });
}

export type Period = { dateFrom: string; dateTo: string };

/** Two periods of one function in one organisation overlap or touch (the next begins the day after the first ends): they are one. */
export function periodsJoin(a: Period, b: Period): boolean {
  return a.dateFrom <= addDays(b.dateTo, 1) && b.dateFrom <= addDays(a.dateTo, 1);
}

/** The one period covering both. */
export function joinedPeriod(a: Period, b: Period): Period {
  return { dateFrom: a.dateFrom < b.dateFrom ? a.dateFrom : b.dateFrom, dateTo: a.dateTo > b.dateTo ? a.dateTo : b.dateTo };
}

export type Licence = Period & { orgId: number };

/** The calendar years a licence covers (an open end counts up to the current year). */
function licenceYears(l: Licence, currentYear: number): number[] {
  const from = Number(l.dateFrom.slice(0, 4));
  const to = Math.min(Number(l.dateTo.slice(0, 4)), Math.max(currentYear, from));
  const years: number[] = [];
  for (let y = from; y <= to; y++) years.push(y);
  return years;
}

/**
 * A person holds one licence a year, in one club: two records with licences of the same year in
 * different clubs cannot become one person until one licence is taken back or corrected.
 */
export function licenceYearConflicts(survivor: readonly Licence[], merged: readonly Licence[], currentYear: number): number[] {
  const years = new Set<number>();
  for (const a of survivor) {
    const ya = new Set(licenceYears(a, currentYear));
    for (const b of merged) {
      if (a.orgId === b.orgId) continue;
      for (const y of licenceYears(b, currentYear)) if (ya.has(y)) years.add(y);
    }
  }
  return [...years].sort((x, y) => x - y);
}

/** A login counts as in use when it signed in within these days. */
export const RECENT_LOGIN_DAYS = 30;

/**
 * Two logins both used within RECENT_LOGIN_DAYS: the person may really use both addresses (or
 * they are two people); only one login survives a merge, so it waits until one is given up.
 */
export function bothLoginsRecent(lastSignIns: { survivor: Date | null; merged: Date | null }, now: Date): boolean {
  const since = now.getTime() - RECENT_LOGIN_DAYS * 24 * 60 * 60 * 1000;
  return Boolean(
    lastSignIns.survivor && lastSignIns.merged && lastSignIns.survivor.getTime() >= since && lastSignIns.merged.getTime() >= since,
  );
}

/** A merge can be taken back on the day it was made (local calendar day), and only once. */
export function mayUndoMerge(mergedAt: Date, now: Date): boolean {
  return todayIso(mergedAt) === todayIso(now);
}

import type { Rng } from './random';
import { int } from './random';

/**
 * Calendar arithmetic on YYYY-MM-DD strings in UTC, so the generated dates never depend on the
 * machine's time zone.
 */

export const OPEN_END = '2999-12-31';

const DAY_MS = 86_400_000;

export function iso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

export function toDay(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

export function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** A day in [from, to] (both inclusive); `from` when the range is empty. */
export function dateBetween(rng: Rng, from: string, to: string): string {
  const a = toDay(from);
  const b = toDay(to);
  return b <= a ? from : fromDay(int(rng, a, b));
}

export function addDays(isoDate: string, days: number): string {
  return fromDay(toDay(isoDate) + days);
}

/** Same day n months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(d, last));
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

import { format, isValid, parse, parseISO } from 'date-fns';

/** Dates are shown as DD.MM.YYYY and sent/stored as YYYY-MM-DD. */
export const DISPLAY_DATE = 'dd.MM.yyyy';
export const ISO_DATE = 'yyyy-MM-dd';

/** An end date in year 2999 or later means open-ended ("unbefristet"). */
export const OPEN_ENDED_YEAR = 2999;

export function isOpenEnded(isoDate: string | null | undefined): boolean {
  if (!isoDate) return false;
  const year = Number(isoDate.slice(0, 4));
  return Number.isFinite(year) && year >= OPEN_ENDED_YEAR;
}

/** YYYY-MM-DD (or a full ISO timestamp) → DD.MM.YYYY; empty string for nothing or garbage. */
export function formatDisplayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = parseISO(iso);
  return isValid(d) ? format(d, DISPLAY_DATE) : '';
}

/** DD.MM.YYYY → YYYY-MM-DD, or null when it is not a real calendar date. */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}\.\d{1,2}\.\d{4}$/.test(trimmed)) return null;
  const d = parse(trimmed, 'd.M.yyyy', new Date(2000, 0, 1));
  return isValid(d) ? format(d, ISO_DATE) : null;
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now: Date = new Date()): string {
  return format(now, ISO_DATE);
}

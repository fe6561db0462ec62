import { format, isValid, parse, parseISO } from 'date-fns';

/** Dates are shown as DD.MM.YYYY and sent/stored as YYYY-MM-DD (core §1). */
export const DISPLAY_DATE = 'dd.MM.yyyy';
export const ISO_DATE = 'yyyy-MM-dd';

/** An end date in year 2999 or later means open-ended ("unbefristet"). */
export const OPEN_ENDED_YEAR = 2999;

export function isOpenEnded(isoDate: string | null | undefined): boolean {
  if (!isoDate) return false;
  const year = Number(isoDate.slice(0, 4));
  return Number.isFinite(year) && year >= OPEN_ENDED_YEAR;
}

const PLAIN_ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD (or a full ISO timestamp) → DD.MM.YYYY; empty string for nothing or garbage. */
export function formatDisplayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  // the common case, a plain YYYY-MM-DD, without a date object (CSV exports format 100,000s)
  const plain = PLAIN_ISO_DATE.exec(iso);
  if (plain && Number(plain[1]) >= 1000) {
    const [, y, m, d] = plain;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? `${d}.${m}.${y}` : '';
  }
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

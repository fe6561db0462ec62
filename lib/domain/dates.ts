/** An end date in year 2999 or later means open-ended ("unbefristet"). */
export const OPEN_ENDED_YEAR = 2999;

export function isOpenEnded(isoDate: string | null | undefined): boolean {
  if (!isoDate) return false;
  const year = Number(isoDate.slice(0, 4));
  return Number.isFinite(year) && year >= OPEN_ENDED_YEAR;
}

/*
 * Plain string and Date code rather than a date library: these run in every page that shows a
 * date, and a formatting library would add its formatters and locale to each of them.
 */
const PLAIN_ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const two = (n: number) => String(n).padStart(2, '0');

/** Whether day d of month m (1–12) exists in year y. */
function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The one gate between what a date field holds and the rules: a complete, real calendar day as
 * YYYY-MM-DD, or null. Partial or refused text ('1', '12.0', '2025-02-30') is never a date, so a
 * rule only ever sees complete valid dates and never has to guard against half-typed text.
 */
export function completeIsoDate(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const plain = PLAIN_ISO_DATE.exec(text);
  if (!plain) return null;
  return isCalendarDate(Number(plain[1]), Number(plain[2]), Number(plain[3])) ? text : null;
}

/** YYYY-MM-DD (or a full ISO timestamp, shown in local time) → DD.MM.YYYY; empty string for nothing or garbage. */
export function formatDisplayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const plain = PLAIN_ISO_DATE.exec(iso);
  if (plain) {
    const [, y, m, d] = plain;
    return isCalendarDate(Number(y), Number(m), Number(d)) ? `${d}.${m}.${y}` : '';
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso)) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${String(date.getFullYear()).padStart(4, '0')}`;
}

/** DD.MM.YYYY → YYYY-MM-DD, or null when it is not a real calendar date. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isCalendarDate(y, m, d) ? `${match[3]}-${two(m)}-${two(d)}` : null;
}

/** Today as YYYY-MM-DD in local time. */
export function todayIso(now: Date = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, '0')}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** A full ISO timestamp → DD.MM.YYYY HH:mm in local time; empty string for nothing or garbage. */
export function formatDisplayDateTime(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}T/.test(iso)) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDisplayDate(iso)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The calendar day as a UTC Date (no time zone or daylight saving shift), e.g. for adding days. */
function utcDay(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date;
}
const isoOf = (date: Date) => `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;

/** YYYY-MM-DD plus n days (n may be negative), as YYYY-MM-DD. */
export function addDaysIso(iso: string, n: number): string {
  const date = utcDay(iso);
  date.setUTCDate(date.getUTCDate() + n);
  return isoOf(date);
}

/** YYYY-MM-DD plus n months; a day the target month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsIso(iso: string, n: number): string {
  const date = utcDay(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + n);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + 1, 0);
  date.setUTCDate(Math.min(day, lastDay.getUTCDate()));
  return isoOf(date);
}

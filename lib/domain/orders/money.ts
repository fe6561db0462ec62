/**
 * Money is kept in integer cents inside the system (database and domain rules) and shown or
 * received as euros with two decimals at the edges (API bodies, forms). Converting once, here,
 * keeps 0.1 + 0.2 out of every sum.
 */

/** Longest price a form accepts, in characters ("9999.99"). */
export const PRICE_MAX_LENGTH = 7;

/** Cents as euros with two decimals (1990 → 19.9, i.e. 19.90 €). */
export function centsToEuros(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  return cents / 100;
}

/**
 * Euros (number or decimal text with a point, at most two decimals) as cents; null when the value
 * is not an amount of money: more than two decimals, not finite, or text that is not "123" / "123.4" / "123.45".
 * Numbers are rounded through their shortest decimal text, so 0.1 + 0.2 gives 30, and 19.99 gives 1999.
 */
export function eurosToCents(euros: number | string): number | null {
  const text = typeof euros === 'number' ? (Number.isFinite(euros) ? String(euros) : '') : euros.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) {
    // A computed number such as 0.1 + 0.2 (0.30000000000000004) is still a cent amount.
    if (typeof euros === 'number' && Number.isFinite(euros)) {
      const cents = Math.round(euros * 100);
      return Math.abs(euros * 100 - cents) < 1e-6 ? cents : null;
    }
    return null;
  }
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

const euroFormats = new Map<string, Intl.NumberFormat>();

/** "149,00 €" (de) / "€149.00" (en): always two decimals. */
export function formatEuros(cents: number, locale: string = 'de'): string {
  let format = euroFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'en' ? 'en-IE' : 'de-DE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    euroFormats.set(locale, format);
  }
  return format.format(centsToEuros(cents));
}

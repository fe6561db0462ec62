import type { AgeBand } from './age-bands';
import { bandForAge } from './age-bands';

/**
 * What an order costs, computed by the server only (never taken from a client), in cents.
 *
 * - A person's sum = the licence price of their age band when ordered + the band's print price
 *   when a printed card is chosen. Printing is only possible for an ordered person.
 * - A licence order's total = the base amount (149 € unless configured otherwise) + the person sums.
 * - A club fee order's total = the club fee category's price.
 */

/** Base amount added to every licence order, unless the deployment configures another. */
export const DEFAULT_ORDER_BASE_CENTS = 14_900;

export type PersonChoice = { order: boolean; print: boolean };

export type PersonPrice = { licenceCents: number; printCents: number; sumCents: number };

/**
 * The price of one person in a licence category; null when their age is outside every band (they
 * cannot be ordered). A print without an order costs nothing: it cannot be chosen.
 */
export function personPrice(bands: readonly AgeBand[], age: number, choice: PersonChoice): PersonPrice | null {
  const band = bandForAge(bands, age);
  if (!band) return null;
  if (!choice.order) return { licenceCents: 0, printCents: 0, sumCents: 0 };
  const printCents = choice.print ? band.printCents : 0;
  return { licenceCents: band.licenceCents, printCents, sumCents: band.licenceCents + printCents };
}

export function licenceOrderTotal(personSumsCents: readonly number[], baseCents: number = DEFAULT_ORDER_BASE_CENTS): number {
  return personSumsCents.reduce((total, sum) => total + sum, baseCents);
}

/** A club fee costs the category's price; a category without a price cannot be paid. */
export function clubFeeTotal(categoryPriceCents: number | null | undefined): number | null {
  return categoryPriceCents === null || categoryPriceCents === undefined || categoryPriceCents < 0 ? null : categoryPriceCents;
}

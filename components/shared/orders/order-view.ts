import { eurosToCents, formatEuros } from '@/lib/domain/orders/money';
import type { OrderState } from '@/lib/domain/orders/status';
import type { PersonForOrdering } from '@/lib/schemas/orders';

/**
 * What the wizard shows before it submits. The figures are a preview: the server prices every
 * line again from the category when the order is placed, whatever the screen sent.
 */

/** Orders per page of the left list. */
export const ORDER_LIST_PAGE_SIZE = 11;

export type Choice = { order: boolean; print: boolean };

/** A person's sum in cents: the licence price when ordered, plus the print price when a card is printed. */
export function previewSumCents(person: Pick<PersonForOrdering, 'order' | 'print'>, choice: Choice): number {
  if (!choice.order) return 0;
  return (eurosToCents(person.order) ?? 0) + (choice.print ? (eurosToCents(person.print) ?? 0) : 0);
}

export function euros(amount: number, locale: string): string {
  return formatEuros(eurosToCents(amount) ?? 0, locale);
}

/** A line marked for removal: struck through, on red, its text at least 4.5:1 against the background. */
export const MARKED_REMOVAL_ROW = 'bg-red-50 text-gray-700 line-through';

/** A wizard step that is skipped (the club fee has no persons step): struck through, text at least 4.5:1. */
export const SKIPPED_STEP = 'rounded-full bg-gray-100 px-3 py-1 text-gray-600 line-through';

/** Tag colours of an order's state. */
export const STATE_TONE: Record<OrderState, string> = {
  created: 'bg-blue-100 text-blue-800 border-blue-300',
  completed: 'bg-green-100 text-green-800 border-green-300',
  remitted: 'bg-amber-100 text-amber-900 border-amber-300',
};

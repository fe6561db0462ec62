import { CANCELED_STATUS } from './availability';

/**
 * An order's state as the lists filter it:
 * - created: no completed date and not canceled;
 * - completed: has a completed date;
 * - remitted (refunded): canceled and no completed date.
 */
export type OrderState = 'created' | 'completed' | 'remitted';

export function orderState(order: { status: string; completed: string | null }): OrderState {
  if (order.completed) return 'completed';
  return order.status === CANCELED_STATUS ? 'remitted' : 'created';
}

/** Items can be added or removed while the order is not completed and not refunded. */
export function itemsEditable(order: { status: string; completed: string | null }): boolean {
  return orderState(order) === 'created';
}

/** Release and refund are offered unless the order is completed or canceled. */
export function mayReleaseOrRefund(order: { status: string; completed: string | null }): boolean {
  return orderState(order) === 'created';
}

import { CANCELED_STATUS, CREATED_STATUS, RELEASED_STATUS } from './availability';
import { parseCategoryName, type CategoryName } from './categories';

/**
 * An order's state as the lists filter it:
 * - created: no completed date and not canceled;
 * - completed: has a completed date;
 * - remitted (refunded): canceled and no completed date.
 */
export const ORDER_STATES = ['created', 'completed', 'remitted'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

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

/**
 * A licence order is an order of persons: one without persons is never released or invoiced (it
 * would charge the base amount for no licence). Creating one empty is refused, removing its last
 * person is refused (the order is refunded instead), and an empty one is not released.
 */
export function isEmptyLicenceOrder(category: string | Pick<CategoryName, 'kind'>, persons: number): boolean {
  const { kind } = typeof category === 'string' ? parseCategoryName(category) : category;
  return kind === 'licence' && persons === 0;
}

/** What the federation does with an order: release it, refund it, or send it back to created. */
export type OrderDecision = 'release' | 'refund' | 'sendBack';

/** The status text each decision sets. */
export const DECISION_STATUS = { release: RELEASED_STATUS, refund: CANCELED_STATUS, sendBack: CREATED_STATUS } as const satisfies Record<
  OrderDecision,
  string
>;

/** Every status text a decision sets, as the API accepts them. */
export const DECISION_STATUSES = [CREATED_STATUS, RELEASED_STATUS, CANCELED_STATUS] as const;

export function decisionForStatus(status: string): OrderDecision | null {
  const found = (Object.keys(DECISION_STATUS) as OrderDecision[]).find((d) => DECISION_STATUS[d] === status);
  return found ?? null;
}

/**
 * Whether the API applies a decision to an order in its state:
 * - release: a created order (not completed, not refunded);
 * - refund: a created or a completed order (a refund of a released order takes it back; it ends
 *   where send back and refund would, in one step, for clients of the API);
 * - send back: a completed order, back to created.
 * `unchanged` when the order is already where the decision leads (releasing twice changes nothing).
 * What the order screen offers is narrower: see `offersDecision`.
 */
export function decide(order: { status: string; completed: string | null }, decision: OrderDecision): 'apply' | 'unchanged' | 'refused' {
  const state = orderState(order);
  const target: OrderState = decision === 'release' ? 'completed' : decision === 'refund' ? 'remitted' : 'created';
  if (state === target) return 'unchanged';
  if (decision === 'release') return state === 'created' ? 'apply' : 'refused';
  if (decision === 'refund') return 'apply';
  return state === 'completed' ? 'apply' : 'refused';
}

/**
 * The decisions the order screen offers: release and refund only while the order is created
 * (`mayReleaseOrRefund`), send back only for a completed order. A released order is sent back
 * first and then refunded, each step confirmed.
 */
export function offersDecision(order: { status: string; completed: string | null }, decision: OrderDecision): boolean {
  if (decide(order, decision) !== 'apply') return false;
  return decision === 'sendBack' || mayReleaseOrRefund(order);
}

/**
 * The shell's order badges: a submitted order shows 'Bezahlt' (paid), a created one 'neu' (new),
 * any other status its own text.
 */
export type OrderBadge = { kind: 'paid' } | { kind: 'new' } | { kind: 'text'; text: string };

export function orderBadge(status: string): OrderBadge {
  const s = status.toLowerCase();
  if (s === 'submitted') return { kind: 'paid' };
  if (s === 'erstellt' || s === 'created') return { kind: 'new' };
  return { kind: 'text', text: status };
}

/**
 * The shell's overview pages its orders by 10. Every page is reachable: with more than one page
 * there is a pager, one button per page up to 40 orders, the simple pager (‹ page x of y ›) above.
 */
export const SHELL_ORDERS_PAGE_SIZE = 10;
export const SHELL_ORDERS_PAGER_ABOVE = 40;

export function shellOrdersPager(total: number): 'none' | 'numbered' | 'simple' {
  if (total <= SHELL_ORDERS_PAGE_SIZE) return 'none';
  return total > SHELL_ORDERS_PAGER_ABOVE ? 'simple' : 'numbered';
}

import { FORM_LICENCE_ORDER, FORM_ORDER_CATEGORIES, FORM_ORDER_DETAIL, FORM_ORDER_OVERVIEW, ORG_LEVEL_FEDERATION } from '../functions';
import { canReadOrg, type ActingOrgRef, type TargetOrgRef } from '../organisation-rules';

/**
 * Who may do what with orders, given the organisation the caller acts in and the functions they
 * hold there:
 * - the order screens are the licence order wizard (55), the order detail (56) and the order
 *   overview (1005); holding one of them lets the caller read the orders of the organisations
 *   they may see (the federation all, a state association itself and its clubs, a club itself);
 * - a club orders for itself only (wizard, 55); the federation may act for any club;
 * - only the federation releases, refunds and sends back orders, and edits the categories (1032).
 */

export const ORDER_FORM_FUNCTION_IDS = [FORM_LICENCE_ORDER, FORM_ORDER_DETAIL, FORM_ORDER_OVERVIEW] as const;
export const ORDER_CATEGORY_FUNCTION_IDS = [FORM_ORDER_CATEGORIES] as const;

export type OrderActor = ActingOrgRef & { functions: readonly number[] };

const holds = (actor: OrderActor, ids: readonly number[]) => actor.functions.some((f) => ids.includes(f));
const isFederation = (actor: OrderActor) => actor.level === ORG_LEVEL_FEDERATION;

/** Reads the orders of `target`: an order screen in the acting organisation, and the organisation in sight. */
export function mayReadOrders(actor: OrderActor, target: TargetOrgRef): boolean {
  return holds(actor, ORDER_FORM_FUNCTION_IDS) && canReadOrg(actor, target);
}

/** Orders for `targetOrgId` (creates, adds and removes persons, comments): the club itself with the wizard, or the federation. */
export function mayOrderFor(actor: OrderActor, targetOrgId: number): boolean {
  if (isFederation(actor)) return holds(actor, ORDER_FORM_FUNCTION_IDS);
  return actor.id === targetOrgId && holds(actor, [FORM_LICENCE_ORDER]);
}

/** Releases, refunds and sends back orders: the federation's order detail or overview. */
export function mayDecideOrders(actor: OrderActor): boolean {
  return isFederation(actor) && holds(actor, [FORM_ORDER_DETAIL, FORM_ORDER_OVERVIEW]);
}

/** Creates and changes order categories: the federation's category form. */
export function mayEditCategories(actor: OrderActor): boolean {
  return isFederation(actor) && holds(actor, ORDER_CATEGORY_FUNCTION_IDS);
}

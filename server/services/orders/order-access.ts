import { eq } from 'drizzle-orm';
import { ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import {
  mayDecideOrders,
  mayEditCategories,
  mayOrderFor,
  mayReadOrders,
  ORDER_CATEGORY_FUNCTION_IDS,
  ORDER_FORM_FUNCTION_IDS,
} from '@/lib/domain/orders/order-rights';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { actingOrg, loadCaller, orgsWith, type ActingOrg } from '../access';

/**
 * The order calls' permission checks (rules in lib/domain/orders/order-rights.ts). Calls whose
 * path names the organisation the orders belong to are allowed when any of the caller's order
 * screens allows them (federation first); calls that list across organisations (the overview and
 * the report) name the acting organisation itself.
 */

/** The organisation an order call is about, as the order rules and answers need it. */
export type OrderOrg = {
  id: number;
  motherId: number | null;
  level: number;
  name: string;
  nameShort: string;
  bso: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  orgStartDate: string | null;
  coopPartner: boolean;
};

export async function loadOrderOrg(deps: Pick<AppDeps, 'db'>, orgId: number): Promise<OrderOrg> {
  const [row] = await deps.db
    .select({
      id: organisations.id,
      motherId: organisations.orgMotherId,
      level: organisations.orgLevel,
      name: organisations.name,
      nameShort: organisations.nameShort,
      bso: organisations.bso,
      street: organisations.street,
      zip: organisations.zip,
      city: organisations.city,
      orgStartDate: organisations.orgStartDate,
      params: organisations.params,
    })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!row) throw notFound('No such organisation');
  const { params, ...org } = row;
  return { ...org, coopPartner: Boolean(params?.coop_partner) };
}

async function orderActors(deps: AppDeps, callerId: number): Promise<ActingOrg[]> {
  const caller = await loadCaller(deps, callerId);
  const actors = orgsWith(caller, ORDER_FORM_FUNCTION_IDS).sort((a, b) => a.level - b.level || a.id - b.id);
  if (actors.length === 0) throw forbidden('You hold no function for the order screens');
  return actors;
}

/** The caller's organisation that may read the orders of `target`; 403 when none may. */
export async function orderReader(deps: AppDeps, callerId: number, target: OrderOrg): Promise<ActingOrg> {
  const actor = (await orderActors(deps, callerId)).find((a) => mayReadOrders(a, target));
  if (!actor) throw forbidden("You may not see this organisation's orders");
  return actor;
}

/** The caller's organisation that may order for `target` (the club itself or the federation); 403 otherwise. */
export async function orderPlacer(deps: AppDeps, callerId: number, target: { id: number }): Promise<ActingOrg> {
  const actor = (await orderActors(deps, callerId)).find((a) => mayOrderFor(a, target.id));
  if (!actor) throw forbidden('You may not order for this organisation');
  return actor;
}

/** The caller's federation organisation with an order screen: releases, refunds and sends back. */
export async function orderDecider(deps: AppDeps, callerId: number): Promise<ActingOrg> {
  const actor = (await orderActors(deps, callerId)).find((a) => mayDecideOrders(a));
  if (!actor) throw forbidden('Only the federation releases, refunds or sends back orders');
  return actor;
}

/** The acting organisation of the overview and the report (the path's orgId), with an order screen there. */
export async function orderScope(deps: AppDeps, callerId: number, actingOrgId: number): Promise<ActingOrg> {
  return actingOrg(await loadCaller(deps, callerId), actingOrgId, ORDER_FORM_FUNCTION_IDS);
}

/** The federation organisation (the path's orgId) whose category form the caller uses; 403 otherwise. */
export async function categoryEditor(deps: AppDeps, callerId: number, actingOrgId: number): Promise<ActingOrg> {
  const actor = actingOrg(await loadCaller(deps, callerId), actingOrgId, ORDER_CATEGORY_FUNCTION_IDS);
  if (!mayEditCategories(actor)) throw forbidden('Only the federation edits order categories');
  return actor;
}

/**
 * Which categories the caller sees: the federation (any order or category screen in organisation
 * 1) all; everyone else those of their order screens' organisations (cooperation partners the KOOP
 * ones, the others those without).
 */
export async function categoryViewer(deps: AppDeps, callerId: number): Promise<{ all: boolean; coop: Set<boolean> }> {
  const caller = await loadCaller(deps, callerId);
  const actors = orgsWith(caller, [...ORDER_FORM_FUNCTION_IDS, ...ORDER_CATEGORY_FUNCTION_IDS]);
  if (actors.length === 0) throw forbidden('You hold no function for the order screens');
  if (actors.some((a) => a.level === ORG_LEVEL_FEDERATION)) return { all: true, coop: new Set([true, false]) };
  return { all: false, coop: new Set(actors.map((a) => a.coopPartner)) };
}

import { eq } from 'drizzle-orm';
import { ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { ORDER_FORM_FUNCTION_IDS } from '@/lib/domain/orders/order-rights';
import { orders } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { loadCaller, orgsWith } from '../access';
import { loadOrderOrg, type OrderOrg } from './order-access';

/**
 * What the order downloads share. The downloads themselves: the payment request, the invoices and
 * cancellation invoices, for whoever may read the order (invoice-downloads.ts); licence cards and
 * their cover letter, for held licences only, and the public key that checks the cards
 * (licence-card-downloads.ts); the export of a year's licences for tournament software
 * (licence-export.ts). Cards, letters and the export are the federation's (organisation levels
 * below 2).
 */

export const FEDERATION_NAME = 'Österreichischer Bogensportverband';

export type Download = { fileName: string; bytes: Buffer; type: string };
/** A download written while it is sent (no length known in advance). */
export type StreamedDownload = { fileName: string; stream: NodeJS.ReadableStream & { destroy(error?: Error): unknown }; type: string };

export async function orderWithOrg(deps: AppDeps, orderId: number): Promise<{ order: typeof orders.$inferSelect; org: OrderOrg }> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('No such order');
  return { order, org: await loadOrderOrg(deps, order.orgId) };
}

/** Licence cards, cover letters and the licence export are the federation's (organisation level below 2). */
export async function requireFederation(deps: AppDeps, callerId: number, what: string): Promise<void> {
  const caller = await loadCaller(deps, callerId);
  if (!orgsWith(caller, ORDER_FORM_FUNCTION_IDS).some((o) => o.level < ORG_LEVEL_STATE))
    throw forbidden(`Only the federation prints ${what}`);
}

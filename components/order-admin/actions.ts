'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { commentOrder, getOrderReport, removeOrderMembers } from '@/lib/api/orders';
import { recordId } from '@/lib/schemas/ids';
import { adminRefusal, orderRefusal } from '@/components/shared/orders/order-refusals';

/** The order admin's own calls (form 51): the report, removing persons from an order, comments. */

export const loadReport = defineAction({
  namespace: 'orders',
  input: z.object({ actingOrgId: recordId, q: z.string().max(100).optional(), page: z.number().int().min(1).max(100_000) }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ actingOrgId, q, page }) => getOrderReport(actingOrgId, { q, page, size: 20 }),
});

/** Saves the persons marked for removal: 'Bestellung #{id} gespeichert'. */
export const saveRemovals = defineAction({
  namespace: 'orderAdmin',
  input: z.object({ orgId: recordId, id: recordId, members: z.array(recordId).min(1).max(1000) }),
  failure: 'failed',
  refusal: adminRefusal,
  run: async ({ orgId, id, members }, { t }) => {
    const order = await removeOrderMembers(orgId, id, members);
    return { order, message: t('saved', { id: order.orderNumber }) };
  },
});

export const addComment = defineAction({
  namespace: 'orderAdmin',
  input: z.object({ orgId: recordId, id: recordId, comment: z.string().trim().min(1, 'required').max(2000, 'commentTooLong') }),
  failure: 'failed',
  refusal: adminRefusal,
  run: async ({ orgId, id, comment }) => commentOrder(orgId, id, comment),
});

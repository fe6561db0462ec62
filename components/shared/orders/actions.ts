'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { decideOrder, getOrgOrders, getOverseenOrders } from '@/lib/api/orders';
import { decisionForStatus } from '@/lib/domain/orders/status';
import { orderListQuerySchema, orderUpdateSchema } from '@/lib/schemas/orders';
import { recordId } from '@/lib/schemas/ids';
import { adminRefusal, orderRefusal } from './order-refusals';
import { ORDER_LIST_PAGE_SIZE } from './order-view';

/** The order calls two features share: the order list (wizard, order admin, start page) and the decision on an order (order admin, tournament approval). */

const listInput = z.object({
  orgId: recordId,
  /** own: the organisation's orders (wizard); overseen: every order the acting organisation oversees. */
  scope: z.enum(['own', 'overseen']).default('own'),
  q: z.string().max(100).optional(),
  state: orderListQuerySchema.shape.state,
  page: z.number().int().min(1).max(100_000),
  size: z.number().int().min(1).max(100).default(ORDER_LIST_PAGE_SIZE),
});

export const loadOrders = defineAction({
  namespace: 'orders',
  input: listInput,
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId, scope, ...params }) => (scope === 'own' ? getOrgOrders : getOverseenOrders)(orgId, params),
});

/** What the approval view does: 'Bestellung #{id} freigegeben' (with the persons marked for removal taken out in the same step), 'Rücküberwiesen', back to created. */
export const decide = defineAction({
  namespace: 'orderAdmin',
  input: z.object({
    orgId: recordId,
    id: recordId,
    status: orderUpdateSchema.shape.status,
    updatedAt: z.string().min(1).max(64),
    removeMembers: z.array(recordId).max(1000).optional(),
  }),
  failure: 'failed',
  refusal: adminRefusal,
  run: async (body, { t }) => {
    const order = await decideOrder(body.orgId, {
      id: body.id,
      status: body.status,
      updatedAt: body.updatedAt,
      removeMembers: body.removeMembers,
    });
    const decision = decisionForStatus(body.status);
    const message =
      decision === 'release'
        ? t('released', { id: order.orderNumber })
        : decision === 'refund'
          ? t('refunded')
          : t('sentBack', { id: order.orderNumber });
    return { order, message };
  },
});

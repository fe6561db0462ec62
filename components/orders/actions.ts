'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { getOrder, getOrderItems, getOrderOffers, getPersonsForOrdering, placeOrder } from '@/lib/api/orders';
import { categoryNameSchema } from '@/lib/schemas/orders';
import { recordId } from '@/lib/schemas/ids';
import { orderRefusal } from '@/components/shared/orders/order-refusals';

/**
 * The licence order wizard's calls (form 55). Reads run as actions too, so the screen can page its
 * list and load a category's persons without a page reload; every price comes from the API.
 */

export const loadPersons = defineAction({
  namespace: 'orders',
  // with page and size one page of the persons matching q (and the total); without, everyone
  input: z.object({
    orgId: recordId,
    ordercat: categoryNameSchema,
    page: z.number().int().min(1).max(100_000).optional(),
    size: z.number().int().min(1).max(200).optional(),
    q: z.string().trim().max(100).optional(),
  }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId, ordercat, page, size, q }) => getPersonsForOrdering(orgId, ordercat, page && size ? { page, size, q } : undefined),
});

export const loadOffers = defineAction({
  namespace: 'orders',
  input: z.object({ orgId: recordId }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId }) => getOrderOffers(orgId),
});

export const loadOrder = defineAction({
  namespace: 'orders',
  input: z.object({ orgId: recordId, orderId: recordId }),
  failure: 'loadFailed',
  refusal: orderRefusal,
  run: async ({ orgId, orderId }) => {
    const [order, items] = await Promise.all([getOrder(orgId, orderId), getOrderItems(orgId, orderId)]);
    return { order, items };
  },
});

export const submitOrder = defineAction({
  namespace: 'orders',
  input: z.object({
    orgId: recordId,
    ordercat: categoryNameSchema,
    members: z.array(z.object({ id: recordId, params: z.object({ print: z.boolean() }) })).max(1000),
    /** The total the check step showed, in cents. */
    expectedTotalCents: z.number().int().min(0).max(10_000_000_000),
  }),
  failure: 'failed',
  refusal: orderRefusal,
  run: async ({ orgId, ordercat, members, expectedTotalCents }) =>
    placeOrder(orgId, { ordercat, members, expectedTotal: expectedTotalCents / 100 }),
});

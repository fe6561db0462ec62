import { createRoute, z } from '@hono/zod-openapi';
import { orderCategoryInputSchema } from '@/lib/schemas/order-categories';
import { OrderCategorySchema } from '@/lib/schemas/orders';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, orgIdParam } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/**
 * The federation's order categories form (1032). `orgId` is the acting organisation (the
 * federation). Prices in euros (digits with an optional decimal point, at most 7 characters),
 * weight in grams (clothing only), age bands [from, to] inclusive and not overlapping.
 */

const tags = ['Orders'];
const orgPath = z.object({ orgId: orgIdParam });

export const create = createRoute({
  method: 'post',
  path: '/api/v2/admin/{orgId}/category',
  operationId: 'createOrderCategory',
  ...access({ own: ['federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'Create an order category (federation only)',
  description: '409 `category_exists` when the name is taken.',
  request: { params: orgPath, body: { required: true, content: json(orderCategoryInputSchema) } },
  responses: { 201: { description: 'The category', content: json(OrderCategorySchema) }, ...errorResponses(400, 401, 403, 409, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v2/admin/{orgId}/category',
  operationId: 'updateOrderCategory',
  ...access({ own: ['federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'Change an order category (federation only)',
  description:
    'id and the updatedAt the form loaded (409 `stale` otherwise). A category that orders name keeps its name (409 `category_in_use`).',
  request: { params: orgPath, body: { required: true, content: json(orderCategoryInputSchema) } },
  responses: { 200: { description: 'The category', content: json(OrderCategorySchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

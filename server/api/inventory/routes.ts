import { createRoute, z } from '@hono/zod-openapi';
import {
  InventoryArticleSchema,
  inventoryInputSchema,
  inventoryListQuery,
  InventoryPageSchema,
  inventoryUpdateSchema,
} from '@/lib/schemas/news';
import { idText } from '@/lib/schemas/common';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/** The webshop's stock lines (form 1004): articles of category "webshop" per order category, gender and size. */

const tags = ['Inventory'];
const params = z.object({ orgId: idText.meta({ description: 'The acting organisation (form 1004 there)' }) });

export const list = createRoute({
  method: 'get',
  path: '/api/v2/admin/{orgId}/inventory',
  operationId: 'listInventory',
  ...access({ own: ['federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: "The webshop's stock lines, by article title, searched and paged in the database (10 per page)",
  request: { params: params, query: inventoryListQuery },
  responses: { 200: { description: 'A page of stock lines', content: json(InventoryPageSchema) }, ...errorResponses(401, 403, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v2/admin/{orgId}/inventory',
  operationId: 'createInventory',
  ...access({ own: ['federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'A stock line: an article in category "webshop", an order category, gender m/f, a size from the lists, stock ≥ 0',
  description: '409 `duplicate` for a second line of the same article, category, gender and size.',
  request: { params: params, body: { required: true, content: json(inventoryInputSchema) } },
  responses: { 201: { description: 'Created', content: json(InventoryArticleSchema) }, ...errorResponses(400, 401, 403, 409, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v2/admin/{orgId}/inventory',
  operationId: 'updateInventory',
  ...access({ own: ['federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'Change a stock line (as the API answered it); 409 `stale`, 409 `duplicate`',
  request: { params: params, body: { required: true, content: json(inventoryUpdateSchema) } },
  responses: { 200: { description: 'Changed', content: json(InventoryArticleSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

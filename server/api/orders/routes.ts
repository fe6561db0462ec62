import { createRoute, z } from '@hono/zod-openapi';
import {
  CategoryOfferSchema,
  personsForOrderingQuerySchema,
  OrderCategorySchema,
  orderCommentSchema,
  orderCreateSchema,
  OrderItemSchema,
  orderListQuerySchema,
  orderMembersAddSchema,
  orderMembersRemoveSchema,
  OrderPageSchema,
  OrderReportPageSchema,
  orderReportQuerySchema,
  OrderSchema,
  orderUpdateSchema,
  PersonsForOrderingSchema,
} from '@/lib/schemas/orders';
import { idText } from '@/lib/schemas/common';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, idParam, json, orgIdParam } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/**
 * Licence and club fee orders. `orgId` in /order/{orgId}… is the organisation the orders belong to
 * (the caller reads them through any order screen that may see it: 55, 56 or 1005); in
 * /v2/admin/{orgId}/orders and /order/{orgId}/report it is the acting organisation, whose
 * overview spans every organisation it oversees. Money is in euros with two decimals; every price
 * and total is computed by the server.
 */

const tags = ['Orders'];
const orderIdParam = idParam('Order id');
const orgPath = z.object({ orgId: orgIdParam });
const orderPath = z.object({ orgId: orgIdParam, orderId: orderIdParam });

/** Registered before /order/{orgId}, which would otherwise take 'categories' for an organisation id. */
export const listCategories = createRoute({
  method: 'get',
  path: '/api/v1/order/categories',
  operationId: 'listOrderCategories',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Order categories (what is sold, at which price)',
  description:
    "Newest year first. The federation sees all; others the side of the KOOP split of their order screens' organisations (cooperation partners only KOOP categories). With `orgId`: what that organisation sees (the caller must be able to read its orders).",
  request: { query: z.object({ orgId: idText.optional().meta({ description: 'Only the categories this organisation sees' }) }) },
  responses: { 200: { description: 'Categories', content: json(z.array(OrderCategorySchema)) }, ...errorResponses(401, 403, 404, 422) },
});

export const listOrgOrders = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}',
  operationId: 'listOrganisationOrders',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "An organisation's licence and club fee orders, newest first",
  request: { params: orgPath, query: orderListQuerySchema },
  responses: { 200: { description: 'A page of orders', content: json(OrderPageSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const report = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}/report',
  operationId: 'orderReport',
  ...access({ own: ['club', 'state', 'federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'Ordered persons of every order the acting organisation oversees',
  description:
    'orgId is the acting organisation (an order screen there): the federation sees all, a state association itself and its clubs, a club itself.',
  request: { params: orgPath, query: orderReportQuerySchema },
  responses: { 200: { description: 'A page of report lines', content: json(OrderReportPageSchema) }, ...errorResponses(401, 403, 422) },
});

export const reportCsv = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}/report.csv',
  operationId: 'orderReportCsv',
  ...access({ own: ['club', 'state', 'federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'The whole report (with its search) as CSV',
  description: "';', UTF-8 with byte-order mark, CRLF; German headers; without the organisation column at level 3.",
  request: { params: orgPath, query: z.object({ q: z.string().trim().max(100).optional() }) },
  responses: { 200: { description: 'The report', content: { 'text/csv': { schema: binary } } }, ...errorResponses(401, 403, 422) },
});

export const persons = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}/persons',
  operationId: 'personsForOrdering',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "The organisation's active members for a licence category, with price and why someone cannot be ordered",
  description:
    'Only the organisation itself (licence order wizard, 55) or the federation. `reasons` lists every rule a person fails (noSafetyFirst, licenceActive, outsideAgeBands, alreadyOrdered, noProfileImage, seasonNotBelowYear); empty = can be ordered. Sorted by surname, first name. With `page`, `size` or `q`: one page of the persons matching `q`, and `total`; without them every person.',
  request: { params: orgPath, query: personsForOrderingQuerySchema },
  responses: {
    200: { description: 'Persons for ordering', content: json(PersonsForOrderingSchema) },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const offers = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}/offers',
  operationId: 'orderCategoryOffers',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'The licence and club fee categories the organisation can order now, and why not',
  description:
    "A licence year needs that year's club fee released (reason clubFeeRequired, naming it), except in the organisation's first year (then only this and next year); a club fee can be ordered once (reason alreadyOrdered).",
  request: { params: orgPath },
  responses: { 200: { description: 'Offers', content: json(z.array(CategoryOfferSchema)) }, ...errorResponses(401, 403, 404, 422) },
});

export const getOrder = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}/{orderId}',
  operationId: 'getOrder',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'One order',
  request: { params: orderPath },
  responses: { 200: { description: 'The order', content: json(OrderSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const getItems = createRoute({
  method: 'get',
  path: '/api/v1/order/{orgId}/items/{orderId}',
  operationId: 'getOrderItems',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: "An order's lines: fee lines first, then the persons",
  request: { params: orderPath },
  responses: { 200: { description: 'Order lines', content: json(z.array(OrderItemSchema)) }, ...errorResponses(401, 403, 404, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/order/{orgId}',
  operationId: 'createOrder',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Place an order: licences for persons, or the club fee',
  description:
    "One transaction. Licence orders: `members` (at least one) are checked against every rule (422 `not_orderable` naming the person and the reason, also when a parallel request ordered them first) and priced from the category; the base amount is added as a line. A category that does not exist is 422 `unknown_category`, one not offered to the organisation 422 `category_not_offered`. The year's club fee must be released first (422 `club_fee_required`). Club fee orders: one line with the category's price; a second live one is 409 `already_ordered`. Prices, summary and status a client sends are ignored.",
  request: { params: orgPath, body: { required: true, content: json(orderCreateSchema) } },
  responses: { 201: { description: 'The new order', content: json(OrderSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const decide = createRoute({
  method: 'put',
  path: '/api/v1/order/{orgId}',
  operationId: 'decideOrder',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Release, refund or send back an order (federation only)',
  description:
    'status Freigegeben releases a created order (completed = today), canceled refunds a created or released one, Erstellt sends a released one back. As of `updatedAt` (409 `stale`); the state the order is in already changes nothing; any other move is 409 `invalid_transition`. Other fields of the order, as GET answers it, are ignored.',
  request: { params: orgPath, body: { required: true, content: json(orderUpdateSchema) } },
  responses: { 200: { description: 'The order', content: json(OrderSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const comment = createRoute({
  method: 'post',
  path: '/api/v1/order/{orgId}/comment/{orderId}',
  operationId: 'commentOrder',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Add a comment to the order (the ordering club and the federation)',
  request: { params: orderPath, body: { required: true, content: json(orderCommentSchema) } },
  responses: {
    200: { description: 'The order with its comments', content: json(OrderSchema) },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

export const addMembers = createRoute({
  method: 'post',
  path: '/api/v1/order/{orgId}/member/add',
  operationId: 'addOrderMembers',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Add persons to a licence order that is not completed',
  description:
    'Same rules as placing the order (422 `not_orderable` naming the person and the reason); 409 `order_closed` once released or refunded. Entries with id null (fee lines) and prices are ignored.',
  request: { params: orgPath, body: { required: true, content: json(orderMembersAddSchema) } },
  responses: { 200: { description: 'The order', content: json(OrderSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const removeMembers = createRoute({
  method: 'post',
  path: '/api/v1/order/{orgId}/member/remove',
  operationId: 'removeOrderMembers',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  ...signedIn,
  tags,
  summary: 'Take persons out of a licence order that is not completed',
  request: { params: orgPath, body: { required: true, content: json(orderMembersRemoveSchema) } },
  responses: { 200: { description: 'The order', content: json(OrderSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const listOverseen = createRoute({
  method: 'get',
  path: '/api/v2/admin/{orgId}/orders',
  operationId: 'listOverseenOrders',
  ...access({ own: ['club', 'state', 'federation'], foreign: [] }),
  ...signedIn,
  tags,
  summary: 'Orders of every organisation the acting organisation oversees (order overview)',
  description:
    'orgId is the acting organisation (an order screen there): the federation sees all, a state association itself and its clubs, a club itself.',
  request: { params: orgPath, query: orderListQuerySchema },
  responses: { 200: { description: 'A page of orders', content: json(OrderPageSchema) }, ...errorResponses(401, 403, 422) },
});

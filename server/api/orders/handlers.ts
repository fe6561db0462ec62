import type { AppRouteHandler } from '../../http/context';
import { listCategories as readCategories } from '../../services/orders/categories';
import {
  getOrder as readOrder,
  getOrderItems,
  listOrgOrders as readOrgOrders,
  listOverseenOrders,
  orderReport,
  orderReportCsv,
} from '../../services/orders/order-read';
import { commentOrder } from '../../services/orders/order-comments';
import { decideOrder } from '../../services/orders/order-decide';
import { addOrderMembers, createOrder, removeOrderMembers } from '../../services/orders/order-place';
import { categoryOffersFor, personsForOrdering } from '../../services/orders/persons';
import type * as routes from './routes';

export const listCategories: AppRouteHandler<typeof routes.listCategories> = async (c) =>
  c.json(await readCategories(c.var.deps, c.var.callerId, c.req.valid('query').orgId), 200);

export const listOrgOrders: AppRouteHandler<typeof routes.listOrgOrders> = async (c) =>
  c.json(await readOrgOrders(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const report: AppRouteHandler<typeof routes.report> = async (c) => {
  const { actingLevel: _level, ...page } = await orderReport(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query'));
  void _level;
  return c.json(page, 200);
};

export const reportCsv: AppRouteHandler<typeof routes.reportCsv> = async (c) => {
  const text = await orderReportCsv(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query').q);
  return c.body(text, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="bestellungen.csv"' });
};

export const persons: AppRouteHandler<typeof routes.persons> = async (c) =>
  c.json(await personsForOrdering(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const offers: AppRouteHandler<typeof routes.offers> = async (c) =>
  c.json(await categoryOffersFor(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const getOrder: AppRouteHandler<typeof routes.getOrder> = async (c) => {
  const { orgId, orderId } = c.req.valid('param');
  return c.json(await readOrder(c.var.deps, c.var.callerId, orgId, orderId), 200);
};

export const getItems: AppRouteHandler<typeof routes.getItems> = async (c) => {
  const { orgId, orderId } = c.req.valid('param');
  return c.json(await getOrderItems(c.var.deps, c.var.callerId, orgId, orderId), 200);
};

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createOrder(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 201);

export const decide: AppRouteHandler<typeof routes.decide> = async (c) =>
  c.json(await decideOrder(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 200);

export const comment: AppRouteHandler<typeof routes.comment> = async (c) => {
  const { orgId, orderId } = c.req.valid('param');
  return c.json(await commentOrder(c.var.deps, c.var.callerId, orgId, orderId, c.req.valid('json').comment), 200);
};

export const addMembers: AppRouteHandler<typeof routes.addMembers> = async (c) =>
  c.json(await addOrderMembers(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 200);

export const removeMembers: AppRouteHandler<typeof routes.removeMembers> = async (c) =>
  c.json(await removeOrderMembers(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 200);

export const listOverseen: AppRouteHandler<typeof routes.listOverseen> = async (c) =>
  c.json(await listOverseenOrders(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

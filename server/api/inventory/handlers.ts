import type { AppRouteHandler } from '../../http/context';
import { createInventory, listInventory, updateInventory } from '../../services/inventory/inventory';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listInventory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createInventory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  c.json(await updateInventory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('json')), 200);

import type { AppRouteHandler } from '../../http/context';
import { createCategory, deleteCategory, listCategories, updateCategory } from '../../services/news/categories';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listCategories(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createCategory(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) =>
  c.json(await updateCategory(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) =>
  c.json(await deleteCategory(c.var.deps, c.var.callerId, c.req.valid('query').id), 200);

import type { AppRouteHandler } from '../../http/context';
import { ApiError } from '../../http/errors';
import { createCategory, updateCategory } from '../../services/orders/categories';
import type * as routes from './routes';

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  // A new category: an id or updatedAt sent along (a copied record) is ignored.
  const { id: _id, updatedAt: _at, ...values } = c.req.valid('json');
  void _id;
  void _at;
  return c.json(await createCategory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, values), 201);
};

export const update: AppRouteHandler<typeof routes.update> = async (c) => {
  const body = c.req.valid('json');
  if (body.id === undefined) throw new ApiError(422, 'validation', "'id' is required", { field: 'id', rule: 'required' });
  return c.json(
    await updateCategory(c.var.deps, c.var.callerId, c.req.valid('param').orgId, { ...body, id: body.id, updatedAt: body.updatedAt! }),
    200,
  );
};

import type { AppRouteHandler } from '../../http/context';
import { roleCatalogue, saveFunction } from '../../services/members/functions';
import type * as routes from './routes';

export const catalogue: AppRouteHandler<typeof routes.catalogue> = async (c) =>
  c.json(await roleCatalogue(c.var.deps, c.var.callerId, c.req.valid('param').id), 200);

export const save: AppRouteHandler<typeof routes.save> = async (c) => {
  const result = await saveFunction(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('json'));
  return result.created ? c.json(result.assignment, 201) : c.json(result.assignment, 200);
};

import type { AppRouteHandler } from '../../http/context';
import { deletePlace as removePlace, savePlace as storePlace } from '../../services/organisations/organisation-places';
import { getOrg, listOrgs } from '../../services/organisations/organisations';
import { createOrg, updateOrg } from '../../services/organisations/organisation-write';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listOrgs(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) =>
  c.json(await getOrg(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query').actingOrgId), 200);

// The service validates again after the rights check (it also serves the merged PUT record).
export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await createOrg(c.var.deps, c.var.callerId, await c.req.json(), c.req.valid('query').actingOrgId), 201);

export const update: AppRouteHandler<typeof routes.update> = async (c) => {
  const body = c.req.valid('json') as { id: number; updatedAt: string } & Record<string, unknown>;
  return c.json(await updateOrg(c.var.deps, c.var.callerId, body, { actingOrgId: c.req.valid('query').actingOrgId }), 200);
};

export const savePlace: AppRouteHandler<typeof routes.savePlace> = async (c) => {
  const { created, place } = await storePlace(c.var.deps, c.var.callerId, await c.req.json(), c.req.valid('query').actingOrgId);
  return created ? c.json(place, 201) : c.json(place, 200);
};

export const deletePlace: AppRouteHandler<typeof routes.deletePlace> = async (c) => {
  const { orgId, placeId } = c.req.valid('param');
  await removePlace(c.var.deps, c.var.callerId, orgId, placeId, c.req.valid('query').actingOrgId);
  return c.json({ ok: true as const }, 200);
};

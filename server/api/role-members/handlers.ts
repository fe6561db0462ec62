import type { AppRouteHandler } from '../../http/context';
import { roleMembers, roleOrganisations } from '../../services/roles/role-members';
import type * as routes from './routes';

export const organisations: AppRouteHandler<typeof routes.organisations> = async (c) =>
  c.json(await roleOrganisations(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const members: AppRouteHandler<typeof routes.members> = async (c) =>
  c.json(await roleMembers(c.var.deps, c.var.callerId, c.req.valid('param').orgId, c.req.valid('query')), 200);

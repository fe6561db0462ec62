import type { AppRouteHandler } from '../../http/context';
import { assignRoles, undoRoleBatch } from '../../services/roles/role-assignment';
import { listRoleGroups, listRoles } from '../../services/roles/role-lists';
import { createRole as createCatalogueRole, updateRole as updateCatalogueRole } from '../../services/roles/role-catalogue';
import type * as routes from './routes';

export const roleGroups: AppRouteHandler<typeof routes.roleGroups> = async (c) => c.json(await listRoleGroups(c.var.deps), 200);

export const roleList: AppRouteHandler<typeof routes.roleList> = async (c) => c.json(await listRoles(c.var.deps), 200);

export const createRole: AppRouteHandler<typeof routes.createRole> = async (c) =>
  c.json(await createCatalogueRole(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const updateRole: AppRouteHandler<typeof routes.updateRole> = async (c) =>
  c.json(await updateCatalogueRole(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const assign: AppRouteHandler<typeof routes.assign> = async (c) =>
  c.json(await assignRoles(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const undo: AppRouteHandler<typeof routes.undo> = async (c) =>
  c.json(await undoRoleBatch(c.var.deps, c.var.callerId, c.req.valid('param').batchId), 200);

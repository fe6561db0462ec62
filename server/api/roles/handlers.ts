import { asc, eq } from 'drizzle-orm';
import { roleGroups as roleGroupTable, roles } from '../../db/schema';
import type { AppRouteHandler } from '../../http/context';
import { assignRoles, undoRoleBatch } from '../../services/roles/role-assignment';
import { createRole as createCatalogueRole, updateRole as updateCatalogueRole } from '../../services/roles/role-catalogue';
import type * as routes from './routes';

export const roleGroups: AppRouteHandler<typeof routes.roleGroups> = async (c) => {
  const rows = await c.var.deps.db
    .select({ id: roles.id, name: roles.name, params: roles.params, groupId: roleGroupTable.id, group: roleGroupTable.group })
    .from(roles)
    .innerJoin(roleGroupTable, eq(roleGroupTable.id, roles.groupId))
    .orderBy(asc(roleGroupTable.id), asc(roles.id));
  const groups = new Map<number, { id: number; group: string; roles: Array<{ id: number; name: string; params: Record<string, unknown> }> }>();
  for (const r of rows) {
    const g = groups.get(r.groupId) ?? { id: r.groupId, group: r.group, roles: [] };
    g.roles.push({ id: r.id, name: r.name, params: r.params ?? {} });
    groups.set(r.groupId, g);
  }
  return c.json([...groups.values()], 200);
};

export const roleList: AppRouteHandler<typeof routes.roleList> = async (c) => {
  const rows = await c.var.deps.db.select({ id: roles.id, name: roles.name, groupId: roles.groupId, params: roles.params }).from(roles).orderBy(asc(roles.id));
  return c.json(rows.map((r) => ({ ...r, params: r.params ?? {} })), 200);
};

export const createRole: AppRouteHandler<typeof routes.createRole> = async (c) => c.json(await createCatalogueRole(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const updateRole: AppRouteHandler<typeof routes.updateRole> = async (c) => c.json(await updateCatalogueRole(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const assign: AppRouteHandler<typeof routes.assign> = async (c) => c.json(await assignRoles(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const undo: AppRouteHandler<typeof routes.undo> = async (c) => c.json(await undoRoleBatch(c.var.deps, c.var.callerId, c.req.valid('param').batchId), 200);

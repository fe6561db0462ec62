import { asc, eq } from 'drizzle-orm';
import { roleGroups, roles } from '../../db/schema';
import type { AppDeps } from '../../http/context';

/** The role catalogue as reference data for any signed-in caller: no right needed to read it. */

type RoleGroupEntry = { id: number; group: string; roles: Array<{ id: number; name: string; params: Record<string, unknown> }> };

/** Every role group with its roles, groups and roles by id. */
export async function listRoleGroups(deps: AppDeps): Promise<RoleGroupEntry[]> {
  const rows = await deps.db
    .select({ id: roles.id, name: roles.name, params: roles.params, groupId: roleGroups.id, group: roleGroups.group })
    .from(roles)
    .innerJoin(roleGroups, eq(roleGroups.id, roles.groupId))
    .orderBy(asc(roleGroups.id), asc(roles.id));
  const groups = new Map<number, RoleGroupEntry>();
  for (const r of rows) {
    const g = groups.get(r.groupId) ?? { id: r.groupId, group: r.group, roles: [] };
    g.roles.push({ id: r.id, name: r.name, params: r.params ?? {} });
    groups.set(r.groupId, g);
  }
  return [...groups.values()];
}

/** Every role, by id; a role without parameters answers `params: {}`. */
export async function listRoles(deps: AppDeps) {
  const rows = await deps.db
    .select({ id: roles.id, name: roles.name, groupId: roles.groupId, params: roles.params })
    .from(roles)
    .orderBy(asc(roles.id));
  return rows.map((r) => ({ ...r, params: r.params ?? {} }));
}

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { FEDERATION_ORG_ID, FORM_ROLE_EDIT, isSystemFunction } from '@/lib/domain/functions';
import type { Role, RoleCreateInput, RoleUpdateInput } from '@/lib/schemas/roles';
import type { SeedDb } from '../../db/seed/insert';
import { organisations, roleGroups, roles, type RoleParams } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, orgsWith } from '../access';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';

/**
 * The federation's role catalogue: POST /admin/role creates a role, PUT /admin/role changes one as
 * of the updatedAt the form loaded. Only the federation's role administration (function 66 in
 * organisation 1) writes it. The system roles (every function that opens a form) live in group
 * 11: they keep their group, and no other role joins it.
 */

/** The group of the system roles (lib/domain/functions.ts FORM_FUNCTION_IDS). */
export const SYSTEM_ROLE_GROUP = 11;

/** Catalogue writes, one at a time: the next id and the name check must not race each other. */
const CATALOGUE_LOCK = sql`select pg_advisory_xact_lock(7701, 0)`;

const LIST_KEYS = ['orgWhitelist', 'orgBlacklist', 'editWhitelist'] as const;

type RoleRow = typeof roles.$inferSelect;

export function roleShape(row: Pick<RoleRow, 'id' | 'name' | 'groupId' | 'params' | 'updatedAt'>): Role {
  return { id: row.id, name: row.name, groupId: row.groupId, params: row.params ?? {}, updatedAt: rfc3339(row.updatedAt) };
}

/** 403 unless the caller holds the role administration (66) in the federation. */
async function assertCatalogueEditor(deps: AppDeps, callerId: number): Promise<void> {
  const caller = await loadCaller(deps, callerId);
  if (!orgsWith(caller, [FORM_ROLE_EDIT]).some((o) => o.id === FEDERATION_ORG_ID)) {
    throw forbidden('Only the federation edits the role catalogue');
  }
}

/** The lists as stored: each id once, in the order sent; an empty list is no list. */
function cleanParams(params: NonNullable<RoleCreateInput['params']>): RoleParams {
  const out: RoleParams = {};
  for (const key of LIST_KEYS) {
    const list = params[key];
    if (list?.length) out[key] = [...new Set(list)];
  }
  return out;
}

/** 422 naming the field for a group that does not exist. */
async function assertGroup(tx: SeedDb, groupId: number): Promise<void> {
  const [group] = await tx.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.id, groupId));
  if (!group)
    throw new ApiError(422, 'validation', `There is no role group ${groupId}`, { field: 'groupId', value: groupId, rule: 'unknownGroup' });
}

/** 422 naming the list for an organisation that does not exist. */
async function assertOrganisations(tx: SeedDb, params: RoleParams): Promise<void> {
  const ids = [...new Set(LIST_KEYS.flatMap((k) => params[k] ?? []))];
  if (ids.length === 0) return;
  const found = new Set(
    (await tx.select({ id: organisations.id }).from(organisations).where(inArray(organisations.id, ids))).map((r) => r.id),
  );
  for (const key of LIST_KEYS) {
    const missing = params[key]?.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw new ApiError(422, 'validation', `There is no organisation ${missing}`, {
        field: `params.${key}`,
        value: missing,
        rule: 'unknownOrganisation',
      });
    }
  }
}

/** 409 `role_exists` when another role of the group has the name (case-insensitive). */
async function assertNameFree(tx: SeedDb, groupId: number, name: string, selfId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.groupId, groupId), sql`lower(${roles.name}) = lower(${name})`, selfId === null ? undefined : ne(roles.id, selfId)))
    .limit(1);
  if (taken)
    throw new ApiError(409, 'role_exists', `The group has a role named ${name} already (${taken.id})`, { field: 'name', value: name });
}

const systemGroupRefused = (groupId: number) =>
  new ApiError(422, 'validation', 'Only the system roles belong to the system role group', {
    field: 'groupId',
    value: groupId,
    rule: 'systemGroup',
  });

/** POST /admin/role: a new role with the next id above the highest one. */
export async function createRole(deps: AppDeps, callerId: number, input: RoleCreateInput): Promise<Role> {
  await assertCatalogueEditor(deps, callerId);
  if (input.groupId === SYSTEM_ROLE_GROUP) throw systemGroupRefused(input.groupId);
  const params = cleanParams(input.params ?? {});
  return deps.db.transaction(async (tx) => {
    await tx.execute(CATALOGUE_LOCK);
    await assertGroup(tx, input.groupId);
    await assertOrganisations(tx, params);
    await assertNameFree(tx, input.groupId, input.name, null);
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${roles.id}), 0) + 1`.mapWith(Number) }).from(roles);
    const [row] = await tx.insert(roles).values({ id: next, name: input.name, groupId: input.groupId, params }).returning();
    const role = roleShape(row);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: FEDERATION_ORG_ID,
      entity: 'role',
      entityId: row.id,
      action: 'create',
      after: role,
    });
    return role;
  });
}

/**
 * PUT /admin/role: name, group and lists as of the updatedAt the form loaded (409 `stale`
 * otherwise). params left out stay as they are. A system role keeps its group; no other role
 * moves into the system role group.
 */
export async function updateRole(deps: AppDeps, callerId: number, input: RoleUpdateInput): Promise<Role> {
  await assertCatalogueEditor(deps, callerId);
  return deps.db.transaction(async (tx) => {
    await tx.execute(CATALOGUE_LOCK);
    const [lock] = await tx
      .select({ fresh: sql<boolean>`${roles.updatedAt} = ${input.updatedAt}::timestamptz`, before: roles })
      .from(roles)
      .where(eq(roles.id, input.id))
      .for('update');
    if (!lock) throw notFound('No such role');
    const before = lock.before;
    if (!lock.fresh)
      throw new ApiError(409, 'stale', 'The role was changed in the meantime; reload it', { value: rfc3339(before.updatedAt) });
    const system = isSystemFunction(before.id) || before.groupId === SYSTEM_ROLE_GROUP;
    if (system && input.groupId !== before.groupId) {
      throw new ApiError(422, 'validation', 'A system role stays in its group', {
        field: 'groupId',
        value: before.groupId,
        rule: 'systemRoleGroup',
      });
    }
    if (!system && input.groupId === SYSTEM_ROLE_GROUP) throw systemGroupRefused(input.groupId);
    await assertGroup(tx, input.groupId);
    const params = input.params === undefined ? (before.params ?? {}) : cleanParams(input.params);
    if (input.params !== undefined) await assertOrganisations(tx, params);
    await assertNameFree(tx, input.groupId, input.name, before.id);
    const [row] = await tx
      .update(roles)
      .set({
        name: input.name,
        groupId: input.groupId,
        params,
        updatedAt: sql`greatest(clock_timestamp(), ${roles.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(roles.id, before.id))
      .returning();
    const role = roleShape(row);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: FEDERATION_ORG_ID,
      entity: 'role',
      entityId: row.id,
      action: 'update',
      before: roleShape(before),
      after: role,
    });
    return role;
  });
}

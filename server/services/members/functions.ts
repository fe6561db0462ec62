import { and, asc, eq, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { OPEN_END_DATE } from '@/lib/domain/members';
import { editsMembersAt, mayAssignFunctionsIn, roleEditableBy, roleOfferedIn, type OrgRef } from '@/lib/domain/member-permissions';
import { mayConnect } from '@/lib/domain/reach';
import type { MemberRole, RoleGroup } from '@/lib/schemas/member-responses';
import type { FunctionData } from '@/lib/schemas/members';
import { functionAssignments, members, organisations, roleGroups, roles } from '../../db/schema';
import { isBadTimestamp } from '../../db/db-errors';
import type { AppDeps } from '../../http/context';
import { recordAudit } from '../audit';
import { numberNewLicenceHolders } from '../licence-numbers';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller } from '../access';
import { assertReadable, editingOrgs, memberActingOrg, memberFormOrgs, requireMemberFormOrgs } from '../member-access';
import { reachFactsFor } from '../reach';
import { loadAssignments, toMemberFunction, type AssignmentRow } from './member-shape';
import { rfc3339 } from '../timestamps';

/**
 * Functions (roles) of members: the catalogue a caller may assign in an
 * organisation, a member's assignments, and create/update of one assignment. Role entries are
 * filtered by params.editWhitelist (who may assign) and orgWhitelist/orgBlacklist (where).
 */

/** A caller may touch an assignment when they may assign in its organisation and the role's editWhitelist lets them. */
function canTouch(formOrgs: OrgRef[], role: { params: Record<string, unknown> | null }, orgId: number): boolean {
  return (
    mayAssignFunctionsIn(formOrgs, orgId) &&
    roleEditableBy(
      role,
      formOrgs.map((o) => o.id),
    )
  );
}

/** GET /admin/functions/{orgId}: role groups with the roles the caller may assign in that organisation. */
export async function roleCatalogue(deps: AppDeps, callerId: number, orgId: number): Promise<RoleGroup[]> {
  const formOrgs = requireMemberFormOrgs(await loadCaller(deps, callerId));
  if (!mayAssignFunctionsIn(formOrgs, orgId)) {
    // An organisation the caller works in but may not assign in (a state association only reads): nothing to offer.
    // Anyone else's organisation is not the caller's business.
    if (!formOrgs.some((o) => o.id === orgId)) throw forbidden('You may not assign functions in this organisation');
    return [];
  }
  // The federation may assign everywhere: an organisation that does not exist is 404, not an empty catalogue.
  const [org] = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId)).limit(1);
  if (!org) throw notFound('No such organisation');
  const rows = await deps.db
    .select({ id: roles.id, name: roles.name, params: roles.params, groupId: roleGroups.id, group: roleGroups.group })
    .from(roles)
    .innerJoin(roleGroups, eq(roleGroups.id, roles.groupId))
    .orderBy(asc(roleGroups.id), asc(roles.id));
  const groups = new Map<number, RoleGroup>();
  for (const r of rows) {
    if (
      !roleOfferedIn(r, orgId) ||
      !roleEditableBy(
        r,
        formOrgs.map((o) => o.id),
      )
    )
      continue;
    const g = groups.get(r.groupId) ?? { id: r.groupId, group: r.group, roles: [] };
    g.roles.push({ id: r.id, name: r.name, params: r.params ?? {} });
    groups.set(r.groupId, g);
  }
  return [...groups.values()];
}

function toDto(a: AssignmentRow, today: string, editable: boolean): MemberRole {
  return { ...toMemberFunction(a, today), editable };
}

/** GET /admin/member/role/{orgId}/{id}: every assignment of the member, with whether the caller may change it. */
export async function memberRoles(deps: AppDeps, callerId: number, orgId: number, memberId: number): Promise<MemberRole[]> {
  const caller = await loadCaller(deps, callerId);
  await assertReadable(deps, memberActingOrg(caller, orgId), memberId);
  const formOrgs = memberFormOrgs(caller);
  const mayEdit = (await editingOrgs(deps, caller, memberId)).length > 0;
  const today = todayIso(deps.clock());
  return (await loadAssignments(deps.db, eq(functionAssignments.memberId, memberId))).map((a) =>
    toDto(a, today, mayEdit && canTouch(formOrgs, a, a.orgId)),
  );
}

/**
 * POST /admin/functions/{memberId}: create (no id) or update (id + updatedAt) one assignment. On
 * update, organisation, function and dates left out stay as stored; `to: null` is open-ended.
 */
export async function saveFunction(
  deps: AppDeps,
  callerId: number,
  memberId: number,
  data: FunctionData,
): Promise<{ created: boolean; assignment: MemberRole }> {
  if (data.memberId !== undefined && data.memberId !== memberId)
    throw new ApiError(422, 'validation', 'memberIdMismatch', { field: 'memberId' });
  const caller = await loadCaller(deps, callerId);
  const formOrgs = requireMemberFormOrgs(caller);
  const [member] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) throw notFound('No such member');
  if ((await editingOrgs(deps, caller, memberId)).length === 0) throw forbidden('You may not change this member');
  const input = await withStoredValues(deps, memberId, data);
  if (!mayAssignFunctionsIn(formOrgs, input.orgId)) throw forbidden('You may not assign functions in this organisation');
  // A function makes its holder an own member of its organisation: given only to someone the caller reaches.
  if (!mayConnect(await reachFactsFor(deps, formOrgs.filter(editsMembersAt), memberId))) throw forbidden('You may not change this member');

  const [org] = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, input.orgId));
  if (!org) throw new ApiError(422, 'validation', 'unknownOrganisation', { field: 'orgId' });
  const [role] = await deps.db.select({ id: roles.id, params: roles.params }).from(roles).where(eq(roles.id, input.roleId));
  if (!role) throw new ApiError(422, 'validation', 'unknownRole', { field: 'roleId' });
  if (!roleOfferedIn(role, input.orgId))
    throw new ApiError(422, 'role_not_offered', 'This function is not offered in this organisation', { field: 'roleId' });
  if (
    !roleEditableBy(
      role,
      formOrgs.map((o) => o.id),
    )
  )
    throw forbidden('You may not assign this function');

  const today = todayIso(deps.clock());
  const values = { memberId, orgId: input.orgId, roleId: input.roleId, dateFrom: input.from, dateTo: input.to ?? OPEN_END_DATE };

  const write = deps.db.transaction(async (tx) => {
    const audit = { actorId: callerId, actingOrgId: input.orgId, entity: 'function' as const, action: 'assign' as const };
    // Checked after the rights: a refused caller learns nothing about the stored dates.
    const assertRange = () => {
      if (input.to && input.to < input.from) throw new ApiError(422, 'validation', 'endBeforeStart', { field: 'to' });
    };
    if (!input.id) {
      assertRange();
      const [row] = await tx.insert(functionAssignments).values(values).returning();
      await numberNewLicenceHolders(tx, [row], callerId, input.orgId);
      await recordAudit(tx, { ...audit, entityId: row.id, after: row });
      return row.id;
    }
    const [existing] = await loadAssignments(
      tx as unknown as AppDeps['db'],
      and(eq(functionAssignments.id, input.id), eq(functionAssignments.memberId, memberId)),
    );
    if (!existing) throw notFound('No such function of this member');
    if (!canTouch(formOrgs, existing, existing.orgId)) throw forbidden('You may not change this function');
    assertRange();
    const now = deps.clock().toISOString();
    const [before] = await tx.select().from(functionAssignments).where(eq(functionAssignments.id, input.id)).for('update');
    const updated = await tx
      .update(functionAssignments)
      .set({ ...values, updatedAt: sql`greatest(${now}::timestamptz, ${functionAssignments.updatedAt} + interval '1 millisecond')` })
      .where(and(eq(functionAssignments.id, input.id), sql`${functionAssignments.updatedAt} = ${input.updatedAt}::timestamptz`))
      .returning();
    if (updated.length === 0)
      throw new ApiError(409, 'stale', 'The function was changed in the meantime; reload it', { value: rfc3339(existing.updatedAt) });
    await recordAudit(tx, { ...audit, entityId: input.id, before, after: updated[0] });
    return input.id;
  });
  const id = await write.catch((err: unknown) => {
    if (isBadTimestamp(err)) throw new ApiError(422, 'validation', 'invalidUpdatedAt', { field: 'updatedAt' });
    throw err;
  });
  const [row] = await loadAssignments(deps.db, eq(functionAssignments.id, id));
  return { created: !input.id, assignment: toDto(row, today, true) };
}

/**
 * The assignment to write: on update, what was left out comes from the stored one (an unknown id
 * is 404); on create the schema has made sure organisation, function and start are there.
 */
async function withStoredValues(deps: AppDeps, memberId: number, data: FunctionData) {
  let stored: { orgId: number; roleId: number; dateFrom: string; dateTo: string } | undefined;
  if (data.id) {
    [stored] = await deps.db
      .select({
        orgId: functionAssignments.orgId,
        roleId: functionAssignments.roleId,
        dateFrom: functionAssignments.dateFrom,
        dateTo: functionAssignments.dateTo,
      })
      .from(functionAssignments)
      .where(and(eq(functionAssignments.id, data.id), eq(functionAssignments.memberId, memberId)));
    if (!stored) throw notFound('No such function of this member');
  }
  const from = data.from ?? stored!.dateFrom;
  const to = data.to === undefined ? (stored?.dateTo ?? null) : data.to;
  return { id: data.id, updatedAt: data.updatedAt, orgId: data.orgId ?? stored!.orgId, roleId: data.roleId ?? stored!.roleId, from, to };
}

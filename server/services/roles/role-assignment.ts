import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FORM_ROLE_EDIT, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { OPEN_END_DATE } from '@/lib/domain/members';
import { mayAssignFunctionsIn } from '@/lib/domain/member-permissions';
import { reaches } from '@/lib/domain/reach';
import { assignmentRefusal, mayUndoBatch, type AssignmentRefusal } from '@/lib/domain/role-assignment';
import type { RoleAssignInput, RoleAssignResult } from '@/lib/schemas/roles';
import { functionAssignments, members, organisations, roleBatches, roles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, orgsWith, type Caller } from '../access';
import { recordAudit } from '../audit';
import { numberNewLicenceHolders } from '../licence-numbers';
import { reachFactsOf } from '../reach';
import { assignmentHeldBetween } from '../assignment-days';

/**
 * POST /admin/role/assign: roles for several persons at once, one verdict per person and role
 * (lib/domain/role-assignment.ts), saved in one transaction as a batch that can be undone; with
 * `dryRun` nothing is saved. POST /admin/role/assign/{batchId}/undo takes back exactly what the
 * batch added, unless one of its assignments was changed or removed since; only its author, or
 * someone who may give every role in it, undoes it.
 *
 * A function makes its holder an own member of the organisation, so a person gets one only from a
 * caller who reaches them (lib/domain/reach.ts); a person beyond the caller's reach is answered
 * exactly like an id nobody has: reason notReached, no name.
 */

const MESSAGES: Record<AssignmentRefusal, string> = {
  unknownRole: 'There is no such role',
  endBeforeStart: 'The end date is before the start date',
  notAllowedHere: 'The role is not given in this organisation',
  aboveCaller: 'You may not give this role',
  notReached: 'There is no person with this id among those you reach; connect a person of another club through the duplicate check',
  notAMember: 'The person is not a member of this organisation',
  overlapping: 'The person holds this role here in an overlapping period',
};

/** The caller's role-administration organisations (form 66); 403 unless one may assign in `orgId`. */
export function roleEditors(caller: Caller, orgId: number) {
  const editors = orgsWith(caller, [FORM_ROLE_EDIT]);
  if (!mayAssignFunctionsIn(editors, orgId)) throw forbidden('You may not assign roles in this organisation');
  return editors;
}

/** The caller's system roles with their organisations, as the rank rules read them. */
async function authorityOf(deps: AppDeps, caller: Caller) {
  const ids = caller.orgs.map((o) => o.id);
  const mothers = ids.length
    ? await deps.db
        .select({ id: organisations.id, motherId: organisations.orgMotherId })
        .from(organisations)
        .where(inArray(organisations.id, ids))
    : [];
  const motherOf = new Map(mothers.map((m) => [m.id, m.motherId]));
  return caller.orgs.flatMap((o) =>
    o.functions.map((funkId) => ({ funkId, orgId: o.id, orgLevel: o.level, orgMotherId: motherOf.get(o.id) ?? null })),
  );
}

export async function assignRoles(deps: AppDeps, callerId: number, input: RoleAssignInput): Promise<RoleAssignResult> {
  const caller = await loadCaller(deps, callerId);
  const editors = roleEditors(caller, input.orgId);
  const [org] = await deps.db
    .select({ id: organisations.id, level: organisations.orgLevel, motherId: organisations.orgMotherId })
    .from(organisations)
    .where(eq(organisations.id, input.orgId));
  if (!org) throw notFound('No such organisation');
  const today = todayIso(deps.clock());
  const start = input.start ?? today;
  const end = input.end ?? OPEN_END_DATE;

  const memberIds = [...new Set(input.memberIds)];
  const roleIds = [...new Set(input.roleIds)];
  const ctx = { org, caller: { functions: await authorityOf(deps, caller), actingOrgIds: editors.map((e) => e.id) }, start, end };
  // Reach as of today, from the organisations the caller assigns roles from.
  const reach = await reachFactsOf(deps, editors, memberIds);

  return deps.db.transaction(async (tx) => {
    const [roleRows, people, memberships, held] = await Promise.all([
      tx.select({ id: roles.id, name: roles.name, params: roles.params }).from(roles).where(inArray(roles.id, roleIds)),
      tx
        .select({ id: members.id, firstName: members.firstName, surname: members.surname })
        .from(members)
        .where(inArray(members.id, memberIds)),
      tx
        .selectDistinct({ memberId: functionAssignments.memberId })
        .from(functionAssignments)
        .where(
          and(
            inArray(functionAssignments.memberId, memberIds),
            eq(functionAssignments.orgId, org.id),
            eq(functionAssignments.roleId, FUNCTION_MEMBERSHIP),
            assignmentHeldBetween(start, end),
          ),
        ),
      // Locked: a parallel batch for the same persons waits, then sees these rows and refuses the overlap.
      tx
        .select({
          memberId: functionAssignments.memberId,
          roleId: functionAssignments.roleId,
          dateFrom: functionAssignments.dateFrom,
          dateTo: functionAssignments.dateTo,
        })
        .from(functionAssignments)
        .where(
          and(
            inArray(functionAssignments.memberId, memberIds),
            eq(functionAssignments.orgId, org.id),
            inArray(functionAssignments.roleId, roleIds),
          ),
        )
        .for('update'),
    ]);
    const roleById = new Map(roleRows.map((r) => [r.id, r]));
    // Only persons the caller reaches are known here: anyone else is answered like an unknown id.
    const nameOf = new Map(people.filter((p) => reaches(reach.get(p.id)!)).map((p) => [p.id, `${p.firstName} ${p.surname}`]));
    const members32 = new Set(memberships.map((m) => m.memberId));

    const result: RoleAssignResult = { batchId: null, dryRun: Boolean(input.dryRun), start, end, success: [], errors: [] };
    const toInsert: Array<{ memberId: number; roleId: number }> = [];
    const verdict = (memberId: number, roleId: number, isMember: boolean) => {
      const role = roleById.get(roleId) ?? null;
      const known = nameOf.has(memberId);
      return assignmentRefusal(ctx, {
        role,
        reach: known ? reach.get(memberId)! : null,
        isMember: known && isMember,
        held: known ? held.filter((h) => h.memberId === memberId && h.roleId === roleId) : [],
      });
    };
    for (const memberId of memberIds) {
      // A membership given in the same batch makes the person a member for the batch's other roles.
      const isMember =
        members32.has(memberId) || (roleIds.includes(FUNCTION_MEMBERSHIP) && verdict(memberId, FUNCTION_MEMBERSHIP, false) === null);
      for (const roleId of roleIds) {
        const role = roleById.get(roleId) ?? null;
        const pair = { memberId, name: nameOf.get(memberId) ?? '', roleId, role: role?.name ?? '' };
        const reason = verdict(memberId, roleId, isMember);
        if (reason) result.errors.push({ ...pair, reason, message: MESSAGES[reason] });
        else {
          toInsert.push({ memberId, roleId });
          result.success.push({ ...pair, assignmentId: null });
        }
      }
    }
    if (input.dryRun || toInsert.length === 0) return result;

    const batchId = randomUUID();
    await tx.insert(roleBatches).values({ id: batchId, orgId: org.id, createdBy: callerId, assigned: toInsert.length });
    const created = await tx
      .insert(functionAssignments)
      .values(toInsert.map((p) => ({ memberId: p.memberId, orgId: org.id, roleId: p.roleId, dateFrom: start, dateTo: end, batchId })))
      .returning({ id: functionAssignments.id, memberId: functionAssignments.memberId, roleId: functionAssignments.roleId });
    for (const s of result.success) s.assignmentId = created.find((c) => c.memberId === s.memberId && c.roleId === s.roleId)?.id ?? null;
    await numberNewLicenceHolders(tx, created, callerId, org.id);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: org.id,
      entity: 'function',
      entityId: batchId,
      action: 'assign',
      after: { orgId: org.id, start, end, assigned: created.map((c) => `${c.memberId}:${c.roleId}`) },
    });
    result.batchId = batchId;
    return result;
  });
}

export async function undoRoleBatch(deps: AppDeps, callerId: number, batchId: string): Promise<{ batchId: string; removed: number }> {
  const caller = await loadCaller(deps, callerId);
  const authority = await authorityOf(deps, caller);
  return deps.db.transaction(async (tx) => {
    const [batch] = await tx.select().from(roleBatches).where(eq(roleBatches.id, batchId)).for('update');
    if (!batch) throw notFound('No such batch');
    const editors = roleEditors(caller, batch.orgId);
    const rows = await tx
      .select({
        id: functionAssignments.id,
        roleId: functionAssignments.roleId,
        changed: sql<boolean>`${functionAssignments.updatedAt} <> ${functionAssignments.createdAt}`,
      })
      .from(functionAssignments)
      .where(eq(functionAssignments.batchId, batchId))
      .for('update');
    const [org] = await tx
      .select({ id: organisations.id, level: organisations.orgLevel, motherId: organisations.orgMotherId })
      .from(organisations)
      .where(eq(organisations.id, batch.orgId));
    const batchRoleIds = [...new Set(rows.map((r) => r.roleId))];
    const batchRoles = batchRoleIds.length
      ? await tx.select({ id: roles.id, params: roles.params }).from(roles).where(inArray(roles.id, batchRoleIds))
      : [];
    const undoCtx = { callerId, org, caller: { functions: authority, actingOrgIds: editors.map((e) => e.id) } };
    if (!mayUndoBatch(undoCtx, { createdBy: batch.createdBy, roles: batchRoles })) {
      throw new ApiError(403, 'batch_not_yours', 'Only the author of this batch, or someone who may give every role in it, undoes it');
    }
    if (batch.undoneAt) throw new ApiError(409, 'already_undone', 'This batch was undone already');
    if (rows.length !== batch.assigned || rows.some((r) => r.changed)) {
      throw new ApiError(409, 'batch_changed', 'An assignment of this batch was changed or removed since; undo it by hand');
    }
    await tx.delete(functionAssignments).where(and(eq(functionAssignments.batchId, batchId), ne(functionAssignments.id, 0)));
    await tx
      .update(roleBatches)
      .set({ undoneAt: sql`now()` })
      .where(eq(roleBatches.id, batchId));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: batch.orgId,
      entity: 'function',
      entityId: batchId,
      action: 'delete',
      before: { assigned: rows.length },
    });
    return { batchId, removed: rows.length };
  });
}

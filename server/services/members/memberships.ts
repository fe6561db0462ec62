import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_MEMBERSHIP, ORG_LEVEL_CLUB } from '@/lib/domain/functions';
import { isMembershipEndDateAllowed, membershipEndDateRange, OPEN_END_DATE } from '@/lib/domain/members';
import { editsMembersAt, mayAddMembershipIn, mayEndMembershipIn } from '@/lib/domain/member-permissions';
import { mayConnect } from '@/lib/domain/reach';
import type { MembershipCreated, MembershipEnded } from '@/lib/schemas/member-responses';
import { functionAssignments, members, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { recordAudit } from '../audit';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, type Caller } from '../access';
import { memberFormOrgs, requireMemberFormOrgs } from '../member-access';
import { reachFactsFor } from '../reach';
import { isValidConnectProof } from './connect-proof';

/**
 * Club memberships (function 32): connecting an existing master record to a club (from
 * today, no end) and ending a membership as of a date (today … today + 364 days). These change
 * function assignments only, not the member's record, so an open personal-data form stays current.
 */

/** The member's memberships in club `orgId` that have not ended before `today`. */
function runningMembership(memberId: number, orgId: number, today: string) {
  return and(
    eq(functionAssignments.memberId, memberId),
    eq(functionAssignments.orgId, orgId),
    eq(functionAssignments.roleId, FUNCTION_MEMBERSHIP),
    gte(functionAssignments.dateTo, today),
  );
}

/**
 * Connecting must not widen whom the caller reaches (lib/domain/reach.ts): the caller acts from
 * the federation, or already reaches the person as an own member of a club they edit members of,
 * or identified them through the duplicate check and brings its proof. A bare id is never enough.
 */
async function assertIdentified(deps: AppDeps, caller: Caller, memberId: number, proof: string | null | undefined): Promise<void> {
  const facts = await reachFactsFor(deps, memberFormOrgs(caller).filter(editsMembersAt), memberId);
  if (mayConnect(facts)) return;
  if (!proof) {
    throw new ApiError(
      403,
      'proof_required',
      'Connect an existing person through the duplicate check: send the proof it gave for this person',
      {
        field: 'proof',
      },
    );
  }
  if (!mayConnect({ ...facts, proof: await isValidConnectProof(deps, proof, caller.memberId, memberId) })) {
    throw new ApiError(
      403,
      'invalid_proof',
      'The proof is expired or was not given to you for this person; run the duplicate check again',
      {
        field: 'proof',
      },
    );
  }
}

export type MembershipInput = { orgId: number; memberId: number; proof?: string | null };

/** POST /admin/member/membership {orgId, memberId, proof}: the federation or the club itself. */
export async function addMembership(
  deps: AppDeps,
  callerId: number,
  { orgId, memberId, proof }: MembershipInput,
): Promise<MembershipCreated> {
  const caller = await loadCaller(deps, callerId);
  const formOrgs = requireMemberFormOrgs(caller);
  if (!mayAddMembershipIn(formOrgs, orgId)) throw forbidden('You may not add members to this organisation');
  const [org] = await deps.db.select({ level: organisations.orgLevel }).from(organisations).where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  if (org.level !== ORG_LEVEL_CLUB) throw new ApiError(422, 'not_a_club', 'Memberships are held in clubs', { field: 'orgId' });
  const [member] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) throw notFound('No such member');
  await assertIdentified(deps, caller, memberId, proof);

  const today = todayIso(deps.clock());
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: functionAssignments.id })
      .from(functionAssignments)
      .where(runningMembership(memberId, orgId, today))
      .limit(1);
    if (existing) throw new ApiError(409, 'already_member', 'The member already belongs to this club', { value: orgId });
    const [row] = await tx
      .insert(functionAssignments)
      .values({ memberId, orgId, roleId: FUNCTION_MEMBERSHIP, dateFrom: today, dateTo: OPEN_END_DATE })
      .returning();
    await recordAudit(tx, { actorId: callerId, actingOrgId: orgId, entity: 'function', entityId: row.id, action: 'assign', after: row });
    return { funkMgId: row.id, orgId, memberId, roleId: FUNCTION_MEMBERSHIP, dateFrom: today, dateTo: OPEN_END_DATE };
  });
}

/**
 * DELETE /admin/member/cancel/{orgId}/{memberId}?date=: the membership in club `org` that is running
 * on (or starts by) `date` ends on `date` (its last day). Only the federation or that club.
 */
export async function endMembership(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  memberId: number,
  date: string,
): Promise<MembershipEnded> {
  const formOrgs = requireMemberFormOrgs(await loadCaller(deps, callerId));
  if (!mayEndMembershipIn(formOrgs, orgId)) throw forbidden("Only the federation or the member's club ends a membership");
  const today = todayIso(deps.clock());
  if (!isMembershipEndDateAllowed(date, today)) {
    const { min, max } = membershipEndDateRange(today);
    throw new ApiError(422, 'invalid_date', `The end date must lie between ${min} and ${max}`, { field: 'date', value: { min, max } });
  }
  return deps.db.transaction(async (tx) => {
    const [membership] = await tx
      .select()
      .from(functionAssignments)
      .where(and(runningMembership(memberId, orgId, today), lte(functionAssignments.dateFrom, date)))
      .orderBy(asc(functionAssignments.dateFrom))
      .limit(1);
    if (!membership) throw new ApiError(404, 'no_membership', 'The member has no running membership in this club');
    const now = deps.clock().toISOString();
    const [ended] = await tx
      .update(functionAssignments)
      .set({ dateTo: date, updatedAt: now })
      .where(eq(functionAssignments.id, membership.id))
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: orgId,
      entity: 'function',
      entityId: membership.id,
      action: 'status',
      before: membership,
      after: ended,
    });
    return { ok: true as const, funkMgId: membership.id, dateTo: date };
  });
}

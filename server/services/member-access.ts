import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { functionsAbove, type HeldFunction, type Person } from '@/lib/domain/function-rank';
import { ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { editsMembersAt, MEMBER_FORM_FUNCTION_IDS as FORM_IDS, mayDeleteMembers } from '@/lib/domain/member-permissions';
import { functionAssignments, members, organisations } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ApiError, forbidden, notFound } from '../http/errors';
import { actingOrg, loadCaller, orgsWith, type ActingOrg, type Caller } from './access';
import { assignmentHeldOn } from './assignment-days';

/**
 * Who may see and change which members, on top of services/access.ts. The rules
 * themselves are pure (lib/domain/member-permissions.ts); this file feeds them from the database.
 *
 * "Own members" of an organisation = members with an ACTIVE function there (any function:
 * membership, licence, board ...), today between from and to. A state association's own members
 * include those of its clubs; the federation's are everyone.
 */

/** The member form's functions (51, and 52 with the "all" flag): holding one is the right to see/edit members. */
export const MEMBER_FORM_FUNCTION_IDS: readonly number[] = FORM_IDS;

/** The caller's organisations holding 51 or 52. */
export function memberFormOrgs(caller: Caller): ActingOrg[] {
  return orgsWith(caller, MEMBER_FORM_FUNCTION_IDS);
}

/** {orgId} of a members path as acting organisation: the caller must hold 51/52 there. */
export function memberActingOrg(caller: Caller, orgId: number): ActingOrg {
  return actingOrg(caller, orgId, MEMBER_FORM_FUNCTION_IDS);
}

export function requireMemberFormOrgs(caller: Caller): ActingOrg[] {
  const orgs = memberFormOrgs(caller);
  if (orgs.length === 0) throw forbidden('You hold no member-form function');
  return orgs;
}

/**
 * The organisations whose active functions make someone an own member of `org`: the club itself;
 * a state association and its clubs (onlyInOrg: the state alone); null for the federation = everyone.
 * Resolved to a list of ids first, so the member queries get a plain `org_id IN (...)` the
 * planner can cost well.
 */
export async function ownMemberOrgIds(
  deps: Pick<AppDeps, 'db'>,
  org: { id: number; level: number; clubIds?: number[] },
  onlyInOrg = false,
): Promise<number[] | null> {
  if (org.level === ORG_LEVEL_FEDERATION && !onlyInOrg) return null;
  if (org.level !== ORG_LEVEL_STATE || onlyInOrg) return [org.id];
  // an acting organisation comes with its clubs (loaded with the caller)
  if (org.clubIds) return [org.id, ...org.clubIds];
  const clubs = await deps.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.orgMotherId, org.id));
  return [org.id, ...clubs.map((c) => c.id)];
}

/** Ids as values, or as the placeholders of a statement built once for any ids of that many. */
type Ids = Array<number | Placeholder>;

/** WHERE over function_assignments: active today in one of `orgIds`. */
export function activeAssignmentsIn(orgIds: Ids, today: string | Placeholder): SQL {
  return and(inArray(functionAssignments.orgId, orgIds), assignmentHeldOn(today))!;
}

/** SQL condition on members.id: holds a function assignment matching `where` (a semi-join over function_assignments). */
export function holdsAssignment(where: SQL): SQL {
  return inArray(members.id, sql`(select ${functionAssignments.memberId} from ${functionAssignments} where ${where})`);
}

/**
 * SQL condition on members.id: "holds an active function in one of `orgIds`" (undefined = no
 * condition, everyone). A semi-join the planner answers from fa_member_org_active_idx or
 * fa_org_active_member_idx without touching the table.
 */
export function ownMembersCondition(orgIds: Ids | null, today: string | Placeholder): SQL | undefined {
  if (orgIds === null) return undefined;
  return holdsAssignment(activeAssignmentsIn(orgIds, today));
}

/**
 * SQL condition on members: holds an active function today in any organisation. Read from the
 * member row itself (function_dates: the days of all their assignments, kept in step by the
 * database), so a search over everyone checks its matches without a probe into the assignments.
 */
export function holdsAnyFunctionOn(today: string): SQL {
  return sql`${members}.function_dates @> ${today}::date`;
}

/** Is `memberId` an own member of `org` today? */
export async function isOwnMember(deps: AppDeps, org: { id: number; level: number }, memberId: number): Promise<boolean> {
  const orgIds = await ownMemberOrgIds(deps, org);
  if (orgIds === null) return true;
  const [row] = await deps.db
    .select({ id: functionAssignments.id })
    .from(functionAssignments)
    .where(and(eq(functionAssignments.memberId, memberId), activeAssignmentsIn(orgIds, todayIso(deps.clock()))))
    .limit(1);
  return Boolean(row);
}

async function memberExists(deps: AppDeps, memberId: number): Promise<boolean> {
  const [row] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).limit(1);
  return Boolean(row);
}

/** Reading a member from the acting organisation `org`: 404 when there is no such member, 403 when not an own member. */
export async function assertReadable(deps: AppDeps, org: ActingOrg, memberId: number): Promise<void> {
  if (!(await memberExists(deps, memberId))) throw notFound('No such member');
  if (!(await isOwnMember(deps, org, memberId))) throw forbidden('This member does not belong to your organisation');
}

/**
 * The caller's member-form organisations that reach `memberId` for editing: the federation
 * always, a club when the member is its own; state associations never (they only read).
 */
async function orgsReaching(deps: AppDeps, caller: Caller, memberId: number): Promise<ActingOrg[]> {
  const candidates = memberFormOrgs(caller).filter(editsMembersAt);
  if (candidates.some((o) => o.level === ORG_LEVEL_FEDERATION)) return candidates.filter((o) => o.level === ORG_LEVEL_FEDERATION);
  const clubIds = candidates.filter((o) => o.level === ORG_LEVEL_CLUB).map((o) => o.id);
  if (clubIds.length === 0) return [];
  const today = todayIso(deps.clock());
  const rows = await deps.db
    .selectDistinct({ orgId: functionAssignments.orgId })
    .from(functionAssignments)
    .where(and(eq(functionAssignments.memberId, memberId), inArray(functionAssignments.orgId, clubIds), assignmentHeldOn(today)));
  const own = new Set(rows.map((r) => r.orgId));
  return candidates.filter((o) => own.has(o.id));
}

/** The caller as the rank rule sees them: their system roles, active today. */
function callerPerson(caller: Caller): Person {
  return {
    memberId: caller.memberId,
    functions: caller.orgs.flatMap((o) =>
      o.functions.map((funkId) => ({ funkId, orgId: o.id, orgLevel: o.level, orgMotherId: o.motherId })),
    ),
  };
}

/** Every function `memberId` holds today, with its organisation's level and parent. */
async function heldFunctions(deps: AppDeps, memberId: number): Promise<HeldFunction[]> {
  return deps.db
    .select({
      funkId: functionAssignments.roleId,
      orgId: functionAssignments.orgId,
      orgLevel: organisations.orgLevel,
      orgMotherId: organisations.orgMotherId,
    })
    .from(functionAssignments)
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(and(eq(functionAssignments.memberId, memberId), assignmentHeldOn(todayIso(deps.clock()))));
}

/**
 * Does `memberId` hold functions the caller does not dominate (lib/domain/function-rank.ts)?
 * Then the caller changes nothing of theirs: whoever changes the record changes the login e-mail,
 * and with it who receives the password reset.
 */
export async function isAboveCaller(deps: AppDeps, caller: Caller, memberId: number): Promise<boolean> {
  if (caller.memberId === memberId) return false;
  return functionsAbove(callerPerson(caller), { memberId, functions: await heldFunctions(deps, memberId) }).length > 0;
}

export type EditRights = {
  /** The caller's member-form organisations from which the member may be edited: the federation, or the member's own club. */
  orgs: ActingOrg[];
  /** Reached, but the member holds functions above the caller: nothing may be changed. */
  outranked: boolean;
};

export async function editRights(deps: AppDeps, caller: Caller, memberId: number): Promise<EditRights> {
  const orgs = await orgsReaching(deps, caller, memberId);
  const outranked = orgs.length > 0 && (await isAboveCaller(deps, caller, memberId));
  return { orgs: outranked ? [] : orgs, outranked };
}

/** The caller's member-form organisations from which `memberId` may be edited; none when the member stands above the caller. */
export async function editingOrgs(deps: AppDeps, caller: Caller, memberId: number): Promise<ActingOrg[]> {
  return (await editRights(deps, caller, memberId)).orgs;
}

/** 404 for an unknown member; 403 unless some member-form organisation of the caller may edit them (code `outranked`: they stand above the caller). */
export async function assertEditable(deps: AppDeps, caller: Caller, memberId: number): Promise<ActingOrg[]> {
  if (!(await memberExists(deps, memberId))) throw notFound('No such member');
  const { orgs, outranked } = await editRights(deps, caller, memberId);
  if (outranked)
    throw new ApiError(403, 'outranked', 'This person holds functions above yours; only someone above them may change their data');
  if (orgs.length === 0) throw forbidden('You may not change this member');
  return orgs;
}

export function assertMayDelete(caller: Caller): void {
  if (!mayDeleteMembers(memberFormOrgs(caller))) throw forbidden('Only the federation deletes members');
}

/**
 * May `callerId` change `memberId`'s record (e.g. the profile picture)?
 * - always their own record;
 * - with an active member-form function in the federation (level 1): every member;
 * - with one in a club (level 3): members who hold an active function there (membership, licence ...);
 * - a state association (level 2) reads members but does not edit them;
 * - never a member who holds functions above the caller.
 */
export async function canEditMember(deps: AppDeps, callerId: number, memberId: number): Promise<boolean> {
  if (callerId === memberId) return true;
  const caller = await loadCaller(deps, callerId);
  return (await editingOrgs(deps, caller, memberId)).length > 0;
}

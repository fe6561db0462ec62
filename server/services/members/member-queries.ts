import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { DEFAULT_EXCLUDED_GROUP, FUNCTION_LICENCE, FUNCTION_MEMBERSHIP, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { AGE_CLASSES, ageClass, type AgeClass } from '@/lib/domain/members';
import { editsMembersAt, mayDeleteMembers, mayEndMembershipIn } from '@/lib/domain/member-permissions';
import type { Member, MemberAccess, MemberDetail, MembersSummary, Page } from '@/lib/schemas/member-responses';
import type { MemberListQuery } from '@/lib/schemas/members';
import { functionAssignments, members, organisations, roles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { loadCaller, type ActingOrg } from '../access';
import {
  assertReadable,
  editRights,
  holdsAssignment,
  memberActingOrg,
  memberFormOrgs,
  ownMemberOrgIds,
  ownMembersCondition,
  requireMemberFormOrgs,
} from '../member-access';
import { resolveMemberId } from './merge-access';
import { memberScope, pageOfMembers, type MemberScope } from './member-list';
import { isErased } from '../privacy/erased';
import { loadMemberDto } from './member-shape';
import { assignmentHeldOn } from '../assignment-days';

/** The member reads: lists, search, one member, summary. */

const today = (deps: AppDeps) => todayIso(deps.clock());

/** The own members of `org` as a list scope (countable from the assignments alone). */
export async function ownMembersScope(deps: Pick<AppDeps, 'db'>, org: ActingOrg, day: string, onlyInOrg = false): Promise<MemberScope> {
  return memberScope({ orgIds: await ownMemberOrgIds(deps, org, onlyInOrg) }, day);
}

/**
 * The organisations of everyone the caller could read one by one: the own members of each of
 * their member-form organisations (a club's members, a state association's and its clubs',
 * everyone for the federation: null).
 */
async function readableOrgIds(deps: AppDeps, orgs: ActingOrg[]): Promise<number[] | null> {
  const lists = await Promise.all(orgs.map((o) => ownMemberOrgIds(deps, o)));
  if (lists.some((ids) => ids === null)) return null;
  return [...new Set(lists.flatMap((ids) => ids ?? []))];
}

/** GET /admin/members: every member, former ones too. Form 52 ("all") of the federation. */
export async function listAllMembers(deps: AppDeps, callerId: number, query: MemberListQuery): Promise<Page<Member>> {
  const orgs = requireMemberFormOrgs(await loadCaller(deps, callerId));
  if (!orgs.some((o) => o.level === ORG_LEVEL_FEDERATION)) throw forbidden('Only the federation lists all members');
  const day = today(deps);
  return pageOfMembers(deps.db, memberScope({ orgIds: null }, day), query, day, {
    kind: 'active',
    excludeGroups: [DEFAULT_EXCLUDED_GROUP],
  });
}

/** GET /admin/members/{orgId}: the organisation's own members (onlyInOrg: without its sub-organisations). */
export async function listOrgMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  query: MemberListQuery & { onlyInOrg: boolean; excludeGroups: number[] },
): Promise<Page<Member>> {
  const org = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const day = today(deps);
  return pageOfMembers(deps.db, await ownMembersScope(deps, org, day, query.onlyInOrg), query, day, {
    kind: 'active',
    excludeGroups: query.excludeGroups,
  });
}

/**
 * GET /admin/members/search: `org` given → within that organisation's own members (51/52 there);
 * otherwise within every member the caller may read (never more than they could open one by one),
 * optionally only holders of an active function in `roles`.
 */
export async function searchMembers(
  deps: AppDeps,
  callerId: number,
  query: MemberListQuery & { name?: string; roles?: number[]; org?: number },
): Promise<Page<Member>> {
  const caller = await loadCaller(deps, callerId);
  const day = today(deps);
  const orgIds =
    query.org !== undefined
      ? await ownMemberOrgIds(deps, memberActingOrg(caller, query.org))
      : await readableOrgIds(deps, requireMemberFormOrgs(caller));
  const scope = memberScope({ orgIds, roleIds: query.roles }, day);
  const q = [query.name, query.q].filter(Boolean).join(' ');
  return pageOfMembers(deps.db, scope, { ...query, q }, day, { kind: 'active', excludeGroups: [DEFAULT_EXCLUDED_GROUP] });
}

/** GET /admin/members/roles/{orgId}: members holding an active function of the organisation outside group 6 (or of `groups`). */
export async function listOrgRoleMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  query: MemberListQuery & { groups?: number[] },
): Promise<Page<Member>> {
  memberActingOrg(await loadCaller(deps, callerId), orgId);
  const day = today(deps);
  const groups = query.groups && query.groups.length > 0 ? query.groups : undefined;
  const roleCondition = groups
    ? inArray(functionAssignments.roleId, sql`(select ${roles.id} from ${roles} where ${inArray(roles.groupId, groups)})`)
    : notInArray(functionAssignments.roleId, sql`(select ${roles.id} from ${roles} where ${eq(roles.groupId, DEFAULT_EXCLUDED_GROUP)})`);
  const assignments = and(eq(functionAssignments.orgId, orgId), roleCondition, assignmentHeldOn(day))!;
  const scope: MemberScope = {
    conditions: [holdsAssignment(assignments)],
    assignments,
  };
  return pageOfMembers(deps.db, scope, query, day, { kind: 'active', excludeGroups: groups ? [] : [DEFAULT_EXCLUDED_GROUP], orgId });
}

/** GET /admin/member/{orgId}/{id}: one member seen from the acting organisation, with what the caller may do. */
export async function getMember(deps: AppDeps, callerId: number, orgId: number, requestedId: number): Promise<MemberDetail> {
  const caller = await loadCaller(deps, callerId);
  // A merged record's id (an old link, an export) reads the record it was merged into.
  const memberId = await resolveMemberId(deps.db, requestedId);
  const org = memberActingOrg(caller, orgId);
  await assertReadable(deps, org, memberId);
  const member = await loadMemberDto(deps.db, memberId, today(deps));
  if (!member || (await isErased(deps.db, memberId))) throw notFound('No such member');
  const formOrgs = memberFormOrgs(caller);
  const rights = await editRights(deps, caller, memberId);
  const access: MemberAccess = {
    canEdit: rights.orgs.length > 0,
    outranked: rights.outranked,
    canDelete: mayDeleteMembers(formOrgs),
    canEndMembershipIn: member.organizations.filter((m) => m.active && mayEndMembershipIn(formOrgs, m.orgId)).map((m) => m.orgId),
  };
  return { ...member, access };
}

/** GET /admin/members/{orgId}/summary: counts over the organisation's own members. */
export async function orgSummary(deps: AppDeps, callerId: number, orgId: number): Promise<MembersSummary> {
  const org = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const day = today(deps);
  // Memberships and licences count in the organisation itself, a state's clubs, or anywhere for the federation.
  const orgIds = await ownMemberOrgIds(deps, org);
  const holders = (roleId: number) =>
    deps.db
      .select({ n: sql<number>`count(distinct ${functionAssignments.memberId})` })
      .from(functionAssignments)
      .where(
        and(eq(functionAssignments.roleId, roleId), assignmentHeldOn(day), orgIds ? inArray(functionAssignments.orgId, orgIds) : undefined),
      );
  const [[membersRow], [licencesRow]] = [await holders(FUNCTION_MEMBERSHIP), await holders(FUNCTION_LICENCE)];

  // Age classes are whole birth years: group by gender and birth year, classify in JavaScript.
  const rows = await deps.db
    .select({ gender: members.gender, year: sql<number>`extract(year from ${members.birthDate})::int`, n: sql<number>`count(*)::int` })
    .from(members)
    .where(ownMembersCondition(orgIds, day))
    .groupBy(members.gender, sql`extract(year from ${members.birthDate})`);
  const byGender = { m: 0, w: 0, d: 0 };
  const byAgeClass = Object.fromEntries(AGE_CLASSES.map((c) => [c, 0])) as Record<AgeClass, number>;
  for (const r of rows) {
    const n = Number(r.n);
    byGender[r.gender] += n;
    byAgeClass[ageClass(`${String(r.year).padStart(4, '0')}-01-01`, day)] += n;
  }
  const [orgRow] = await deps.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
  const access = { canCreate: editsMembersAt(org), canEdit: editsMembersAt(org), canDelete: org.level === ORG_LEVEL_FEDERATION };
  return {
    orgId,
    orgName: orgRow?.name ?? '',
    orgLevel: org.level,
    access,
    members: Number(membersRow?.n ?? 0),
    licences: Number(licencesRow?.n ?? 0),
    byGender,
    byAgeClass,
  };
}

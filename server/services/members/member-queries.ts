import { and, eq, gte, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP, ORG_LEVEL_FEDERATION, ORG_LEVEL_STATE, DEFAULT_EXCLUDED_GROUP } from '@/lib/domain/functions';
import { AGE_CLASSES, ageClass, type AgeClass } from '@/lib/domain/members';
import { mayDeleteMembers, mayEndMembershipIn } from '@/lib/domain/member-permissions';
import type { MemberListQuery } from '@/lib/schemas/members';
import { functionAssignments, members, organisations, roles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { loadCaller, type ActingOrg } from '../access';
import { assertReadable, editingOrgs, memberActingOrg, memberFormOrgs, ownMembersCondition, requireMemberFormOrgs } from '../member-access';
import { pageOfMembers, type Page } from './member-list';
import { loadMemberDto, type MemberDto } from './member-shape';

/** The member reads of core §7 "Members": lists, search, one member, summary. */

const today = (deps: AppDeps) => todayIso(deps.clock());

/** GET /admin/members: every member, former ones too. Form 52 ("all") of the federation. */
export async function listAllMembers(deps: AppDeps, callerId: number, query: MemberListQuery): Promise<Page<MemberDto>> {
  const orgs = requireMemberFormOrgs(await loadCaller(deps, callerId));
  if (!orgs.some((o) => o.level === ORG_LEVEL_FEDERATION)) throw forbidden('Only the federation lists all members');
  return pageOfMembers(deps.db, [], query, today(deps), { kind: 'active', excludeGroups: [DEFAULT_EXCLUDED_GROUP] });
}

/** GET /admin/members/{org}: the organisation's own members (onlyInOrg: without its sub-organisations). */
export async function listOrgMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  query: MemberListQuery & { onlyInOrg: boolean; excludeGroups: number[] },
): Promise<Page<MemberDto>> {
  const org = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const day = today(deps);
  return pageOfMembers(deps.db, [ownMembersCondition(org, day, query.onlyInOrg)], query, day, { kind: 'active', excludeGroups: query.excludeGroups });
}

/**
 * GET /admin/members/search: `org` given → within that organisation's own members (51/52 there);
 * otherwise across the federation, optionally only holders of an active function in `roles`.
 */
export async function searchMembers(
  deps: AppDeps,
  callerId: number,
  query: MemberListQuery & { name?: string; roles?: number[]; org?: number },
): Promise<Page<MemberDto>> {
  const caller = await loadCaller(deps, callerId);
  const day = today(deps);
  const scope: Array<SQL | undefined> = [];
  if (query.org !== undefined) scope.push(ownMembersCondition(memberActingOrg(caller, query.org), day));
  else requireMemberFormOrgs(caller);
  if (query.roles && query.roles.length > 0) {
    scope.push(
      inArray(
        members.id,
        sql`(select ${functionAssignments.memberId} from ${functionAssignments} where ${and(
          inArray(functionAssignments.roleId, query.roles),
          lte(functionAssignments.dateFrom, day),
          gte(functionAssignments.dateTo, day),
        )})`,
      ),
    );
  }
  const q = [query.name, query.q].filter(Boolean).join(' ');
  return pageOfMembers(deps.db, scope, { ...query, q }, day, { kind: 'active', excludeGroups: [DEFAULT_EXCLUDED_GROUP] });
}

/** GET /admin/members/roles/{org}: members holding an active function of the organisation outside group 6 (or of `groups`). */
export async function listOrgRoleMembers(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  query: MemberListQuery & { groups?: number[] },
): Promise<Page<MemberDto>> {
  memberActingOrg(await loadCaller(deps, callerId), orgId);
  const day = today(deps);
  const groups = query.groups && query.groups.length > 0 ? query.groups : undefined;
  const roleCondition = groups
    ? inArray(functionAssignments.roleId, sql`(select ${roles.id} from ${roles} where ${inArray(roles.groupId, groups)})`)
    : notInArray(functionAssignments.roleId, sql`(select ${roles.id} from ${roles} where ${eq(roles.groupId, DEFAULT_EXCLUDED_GROUP)})`);
  const scope = inArray(
    members.id,
    sql`(select ${functionAssignments.memberId} from ${functionAssignments} where ${and(
      eq(functionAssignments.orgId, orgId),
      roleCondition,
      lte(functionAssignments.dateFrom, day),
      gte(functionAssignments.dateTo, day),
    )})`,
  );
  return pageOfMembers(deps.db, [scope], query, day, { kind: 'active', excludeGroups: groups ? [] : [DEFAULT_EXCLUDED_GROUP], orgId });
}

export type MemberAccess = { canEdit: boolean; canDelete: boolean; canEndMembershipIn: number[] };

/** GET /admin/member/{org}/{id}: one member seen from the acting organisation, with what the caller may do. */
export async function getMember(deps: AppDeps, callerId: number, orgId: number, memberId: number): Promise<MemberDto & { access: MemberAccess }> {
  const caller = await loadCaller(deps, callerId);
  const org = memberActingOrg(caller, orgId);
  await assertReadable(deps, org, memberId);
  const member = await loadMemberDto(deps.db, memberId, today(deps));
  if (!member) throw notFound('No such member');
  const formOrgs = memberFormOrgs(caller);
  const access: MemberAccess = {
    canEdit: (await editingOrgs(deps, caller, memberId)).length > 0,
    canDelete: mayDeleteMembers(formOrgs),
    canEndMembershipIn: member.organizations.filter((m) => m.active && mayEndMembershipIn(formOrgs, m.orgId)).map((m) => m.orgId),
  };
  return { ...member, access };
}

export type OrgSummary = {
  orgId: number;
  members: number;
  licences: number;
  byGender: { m: number; w: number; d: number };
  byAgeClass: Record<AgeClass, number>;
};

/** The organisations whose memberships and licences count for `org`: itself, a state's clubs, everything for the federation. */
function scopeOrgCondition(org: ActingOrg): SQL | undefined {
  if (org.level === ORG_LEVEL_FEDERATION) return undefined;
  if (org.level === ORG_LEVEL_STATE) {
    return or(
      eq(functionAssignments.orgId, org.id),
      inArray(functionAssignments.orgId, sql`(select ${organisations.id} from ${organisations} where ${organisations.orgMotherId} = ${org.id})`),
    );
  }
  return eq(functionAssignments.orgId, org.id);
}

/** GET /admin/members/{org}/summary: counts over the organisation's own members. */
export async function orgSummary(deps: AppDeps, callerId: number, orgId: number): Promise<OrgSummary> {
  const org = memberActingOrg(await loadCaller(deps, callerId), orgId);
  const day = today(deps);
  const holders = (roleId: number) =>
    deps.db
      .select({ n: sql<number>`count(distinct ${functionAssignments.memberId})` })
      .from(functionAssignments)
      .where(and(eq(functionAssignments.roleId, roleId), lte(functionAssignments.dateFrom, day), gte(functionAssignments.dateTo, day), scopeOrgCondition(org)));
  const [[membersRow], [licencesRow]] = [await holders(FUNCTION_MEMBERSHIP), await holders(FUNCTION_LICENCE)];

  // Age classes are whole birth years: group by gender and birth year, classify in JavaScript.
  const rows = await deps.db
    .select({ gender: members.gender, year: sql<number>`extract(year from ${members.birthDate})::int`, n: sql<number>`count(*)::int` })
    .from(members)
    .where(ownMembersCondition(org, day))
    .groupBy(members.gender, sql`extract(year from ${members.birthDate})`);
  const byGender = { m: 0, w: 0, d: 0 };
  const byAgeClass = Object.fromEntries(AGE_CLASSES.map((c) => [c, 0])) as Record<AgeClass, number>;
  for (const r of rows) {
    const n = Number(r.n);
    byGender[r.gender] += n;
    byAgeClass[ageClass(`${String(r.year).padStart(4, '0')}-01-01`, day)] += n;
  }
  return { orgId, members: Number(membersRow?.n ?? 0), licences: Number(licencesRow?.n ?? 0), byGender, byAgeClass };
}

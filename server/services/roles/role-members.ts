import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FORM_ROLE_EDIT, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { searchWords } from '@/lib/domain/search-fold';
import { memberListQuerySchema } from '@/lib/schemas/members';
import type { RoleMemberPage, RoleMembersQuery, RoleOrganisation } from '@/lib/schemas/role-members';
import { functionAssignments, organisations, roles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { actingOrg, loadCaller } from '../access';
import { activeAssignmentsIn, holdsAssignment } from '../member-access';
import { memberScope, pageOfMembers, type MemberScope } from '../members/member-list';
import { roleEditors } from './role-assignment';
import { assignmentHeldOn } from '../assignment-days';

/**
 * What the role administration screen (form 66) reads:
 * - GET /admin/role/organisations/{orgId}: where the caller, acting in {org}, may assign roles
 *   (the federation: every organisation; a club: itself), active ones first;
 * - GET /admin/role/members/{orgId}: the organisation's members with their active functions there,
 *   optionally only holders of a role group, paged and searched in the database; with
 *   `candidates` the persons that can be picked to add (the federation searches everyone, a club
 *   its own members), only once the search text is longer than 2 characters.
 */

export async function roleOrganisations(deps: AppDeps, callerId: number, actingOrgId: number): Promise<RoleOrganisation[]> {
  const org = actingOrg(await loadCaller(deps, callerId), actingOrgId, [FORM_ROLE_EDIT]);
  const columns = { id: organisations.id, name: organisations.name, level: organisations.orgLevel, endDate: organisations.orgEndDate };
  const query = deps.db.select(columns).from(organisations);
  const rows =
    org.level === ORG_LEVEL_FEDERATION
      ? await query.orderBy(sql`${organisations.orgEndDate} is not null`, asc(organisations.orgLevel), asc(organisations.name))
      : await query.where(eq(organisations.id, org.id));
  return rows;
}

/** Holds an active role of `groupId` in `orgId` today. */
function holdsGroup(orgId: number, groupId: number, today: string) {
  return and(
    eq(functionAssignments.orgId, orgId),
    inArray(functionAssignments.roleId, sql`(select ${roles.id} from ${roles} where ${eq(roles.groupId, groupId)})`),
    assignmentHeldOn(today),
  )!;
}

export async function roleMembers(deps: AppDeps, callerId: number, orgId: number, query: RoleMembersQuery): Promise<RoleMemberPage> {
  const caller = await loadCaller(deps, callerId);
  const editors = roleEditors(caller, orgId);
  const [org] = await deps.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, orgId), isNull(organisations.orgEndDate)));
  if (!org) throw notFound('No such active organisation');
  const today = todayIso(deps.clock());

  let scope: MemberScope;
  if (query.candidates === 'true') {
    if ((query.q ?? '').trim().length <= 2 || searchWords(query.q).length === 0) return { items: [], total: 0 };
    const federation = editors.some((e) => e.level === ORG_LEVEL_FEDERATION);
    scope = memberScope({ orgIds: federation ? null : [orgId] }, today);
  } else {
    const assignments = query.group !== undefined ? holdsGroup(orgId, query.group, today) : activeAssignmentsIn([orgId], today);
    scope = {
      conditions: [holdsAssignment(assignments)],
      assignments,
    };
  }

  const listQuery = memberListQuerySchema.parse({ page: query.page, pageSize: query.pageSize, q: query.q });
  const page = await pageOfMembers(deps.db, scope, listQuery, today, { kind: 'active', excludeGroups: [], orgId });
  return {
    total: page.total,
    items: page.items.map((m) => ({
      id: m.id,
      uuid: m.uuid ?? null,
      firstName: m.firstName,
      surname: m.surname,
      gender: m.gender ?? null,
      birthDate: m.birthDate ?? null,
      regNr: m.regNr ?? null,
      functions: m.functions.map((f) => ({
        funkMgId: f.funkMgId,
        funcId: f.funcId,
        funcName: f.funcName,
        funcGroup: f.funcGroup,
        groupId: f.groupId,
        orgId: f.orgId,
        dateFrom: f.dateFrom,
        dateTo: f.dateTo,
      })),
    })),
  };
}

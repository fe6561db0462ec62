import { and, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FORM_MEMBERS, FORM_PERSON_SEARCH, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { OPEN_END_DATE } from '@/lib/domain/members';
import { mayAddMembershipIn } from '@/lib/domain/member-permissions';
import { personSearchRuns } from '@/lib/domain/person-search';
import { mayConnect } from '@/lib/domain/reach';
import type { PersonPage } from '@/lib/schemas/persons';
import { functionAssignments, members, roles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { actingOrg, loadCaller, orgsWith } from '../access';
import { recordAudit } from '../audit';
import { holdsAnyFunctionOn, holdsAssignment, ownMemberOrgIds, ownMembersCondition } from '../member-access';
import { reachFactsFor } from '../reach';
import { pageOfMembers } from '../members/member-list';
import { assignmentHeldOn } from '../assignment-days';

/**
 * GET /admin/persons/search: persons by name and function in the acting organisation's reach
 * (the federation everyone, a state association itself and its clubs, a club itself), current
 * members or, with `former`, those whose membership there ended. POST /admin/persons/{id}/rejoin
 * takes a former member back into a club (membership, function 32, from today).
 */

type Query = { org: number; q?: string; functions?: number[]; groups?: number[]; former?: 'true' | 'false'; page: number; size: number };

/** Holds an assignment in `orgIds` (all organisations when null) matching `extra`. */
function holds(orgIds: number[] | null, extra: SQL): SQL {
  return holdsAssignment(orgIds === null ? extra : and(inArray(functionAssignments.orgId, orgIds), extra)!);
}

/**
 * A page of persons, read like a page of the member list (pageOfMembers: one statement with each
 * person's functions, sorted by surname, first name, id).
 */
export async function searchPersons(deps: AppDeps, callerId: number, query: Query): Promise<PersonPage> {
  const org = actingOrg(await loadCaller(deps, callerId), query.org, [FORM_PERSON_SEARCH]);
  const functions = query.functions ?? [];
  const groups = query.groups ?? [];
  const former = query.former === 'true';
  if (!personSearchRuns(query.q, [...functions, ...groups], former)) return { items: [], total: 0 };

  const today = todayIso(deps.clock());
  const scope = await ownMemberOrgIds(deps, org);
  const active = assignmentHeldOn(today);
  const membership = eq(functionAssignments.roleId, FUNCTION_MEMBERSHIP);
  const conditions: Array<SQL | undefined> = [];
  if (former) {
    conditions.push(holds(scope, and(membership, lt(functionAssignments.dateTo, today))!));
    conditions.push(sql`not ${holds(scope, and(membership, active)!)}`);
  } else {
    // everyone in reach with a function today; over the whole federation, read from the member row
    conditions.push(scope === null ? holdsAnyFunctionOn(today) : ownMembersCondition(scope, today));
  }
  // Current members: functions held now; former members: functions they held there at any time.
  const roleIds = groups.length ? sql`(select ${roles.id} from ${roles} where ${inArray(roles.groupId, groups)})` : null;
  const chosen =
    functions.length && roleIds
      ? or(inArray(functionAssignments.roleId, functions), inArray(functionAssignments.roleId, roleIds))!
      : functions.length
        ? inArray(functionAssignments.roleId, functions)
        : roleIds
          ? inArray(functionAssignments.roleId, roleIds)
          : null;
  if (chosen) conditions.push(holds(scope, former ? chosen : and(chosen, active)!));

  const page = await pageOfMembers(
    deps.db,
    { conditions },
    { q: query.q, page: query.page, pageSize: query.size, sort: 'surname', dir: 'asc' },
    today,
    { kind: 'all' },
  );
  return {
    items: page.items.map((m) => ({
      id: m.id,
      uuid: m.uuid ?? null,
      firstName: m.firstName,
      surname: m.surname,
      regNr: m.regNr ?? null,
      licenseOrg: m.licenseOrg ?? null,
      federalState: m.licenseOrgBl ?? null,
      ageClass: m.ageClass,
      email: m.email ?? null,
      phoneMobile: m.phoneMobile ?? null,
      functions: m.functions.map((f) => ({
        funcId: f.funcId,
        funcName: f.funcName,
        orgName: f.orgName,
        dateFrom: f.dateFrom,
        dateTo: f.dateTo,
      })),
    })),
    total: page.total,
  };
}

/**
 * POST /admin/persons/{id}/rejoin: a former member of the club becomes a member again, from today.
 * The earlier membership is the club's identified connection (lib/domain/reach.ts); a person the
 * caller neither reaches nor had as a member there is answered like an id nobody has.
 */
export async function rejoin(
  deps: AppDeps,
  callerId: number,
  memberId: number,
  orgId: number,
): Promise<{ memberId: number; orgId: number; assignmentId: number; dateFrom: string }> {
  const caller = await loadCaller(deps, callerId);
  const orgs = orgsWith(caller, [FORM_PERSON_SEARCH, FORM_MEMBERS]);
  if (!mayAddMembershipIn(orgs, orgId)) throw forbidden('You may not add members to this organisation');
  const today = todayIso(deps.clock());
  const reach = await reachFactsFor(deps, orgs, memberId);
  return deps.db.transaction(async (tx) => {
    const [person] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const past = person
      ? await tx
          .select({ dateFrom: functionAssignments.dateFrom, dateTo: functionAssignments.dateTo })
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.memberId, memberId),
              eq(functionAssignments.orgId, orgId),
              eq(functionAssignments.roleId, FUNCTION_MEMBERSHIP),
            ),
          )
      : [];
    const formerMemberOfTargetClub = past.length > 0 && past.every((p) => p.dateTo < today);
    if (!person || !mayConnect({ ...reach, formerMemberOfTargetClub })) {
      if (past.some((p) => p.dateTo >= today))
        throw new ApiError(409, 'already_member', 'The person is a member of this organisation already');
      throw notFound('No such person');
    }
    if (past.some((p) => p.dateTo >= today))
      throw new ApiError(409, 'already_member', 'The person is a member of this organisation already');
    if (past.length === 0)
      throw new ApiError(422, 'not_a_former_member', 'The person was never a member of this organisation', {
        field: 'orgId',
        value: orgId,
      });
    const [created] = await tx
      .insert(functionAssignments)
      .values({ memberId, orgId, roleId: FUNCTION_MEMBERSHIP, dateFrom: today, dateTo: OPEN_END_DATE })
      .returning({ id: functionAssignments.id });
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: orgId,
      entity: 'function',
      entityId: created.id,
      action: 'create',
      after: { memberId, orgId, roleId: FUNCTION_MEMBERSHIP, dateFrom: today },
    });
    return { memberId, orgId, assignmentId: created.id, dateFrom: today };
  });
}

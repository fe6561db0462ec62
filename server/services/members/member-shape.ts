import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect, QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { ageClass, isActiveOn, isLicenceActive, isOpenEnded, licenceSeason, periodState } from '@/lib/domain/members';
import type { Member, MemberFunction } from '@/lib/schemas/member-responses';
import type { Db } from '../../db/client';
import { functionAssignments, members, memberTrainings, organisations, roleGroups, roles, trainingDefinitions } from '../../db/schema';
import { profileImageLink } from '../auth';
import { rfc3339 } from '../timestamps';

/**
 * The Member as the API answers it (shape in lib/schemas/member-responses.ts):
 * the master record plus memberships, functions, licence and certificates, loaded for a page of
 * members at once (whatever the page size): in the page's own statement for lists
 * (memberRelationColumns), or two statements for given members (loadMemberRelations).
 */

/** The member columns every list and detail selects (never the password hash). */
export const memberColumns = {
  id: members.id,
  uuid: members.uuid,
  regNr: members.regNr,
  firstName: members.firstName,
  middleName: members.middleName,
  surname: members.surname,
  birthDate: members.birthDate,
  gender: members.gender,
  nationality: members.nationality,
  country: members.country,
  street: members.street,
  houseNumber: members.houseNumber,
  doorNumber: members.doorNumber,
  zip: members.zip,
  city: members.city,
  phoneMobile: members.phoneMobile,
  email: members.email,
  params: members.params,
  updatedAt: members.updatedAt,
};

export type MemberRow = Pick<typeof members.$inferSelect, keyof typeof memberColumns>;

export type FunctionFilter =
  /** Member detail: every assignment, ended ones too. */
  | { kind: 'all' }
  /** Lists: active assignments whose role group is not excluded (default group 6), optionally of one organisation. */
  | { kind: 'active'; excludeGroups: number[]; orgId?: number };

const motherOrg = alias(organisations, 'mother_org');

/** What loadAssignments selects of an assignment: its role (and its params), role group, organisation and that organisation's mother. */
const assignmentFields = {
  funkMgId: functionAssignments.id,
  memberId: functionAssignments.memberId,
  funcId: functionAssignments.roleId,
  funcName: roles.name,
  params: roles.params,
  groupId: roles.groupId,
  funcGroup: roleGroups.group,
  orgId: functionAssignments.orgId,
  orgName: organisations.name,
  orgBso: organisations.bso,
  stateName: motherOrg.nameShort,
  stateLevel: motherOrg.orgLevel,
  dateFrom: functionAssignments.dateFrom,
  dateTo: functionAssignments.dateTo,
  updatedAt: functionAssignments.updatedAt,
};

/** Latest end first. */
const assignmentOrder = [desc(functionAssignments.dateTo), desc(functionAssignments.dateFrom), asc(functionAssignments.id)];

/** Function assignments with their role, role group and organisation (and its mother); latest end first. */
export function loadAssignments(db: Db, where: SQL | undefined) {
  return db
    .select(assignmentFields)
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .innerJoin(roleGroups, eq(roleGroups.id, roles.groupId))
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .leftJoin(motherOrg, eq(motherOrg.id, organisations.orgMotherId))
    .where(where)
    .orderBy(...assignmentOrder);
}

export type AssignmentRow = Awaited<ReturnType<typeof loadAssignments>>[number];

/** An assignment as one of the member's functions, active or not on `today`. */
export function toMemberFunction(a: AssignmentRow, today: string): MemberFunction {
  return {
    funkMgId: a.funkMgId,
    funcId: a.funcId,
    funcName: a.funcName,
    funcGroup: a.funcGroup,
    groupId: a.groupId,
    orgId: a.orgId,
    orgName: a.orgName,
    dateFrom: a.dateFrom,
    dateTo: a.dateTo,
    active: isActiveOn(a.dateFrom, a.dateTo, today),
    updatedAt: rfc3339(a.updatedAt),
  };
}

/** `column = any($ids)`: one array parameter, however many ids (an IN list binds one parameter per id). */
export function idIn(column: AnyPgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/** What loadMemberRelations selects of a member's training (certificate). */
const trainingFields = {
  id: memberTrainings.id,
  memberId: memberTrainings.memberId,
  trainingId: memberTrainings.trainingId,
  name: trainingDefinitions.name,
  title: trainingDefinitions.title,
  groupTitle: trainingDefinitions.groupTitle,
  controller: memberTrainings.controller,
  dateFrom: memberTrainings.dateFrom,
  dateTo: memberTrainings.dateTo,
  orgId: memberTrainings.orgId,
};

/** Latest start first. */
const trainingOrder = [desc(memberTrainings.dateFrom), asc(memberTrainings.id)];

function loadTrainings(db: Db, where: SQL) {
  return db
    .select(trainingFields)
    .from(memberTrainings)
    .innerJoin(trainingDefinitions, eq(trainingDefinitions.id, memberTrainings.trainingId))
    .where(where)
    .orderBy(...trainingOrder);
}

/** Function assignments and trainings of the members `ids`, for shapeMembers. */
export async function loadMemberRelations(db: Db, ids: readonly number[]) {
  const [assignments, trainings] = await Promise.all([
    loadAssignments(db, idIn(functionAssignments.memberId, ids)),
    loadTrainings(db, idIn(memberTrainings.memberId, ids)),
  ]);
  return { assignments, trainings };
}

/**
 * `json_build_object('key', column, …)`. Timestamps go in as the text the drivers return for such
 * columns (mode 'string'), so a record read from the JSON equals the record read as columns.
 */
function jsonRecord(fields: Record<string, AnyPgColumn>): SQL {
  const pairs = Object.entries(fields).map(([key, column]) => {
    const value = column.columnType === 'PgTimestampString' ? sql`${column}::text` : sql`${column}`;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** `coalesce(json_agg(record order by …), '[]')`: the rows of a subquery as one JSON array. */
function jsonRecords(fields: Record<string, AnyPgColumn>, order: SQL[]): SQL {
  return sql`coalesce(json_agg(${jsonRecord(fields)} order by ${sql.join(order, sql`, `)}), '[]'::json)`;
}

/**
 * Output columns that bring each member's function assignments and trainings along with the member
 * row, as JSON arrays of the records (and in the order) loadMemberRelations reads: a page of members
 * is then one statement. They read the member id as `members.id` of the query they are added to.
 * Their SQL has no parameters and never changes, so it is rendered once, not on every request.
 */
export const memberRelationColumns = (() => {
  const qb = new QueryBuilder();
  // the joins of loadAssignments and loadTrainings, aggregated per member
  const assignments = qb
    .select({ list: jsonRecords(assignmentFields, assignmentOrder) })
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .innerJoin(roleGroups, eq(roleGroups.id, roles.groupId))
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .leftJoin(motherOrg, eq(motherOrg.id, organisations.orgMotherId))
    .where(eq(functionAssignments.memberId, members.id));
  const trainings = qb
    .select({ list: jsonRecords(trainingFields, trainingOrder) })
    .from(memberTrainings)
    .innerJoin(trainingDefinitions, eq(trainingDefinitions.id, memberTrainings.trainingId))
    .where(eq(memberTrainings.memberId, members.id));
  const dialect = new PgDialect();
  const rendered = (query: { getSQL(): SQL }) => {
    const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
    if (params.length > 0) throw new Error('memberRelationColumns: unexpected parameters');
    return sql.raw(`(${text})`);
  };
  return {
    assignments: sql<AssignmentRow[]>`${rendered(assignments)}`,
    trainings: sql<TrainingRow[]>`${rendered(trainings)}`,
  };
})();

export type MemberRelations = Awaited<ReturnType<typeof loadMemberRelations>>;
type TrainingRow = MemberRelations['trainings'][number];

/** Memberships as members show them: active ones first, then the latest start first. */
export function membershipOrder(x: { active: boolean; dateFrom: string }, y: { active: boolean; dateFrom: string }): number {
  return Number(y.active) - Number(x.active) || y.dateFrom.localeCompare(x.dateFrom);
}

/**
 * The licence (function 29) a member shows: the latest held one that has not ended (next year's,
 * once released, rather than this year's that it continues), else the one that ended last.
 */
export function shownLicence<A extends { funcId: number; dateFrom: string; dateTo: string }>(
  assignments: A[],
  today: string,
): A | undefined {
  const licences = assignments.filter((a) => a.funcId === FUNCTION_LICENCE);
  const latestFirst = (x: A, y: A) => y.dateFrom.localeCompare(x.dateFrom) || y.dateTo.localeCompare(x.dateTo);
  const held = licences.filter((l) => periodState(l.dateFrom, l.dateTo, today) !== 'ended').sort(latestFirst);
  return held[0] ?? [...licences].sort((x, y) => y.dateTo.localeCompare(x.dateTo))[0];
}

/** The licence that is valid today, if any (its organisation is the member's licence organisation). */
export function activeLicence<A extends { funcId: number; dateFrom: string; dateTo: string }>(
  assignments: A[],
  today: string,
): A | undefined {
  return assignments.find((a) => a.funcId === FUNCTION_LICENCE && isLicenceActive(a.dateTo, today, a.dateFrom));
}

/** Whether an assignment is listed among a member's functions under `filter`. */
export function isListedFunction(
  a: { dateFrom: string; dateTo: string; groupId: number; orgId: number },
  filter: FunctionFilter,
  today: string,
): boolean {
  if (filter.kind === 'all') return true;
  if (!isActiveOn(a.dateFrom, a.dateTo, today) || filter.excludeGroups.includes(a.groupId)) return false;
  return filter.orgId === undefined || a.orgId === filter.orgId;
}

/** Loads memberships, functions, licences and certificates for `rows` and builds the API shape, keeping the order of `rows`. */
export async function toMemberDtos(db: Db, rows: MemberRow[], today: string, filter: FunctionFilter): Promise<Member[]> {
  if (rows.length === 0) return [];
  return shapeMembers(
    rows,
    await loadMemberRelations(
      db,
      rows.map((r) => r.id),
    ),
    today,
    filter,
  );
}

/** The API shape of `rows` from their loaded relations, in the order of `rows`. */
export function shapeMembers(
  rows: MemberRow[],
  { assignments, trainings }: MemberRelations,
  today: string,
  filter: FunctionFilter,
): Member[] {
  const byMember = new Map<number, { a: typeof assignments; t: typeof trainings }>();
  for (const row of rows) byMember.set(row.id, { a: [], t: [] });
  for (const a of assignments) byMember.get(a.memberId)?.a.push(a);
  for (const t of trainings) byMember.get(t.memberId)?.t.push(t);

  return rows.map((row) => {
    const own = byMember.get(row.id)!;
    const active = (a: { dateFrom: string; dateTo: string }) => isActiveOn(a.dateFrom, a.dateTo, today);

    const memberships = own.a
      .filter((a) => a.funcId === FUNCTION_MEMBERSHIP)
      .map((a) => ({ funkMgId: a.funkMgId, orgId: a.orgId, orgName: a.orgName, dateFrom: a.dateFrom, dateTo: a.dateTo, active: active(a) }))
      .sort(membershipOrder);
    const primary = memberships.filter((m) => m.active).sort((x, y) => x.dateFrom.localeCompare(y.dateFrom))[0];

    const currentLicence = shownLicence(own.a, today);
    const validLicence = activeLicence(own.a, today);

    const functions = own.a.filter((a) => isListedFunction(a, filter, today)).map((a) => toMemberFunction(a, today));

    return {
      id: row.id,
      uuid: row.uuid,
      imageLink: profileImageLink(row.uuid),
      regNr: row.regNr,
      firstName: row.firstName,
      middleName: row.middleName,
      surname: row.surname,
      birthDate: row.birthDate,
      ageClass: ageClass(row.birthDate, today),
      gender: row.gender,
      nationality: row.nationality,
      country: row.country,
      street: row.street,
      houseNumber: row.houseNumber,
      doorNumber: row.doorNumber,
      zip: row.zip,
      city: row.city,
      phoneMobile: row.phoneMobile,
      email: row.email,
      orgId: primary?.orgId ?? null,
      licenseOrg: validLicence ? validLicence.orgName : null,
      licenseOrgBso: validLicence ? validLicence.orgBso : null,
      licenseOrgBl: validLicence?.stateLevel === 2 ? validLicence.stateName : null,
      licence: currentLicence
        ? {
            orgId: currentLicence.orgId,
            orgName: currentLicence.orgName,
            dateFrom: currentLicence.dateFrom,
            dateTo: currentLicence.dateTo,
            // valid today, by this licence or the one it continues
            active: Boolean(validLicence),
            state: validLicence ? 'active' : periodState(currentLicence.dateFrom, currentLicence.dateTo, today),
            openEnded: isOpenEnded(currentLicence.dateTo),
            season: licenceSeason(currentLicence.dateTo),
          }
        : null,
      params: row.params ?? {},
      organizations: memberships,
      functions,
      certificates: own.t.map((t) => ({
        certId: t.trainingId,
        certName: t.name,
        certTitle: t.title,
        certGroupName: t.groupTitle,
        certController: t.controller,
        dateFrom: t.dateFrom,
        dateTo: t.dateTo,
        ausb_mg_id: t.id,
        orgId: t.orgId,
      })),
      updatedAt: rfc3339(row.updatedAt),
    };
  });
}

/** One member in the API shape (all functions), or null. */
export async function loadMemberDto(db: Db, memberId: number, today: string): Promise<Member | null> {
  const rows = await db
    .select(memberColumns)
    .from(members)
    .where(and(eq(members.id, memberId)));
  const [dto] = await toMemberDtos(db, rows, today, { kind: 'all' });
  return dto ?? null;
}

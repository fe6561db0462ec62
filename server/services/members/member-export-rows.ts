import { sql } from 'drizzle-orm';
import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import type { MemberOverviewSource } from '@/lib/domain/member-overview';
import { ageClass, isActiveOn, isLicenceActive } from '@/lib/domain/members';
import type { Db } from '../../db/client';
import { functionAssignments, members, memberTrainings, organisations, roles, trainingDefinitions } from '../../db/schema';
import { isListedFunction, membershipOrder, shownLicence, type FunctionFilter } from './member-shape';

/**
 * The members of an export with only what the overview's columns show: a third of the columns
 * the API's full Member shape reads. The rules (which memberships, licence and functions a member
 * shows) are member-shape.ts's own, applied here in the API as for the lists.
 */

/** A function assignment as the export reads it: [funcId, orgId, dateFrom, dateTo]. */
type AssignmentTuple = [number, number, string, string];

/** A member as the export reads it: the overview's columns. */
export type ExportMember = { id: number } & Pick<
  MemberOverviewSource,
  | 'regNr'
  | 'firstName'
  | 'surname'
  | 'birthDate'
  | 'gender'
  | 'nationality'
  | 'street'
  | 'houseNumber'
  | 'doorNumber'
  | 'zip'
  | 'city'
  | 'phoneMobile'
  | 'email'
>;

/** A member's function assignments (in the member lists' order) and certificate ids (newest first). */
export type ExportRelations = { assignments: readonly AssignmentTuple[]; trainingIds: readonly number[] };

/**
 * The names the batches refer to by id, read once per export: functions (with their group),
 * organisations and certificates are few, so the batches carry their ids only (half the bytes to
 * build, send and parse for every member).
 */
export type ExportNames = {
  functions: Map<number, { name: string; groupId: number }>;
  orgs: Map<number, string>;
  trainings: Map<number, string>;
};

export async function loadExportNames(db: Db): Promise<ExportNames> {
  const [functionRows, orgRows, trainingRows] = await Promise.all([
    db.select({ id: roles.id, name: roles.name, groupId: roles.groupId }).from(roles),
    db.select({ id: organisations.id, name: organisations.name }).from(organisations),
    db.select({ id: trainingDefinitions.id, name: trainingDefinitions.name }).from(trainingDefinitions),
  ]);
  return {
    functions: new Map(functionRows.map((r) => [r.id, { name: r.name, groupId: r.groupId }])),
    orgs: new Map(orgRows.map((r) => [r.id, r.name])),
    trainings: new Map(trainingRows.map((r) => [r.id, r.name])),
  };
}

/**
 * The export's select list over `members` (in a query whose FROM names the table `members`):
 * plain column values, no per-row ORM mapping; the CSV is built from these rows as they come.
 */
export const exportMemberColumns = sql`
  ${members.id} as "id", ${members.regNr} as "regNr", ${members.firstName} as "firstName", ${members.surname} as "surname",
  ${members.birthDate}::text as "birthDate", ${members.gender} as "gender", ${members.nationality} as "nationality",
  ${members.street} as "street", ${members.houseNumber} as "houseNumber", ${members.doorNumber} as "doorNumber",
  ${members.zip} as "zip", ${members.city} as "city", ${members.phoneMobile} as "phoneMobile", ${members.email} as "email"`;

const EMPTY: ExportRelations = { assignments: [], trainingIds: [] };

/**
 * The assignments and certificates of the members `ids`, read for all of them at once through the
 * member indexes (far cheaper than a subquery per member), as two JSON objects keyed by member id:
 * one statement, two values for the driver to parse.
 */
export async function loadExportRelations(db: Pick<Db, 'execute'>, ids: readonly number[]): Promise<(id: number) => ExportRelations> {
  if (ids.length === 0) return () => EMPTY;
  const idArray = sql`${sql.param([...ids])}::int[]`;
  const result = await db.execute<{ a: string | null; t: string | null }>(sql`
    select
      (select json_object_agg(member_id, list)::text from (
         select fa.member_id, json_agg(json_build_array(fa.role_id, fa.org_id, fa.date_from, fa.date_to)
                                       order by fa.date_to desc, fa.date_from desc, fa.id) as list
         from ${functionAssignments} fa where fa.member_id = any(${idArray}) group by fa.member_id) x) as a,
      (select json_object_agg(member_id, list)::text from (
         select mt.member_id, json_agg(mt.training_id order by mt.date_from desc, mt.id) as list
         from ${memberTrainings} mt where mt.member_id = any(${idArray}) group by mt.member_id) y) as t`);
  const { a, t } = result.rows[0];
  const assignments = (a ? JSON.parse(a) : {}) as Record<string, AssignmentTuple[]>;
  const trainings = (t ? JSON.parse(t) : {}) as Record<string, number[]>;
  return (id) => ({ assignments: assignments[id] ?? [], trainingIds: trainings[id] ?? [] });
}

/**
 * The members `ids` in that order (members deleted meanwhile are left out) with their
 * assignments and certificates as JSON, in ONE statement (PGlite's batch path: a statement per batch).
 */
export async function loadExportRows(db: Db, ids: number[]): Promise<Array<{ member: ExportMember; relations: ExportRelations }>> {
  if (ids.length === 0) return [];
  const result = await db.execute<
    ExportMember & { assignments: AssignmentTuple[] | string | null; trainingIds: number[] | string | null }
  >(sql`
    select ${exportMemberColumns},
      (select json_agg(json_build_array(fa.role_id, fa.org_id, fa.date_from, fa.date_to) order by fa.date_to desc, fa.date_from desc, fa.id)
         from ${functionAssignments} fa where fa.member_id = ${members.id}) as "assignments",
      (select json_agg(mt.training_id order by mt.date_from desc, mt.id)
         from ${memberTrainings} mt where mt.member_id = ${members.id}) as "trainingIds"
    from unnest(${sql.param([...ids])}::int[]) with ordinality as u(id, ord)
    join ${members} on ${members.id} = u.id
    order by u.ord`);
  return result.rows.map(({ assignments, trainingIds, ...member }) => ({
    member,
    relations: { assignments: parsed(assignments) ?? [], trainingIds: parsed(trainingIds) ?? [] },
  }));
}

const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** What the overview shows of one member (member-shape.ts's rules for memberships, licence and functions). */
export function overviewSource(
  row: ExportMember,
  relations: ExportRelations,
  today: string,
  filter: FunctionFilter,
  names: ExportNames,
): MemberOverviewSource {
  const own = [];
  for (const [funcId, orgId, dateFrom, dateTo] of relations.assignments) {
    const func = names.functions.get(funcId);
    const orgName = names.orgs.get(orgId);
    // a function or organisation created after the names were read is left out, as one deleted meanwhile
    if (func && orgName !== undefined) own.push({ funcId, funcName: func.name, groupId: func.groupId, orgId, orgName, dateFrom, dateTo });
  }
  const certs = relations.trainingIds.flatMap((id) => names.trainings.get(id) ?? []);
  const licence = shownLicence(own, today);
  return {
    regNr: row.regNr,
    firstName: row.firstName,
    surname: row.surname,
    birthDate: row.birthDate,
    gender: row.gender,
    nationality: row.nationality,
    street: row.street,
    houseNumber: row.houseNumber,
    doorNumber: row.doorNumber,
    zip: row.zip,
    city: row.city,
    phoneMobile: row.phoneMobile,
    email: row.email,
    ageClass: ageClass(row.birthDate, today),
    licenseOrg: licence && isLicenceActive(licence.dateTo, today, licence.dateFrom) ? licence.orgName : null,
    organizations: own
      .filter((a) => a.funcId === FUNCTION_MEMBERSHIP)
      .map((a) => ({ orgName: a.orgName, dateFrom: a.dateFrom, active: isActiveOn(a.dateFrom, a.dateTo, today) }))
      .sort(membershipOrder),
    functions: own.filter((a) => isListedFunction(a, filter, today)).map((a) => ({ funcName: a.funcName, active: true })),
    certificates: certs.map((certName) => ({ certName })),
  };
}

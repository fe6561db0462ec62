import { sql } from 'drizzle-orm';
import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import type { MemberOverviewSource } from '@/lib/domain/member-overview';
import { ageClass, isActiveOn, isLicenceActive } from '@/lib/domain/members';
import type { Db } from '../../db/client';
import { functionAssignments, members, memberTrainings, organisations, roles, trainingDefinitions } from '../../db/schema';
import { isListedFunction, membershipOrder, shownLicence, type FunctionFilter } from './member-shape';

/**
 * The members of one export batch with only what the overview's columns show: a third of the
 * columns the API's full Member shape reads. The rules (which memberships, licence and functions
 * a member shows) are member-shape.ts's own, applied here in the API as for the lists.
 */

/** A function assignment as the batch query writes it: [funcId, orgId, dateFrom, dateTo]. */
type AssignmentTuple = [number, number, string, string];
/** A member as the batch query writes it: the overview's columns, then assignments and certificate names. */
type MemberTuple = [
  id: number,
  regNr: string | null,
  firstName: string,
  surname: string,
  birthDate: string,
  gender: MemberOverviewSource['gender'],
  nationality: number | null,
  street: string | null,
  houseNumber: string | null,
  doorNumber: string | null,
  zip: string | null,
  city: string | null,
  phoneMobile: string | null,
  email: string | null,
  assignments: AssignmentTuple[] | null,
  trainingIds: number[] | null,
];

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
 * The whole batch as one JSON text built by the database: per member, in the batch's order, the
 * overview's columns, their function assignments (in the member lists' order) and certificate
 * ids, as arrays. One row instead of a row per member, assignment and training: the driver
 * parses one value and the API maps no rows.
 */
function batchQuery(ids: readonly number[]) {
  return sql`
    with ids as (select id, ord from unnest(${sql.param([...ids])}::int[]) with ordinality as u(id, ord)),
    fa as (
      select fa.member_id, json_agg(json_build_array(fa.role_id, fa.org_id, fa.date_from, fa.date_to)
                                    order by fa.date_to desc, fa.date_from desc, fa.id) as list
      from ${functionAssignments} fa
      join ids on ids.id = fa.member_id
      group by fa.member_id
    ),
    tr as (
      select mt.member_id, json_agg(mt.training_id order by mt.date_from desc, mt.id) as list
      from ${memberTrainings} mt
      join ids on ids.id = mt.member_id
      group by mt.member_id
    )
    select coalesce(json_agg(json_build_array(
      m.id, m.reg_nr, m.first_name, m.surname, m.birth_date, m.gender, m.nationality, m.street, m.house_number,
      m.door_number, m.zip, m.city, m.phone_mobile, m.email, fa.list, tr.list
    ) order by ids.ord), '[]')::text as batch
    from ids
    join ${members} m on m.id = ids.id
    left join fa on fa.member_id = m.id
    left join tr on tr.member_id = m.id`;
}

/** The batch `ids` in that order (members deleted meanwhile are left out). */
export async function loadExportRows(
  db: Db,
  ids: number[],
  today: string,
  filter: FunctionFilter,
  names: ExportNames,
): Promise<MemberOverviewSource[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(batchQuery(ids))) as unknown as { rows: Array<{ batch: string }> };
  const rows = JSON.parse(result.rows[0].batch) as MemberTuple[];

  const out: MemberOverviewSource[] = [];
  for (const [
    ,
    regNr,
    firstName,
    surname,
    birthDate,
    gender,
    nationality,
    street,
    houseNumber,
    doorNumber,
    zip,
    city,
    phoneMobile,
    email,
    list,
    trainingIds,
  ] of rows) {
    const own = [];
    for (const [funcId, orgId, dateFrom, dateTo] of list ?? []) {
      const func = names.functions.get(funcId);
      const orgName = names.orgs.get(orgId);
      // a function or organisation created after the names were read is left out, as one deleted meanwhile
      if (func && orgName !== undefined) own.push({ funcId, funcName: func.name, groupId: func.groupId, orgId, orgName, dateFrom, dateTo });
    }
    const certs = (trainingIds ?? []).flatMap((id) => names.trainings.get(id) ?? []);
    const licence = shownLicence(own, today);
    out.push({
      regNr,
      firstName,
      surname,
      birthDate,
      gender,
      nationality,
      street,
      houseNumber,
      doorNumber,
      zip,
      city,
      phoneMobile,
      email,
      ageClass: ageClass(birthDate, today),
      licenseOrg: licence && isLicenceActive(licence.dateTo, today, licence.dateFrom) ? licence.orgName : null,
      organizations: own
        .filter((a) => a.funcId === FUNCTION_MEMBERSHIP)
        .map((a) => ({ orgName: a.orgName, dateFrom: a.dateFrom, active: isActiveOn(a.dateFrom, a.dateTo, today) }))
        .sort(membershipOrder),
      functions: own.filter((a) => isListedFunction(a, filter, today)).map((a) => ({ funcName: a.funcName, active: true })),
      certificates: (certs ?? []).map((certName) => ({ certName })),
    });
  }
  return out;
}

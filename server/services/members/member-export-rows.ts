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

/** A function assignment as the batch query writes it: [funcId, funcName, groupId, orgId, orgName, dateFrom, dateTo]. */
type AssignmentTuple = [number, string, number, number, string, string, string];
/** A member as the batch query writes it: the overview's columns, then assignments and certificate names. */
type MemberTuple = [
  id: number, regNr: string | null, firstName: string, surname: string, birthDate: string, gender: MemberOverviewSource['gender'],
  nationality: number | null, street: string | null, houseNumber: string | null, doorNumber: string | null, zip: string | null,
  city: string | null, phoneMobile: string | null, email: string | null, assignments: AssignmentTuple[] | null, certificates: string[] | null,
];

/**
 * The whole batch as one JSON text built by the database: per member, in the batch's order, the
 * overview's columns, their function assignments (in the member lists' order) and certificate
 * names, as arrays. One row instead of a row per member, assignment and training: the driver
 * parses one value and the API maps no rows.
 */
function batchQuery(ids: readonly number[]) {
  return sql`
    with ids as (select id, ord from unnest(${sql.param([...ids])}::int[]) with ordinality as u(id, ord)),
    fa as (
      select fa.member_id, json_agg(json_build_array(fa.role_id, r.name, r.group_id, fa.org_id, o.name, fa.date_from, fa.date_to)
                                    order by fa.date_to desc, fa.date_from desc, fa.id) as list
      from ${functionAssignments} fa
      join ids on ids.id = fa.member_id
      join ${roles} r on r.id = fa.role_id
      join ${organisations} o on o.id = fa.org_id
      group by fa.member_id
    ),
    tr as (
      select mt.member_id, json_agg(td.name order by mt.date_from desc, mt.id) as list
      from ${memberTrainings} mt
      join ids on ids.id = mt.member_id
      join ${trainingDefinitions} td on td.id = mt.training_id
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
export async function loadExportRows(db: Db, ids: number[], today: string, filter: FunctionFilter): Promise<MemberOverviewSource[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(batchQuery(ids))) as unknown as { rows: Array<{ batch: string }> };
  const rows = JSON.parse(result.rows[0].batch) as MemberTuple[];

  const out: MemberOverviewSource[] = [];
  for (const [, regNr, firstName, surname, birthDate, gender, nationality, street, houseNumber, doorNumber, zip, city, phoneMobile, email, list, certs] of rows) {
    const own = (list ?? []).map(([funcId, funcName, groupId, orgId, orgName, dateFrom, dateTo]) => ({ funcId, funcName, groupId, orgId, orgName, dateFrom, dateTo }));
    const licence = shownLicence(own, today);
    out.push({
      regNr, firstName, surname, birthDate, gender, nationality, street, houseNumber, doorNumber, zip, city, phoneMobile, email,
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

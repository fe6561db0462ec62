import { asc, desc, eq } from 'drizzle-orm';
import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import type { MemberOverviewSource } from '@/lib/domain/member-overview';
import { ageClass, isActiveOn, isLicenceActive } from '@/lib/domain/members';
import type { Db } from '../../db/client';
import { functionAssignments, members, memberTrainings, organisations, roles, trainingDefinitions } from '../../db/schema';
import { idIn, isListedFunction, membershipOrder, shownLicence, type FunctionFilter } from './member-shape';

/**
 * The members of one export batch with only what the overview's columns show: a third of the
 * columns the API's full Member shape reads, so 100,000 members export in seconds. The rules
 * (which memberships, licence and functions a member shows) are member-shape.ts's own.
 */

const columns = {
  id: members.id,
  regNr: members.regNr,
  firstName: members.firstName,
  surname: members.surname,
  birthDate: members.birthDate,
  gender: members.gender,
  nationality: members.nationality,
  street: members.street,
  houseNumber: members.houseNumber,
  doorNumber: members.doorNumber,
  zip: members.zip,
  city: members.city,
  phoneMobile: members.phoneMobile,
  email: members.email,
};

/** The batch `ids` in that order (members deleted meanwhile are left out). */
export async function loadExportRows(db: Db, ids: number[], today: string, filter: FunctionFilter): Promise<MemberOverviewSource[]> {
  const [rows, assignments, trainings] = await Promise.all([
    db.select(columns).from(members).where(idIn(members.id, ids)),
    db
      .select({
        memberId: functionAssignments.memberId,
        funcId: functionAssignments.roleId,
        funcName: roles.name,
        groupId: roles.groupId,
        orgId: functionAssignments.orgId,
        orgName: organisations.name,
        dateFrom: functionAssignments.dateFrom,
        dateTo: functionAssignments.dateTo,
      })
      .from(functionAssignments)
      .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
      .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
      .where(idIn(functionAssignments.memberId, ids))
      // the order of the member lists' functions
      .orderBy(desc(functionAssignments.dateTo), desc(functionAssignments.dateFrom), asc(functionAssignments.id)),
    db
      .select({ memberId: memberTrainings.memberId, certName: trainingDefinitions.name })
      .from(memberTrainings)
      .innerJoin(trainingDefinitions, eq(trainingDefinitions.id, memberTrainings.trainingId))
      .where(idIn(memberTrainings.memberId, ids))
      .orderBy(desc(memberTrainings.dateFrom), asc(memberTrainings.id)),
  ]);

  const assignmentsOf = new Map<number, typeof assignments>();
  for (const a of assignments) (assignmentsOf.get(a.memberId) ?? assignmentsOf.set(a.memberId, []).get(a.memberId)!).push(a);
  const certificatesOf = new Map<number, typeof trainings>();
  for (const t of trainings) (certificatesOf.get(t.memberId) ?? certificatesOf.set(t.memberId, []).get(t.memberId)!).push(t);
  const byId = new Map(rows.map((r) => [r.id, r]));

  const out: MemberOverviewSource[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const own = assignmentsOf.get(id) ?? [];
    const licence = shownLicence(own, today);
    out.push({
      ...row,
      ageClass: ageClass(row.birthDate, today),
      licenseOrg: licence && isLicenceActive(licence.dateTo, today, licence.dateFrom) ? licence.orgName : null,
      organizations: own
        .filter((a) => a.funcId === FUNCTION_MEMBERSHIP)
        .map((a) => ({ orgName: a.orgName, dateFrom: a.dateFrom, active: isActiveOn(a.dateFrom, a.dateTo, today) }))
        .sort(membershipOrder),
      functions: own.filter((a) => isListedFunction(a, filter, today)).map((a) => ({ funcName: a.funcName, active: true })),
      certificates: certificatesOf.get(id) ?? [],
    });
  }
  return out;
}

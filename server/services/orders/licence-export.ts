import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { csvLine, CSV_BOM, CSV_LINE_END } from '@/lib/csv';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { ageClass } from '@/lib/domain/members';
import { functionAssignments, members, organisations } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { assignmentHeldBetween } from '../assignment-days';
import { requireFederation, type Download } from './reports';

export const LICENCE_EXPORT_COLUMNS = [
  'Lizenznummer',
  'Nachname',
  'Vorname',
  'Geburtsdatum',
  'Geschlecht',
  'Verein',
  'Vereinsnummer',
  'Altersklasse',
  'Bundesland',
] as const;

/**
 * GET /reports/licences.csv?year=: every licence active in the year (function 29 overlapping it),
 * one line per person and club, for tournament software: ';', byte-order mark, CRLF.
 */
export async function licencesCsv(deps: AppDeps, callerId: number, year: number): Promise<Download> {
  await requireFederation(deps, callerId, 'the licence export');
  const state = sql<string | null>`(select s.params->>'federalState' from ${organisations} s where s.id = ${organisations.orgMotherId})`;
  const rows = await deps.db
    .selectDistinctOn([members.sortSurname, members.sortFirstName, members.id, organisations.id], {
      regNr: members.regNr,
      surname: members.surname,
      firstName: members.firstName,
      birthDate: members.birthDate,
      gender: members.gender,
      club: organisations.name,
      clubNumber: organisations.bso,
      state: sql<string | null>`coalesce(${organisations.params}->>'federalState', ${state})`,
    })
    .from(functionAssignments)
    .innerJoin(members, eq(members.id, functionAssignments.memberId))
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(
      and(
        eq(functionAssignments.roleId, FUNCTION_LICENCE),
        assignmentHeldBetween(`${year}-01-01`, `${year}-12-31`),
        isNotNull(members.regNr),
      ),
    )
    .orderBy(members.sortSurname, members.sortFirstName, members.id, organisations.id);
  const genders: Record<string, string> = { m: 'm', w: 'w', d: 'd' };
  let text = CSV_BOM + csvLine([...LICENCE_EXPORT_COLUMNS]) + CSV_LINE_END;
  for (const r of rows) {
    text +=
      csvLine([
        r.regNr,
        r.surname,
        r.firstName,
        r.birthDate,
        genders[r.gender] ?? r.gender,
        r.club,
        r.clubNumber,
        ageClass(r.birthDate, `${year}-12-31`),
        r.state,
      ]) + CSV_LINE_END;
  }
  return { fileName: `lizenzen-${year}.csv`, bytes: Buffer.from(text, 'utf8'), type: 'text/csv; charset=utf-8' };
}

import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { limitNameKey } from '@/lib/domain/member-duplicates';
import type { Db } from '../../db/client';
import { functionAssignments, members } from '../../db/schema';
import { assignmentHeldOn } from '../assignment-days';

/** The stored persons an import's rows are compared with, read in chunks of 5,000 values. */

export type Stored = typeof members.$inferSelect;

/** The persons that may be one of the rows: same birth date (or swapped) or same e-mail or licence number. */
export async function candidatesOf(db: Db, dates: string[], emails: string[], regNrs: string[], lock: boolean): Promise<Stored[]> {
  const out = new Map<number, Stored>();
  const CHUNK = 5_000;
  const lists: Array<[string[], 'date' | 'email' | 'regNr']> = [
    [dates, 'date'],
    [emails, 'email'],
    [regNrs, 'regNr'],
  ];
  for (const [list, kind] of lists) {
    for (let i = 0; i < list.length; i += CHUNK) {
      const part = list.slice(i, i + CHUNK);
      const where =
        kind === 'date'
          ? inArray(members.birthDate, part)
          : kind === 'email'
            ? inArray(sql`lower(${members.email})`, part)
            : inArray(members.regNr, part);
      const query = db.select().from(members).where(where);
      const rows = lock ? await query.for('update') : await query;
      for (const r of rows) out.set(r.id, r);
    }
  }
  return [...out.values()];
}

/** Persons among `ids` holding an active function in club `orgId` today. */
export async function activeIn(db: Db, orgId: number, ids: number[], today: string): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const rows = await db
      .selectDistinct({ memberId: functionAssignments.memberId })
      .from(functionAssignments)
      .where(
        and(inArray(functionAssignments.memberId, ids.slice(i, i + 5_000)), eq(functionAssignments.orgId, orgId), assignmentHeldOn(today)),
      );
    for (const r of rows) found.add(r.memberId);
  }
  return found;
}

/** limitNameKey in SQL: the replacements it applies to the folded names, on the stored sort columns. */
const limitKeySql = (column: AnyColumn) =>
  sql`replace(replace(replace(replace(regexp_replace(trim(${column}), '[[:space:]‐–-]+', ' ', 'g'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), 'ss', 's')`;

/** The stored persons' names (limitNameKey of first name and surname, "first|surname") among `keys`. */
export async function storedNames(db: Db, keys: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 5_000) {
    const part = unique.slice(i, i + 5_000);
    const rows = await db
      .select({ firstName: members.firstName, surname: members.surname })
      .from(members)
      // IN (select unnest …): a hashed lookup per stored row, not a walk through the array
      .where(
        sql`${limitKeySql(members.sortSurname)} in (select unnest(${sql.param(part)}::text[])) or ${limitKeySql(members.sortFirstName)} in (select unnest(${sql.param(part)}::text[]))`,
      );
    for (const r of rows) out.add(`${limitNameKey(r.firstName)}|${limitNameKey(r.surname)}`);
  }
  return out;
}

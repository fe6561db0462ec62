import { inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { duplicateKeys, matchDuplicate } from '@/lib/domain/member-duplicates';
import { members } from '../../db/schema';
import type { SeedDb } from '../../db/seed/insert';

/**
 * Keeps the members' stored duplicate keys (dup_birth_key, dup_first_key, dup_surname_key) and the
 * flag dup_match in step with their names and birth dates. Every write that creates a member or
 * may change a name or the birth date (create, update, import and its undo, merge and its undo,
 * erasure) calls refreshDuplicateKeys with the members it wrote, in the same transaction. The keys
 * come from duplicateKeys and the flag from matchDuplicate (lib/domain/member-duplicates.ts): the
 * duplicates report then pairs only flagged records sharing keys, a handful among 100,000.
 */

const BATCH = 1000;

export type CandidatePerson = { id: number; firstName: string; surname: string; birthDate: string; gender: string };
export type CandidatePair = { a: CandidatePerson; b: CandidatePerson };

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Pairs of records (lower id first) sharing the birth key and one name key, straight or crossed:
 * the records the rules may take for one person. `where` narrows them (aliases a and b), `flagged`
 * keeps to records flagged dup_match (the partial index members_duplicate_match_idx).
 */
export async function candidatePairs(db: SeedDb, where: SQL, flagged: boolean): Promise<CandidatePair[]> {
  const onlyFlagged = flagged ? sql` and a.dup_match and b.dup_match` : sql``;
  const rows = rowsOf(
    await db.execute(sql`
      select a.id as a_id, a.first_name as a_first, a.surname as a_sur, a.birth_date::text as a_birth, a.gender as a_gender,
        b.id as b_id, b.first_name as b_first, b.surname as b_sur, b.birth_date::text as b_birth, b.gender as b_gender
      from members a join members b on b.dup_birth_key = a.dup_birth_key and b.id > a.id
        and (b.dup_surname_key = a.dup_surname_key or b.dup_first_key = a.dup_first_key
          or b.dup_first_key = a.dup_surname_key or b.dup_surname_key = a.dup_first_key)${onlyFlagged}
      where ${where}`),
  );
  const person = (r: Record<string, unknown>, side: 'a' | 'b'): CandidatePerson => ({
    id: Number(r[`${side}_id`]),
    firstName: String(r[`${side}_first`]),
    surname: String(r[`${side}_sur`]),
    birthDate: String(r[`${side}_birth`]),
    gender: String(r[`${side}_gender`]),
  });
  return rows.map((r) => ({ a: person(r, 'a'), b: person(r, 'b') }));
}

/** Ids of the records in pairs the rules take for one person. */
function matchedIds(pairs: CandidatePair[]): Set<number> {
  const ids = new Set<number>();
  for (const p of pairs) {
    if (matchDuplicate(p.a, p.b)) {
      ids.add(p.a.id);
      ids.add(p.b.id);
    }
  }
  return ids;
}

export async function refreshDuplicateKeys(tx: SeedDb, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    const rows = await tx
      .select({ id: members.id, firstName: members.firstName, surname: members.surname, birthDate: members.birthDate })
      .from(members)
      .where(inArray(members.id, part));
    await writeKeys(tx, rows);
    const list = sql.join(
      part.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const matched = matchedIds(await candidatePairs(tx, sql`a.id in (${list}) or b.id in (${list})`, false));
    // the written records' flags are exact; a partner keeps its flag until the next rebuild
    await setFlags(tx, sql`id in (${list})`, matched);
    const partners = [...matched].filter((id) => !part.includes(id));
    if (partners.length) {
      await tx.execute(
        sql`update members set dup_match = true where not dup_match and id in (${sql.join(
          partners.map((id) => sql`${id}::int`),
          sql`, `,
        )})`,
      );
    }
  }
}

/** Sets dup_match of the records `scope` selects: true for `matched`, false for the rest. */
async function setFlags(db: SeedDb, scope: SQL, matched: Set<number>): Promise<void> {
  const ids = `{${[...matched].join(',')}}`;
  await db.execute(
    sql`update members set dup_match = (id = any(${ids}::int[])) where (${scope}) and dup_match <> (id = any(${ids}::int[]))`,
  );
}

async function writeKeys(tx: SeedDb, rows: Array<{ id: number; firstName: string; surname: string; birthDate: string }>): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => {
      const k = duplicateKeys(r);
      return sql`(${r.id}::int, ${k.dupBirthKey}::date, ${k.dupFirstKey}::text, ${k.dupSurnameKey}::text)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update members m set dup_birth_key = v.b, dup_first_key = v.f, dup_surname_key = v.s
    from (values ${values}) as v(id, b, f, s)
    where m.id = v.id and (m.dup_birth_key is distinct from v.b or m.dup_first_key is distinct from v.f or m.dup_surname_key is distinct from v.s)`);
}

/**
 * Brings keys and flags of all members up to date: keys for members written before they existed,
 * and every flag recomputed with the rules as they are now (a change of the rules applies to all
 * records). Run at start-up after the migrations and by the seed; answers how many keys it filled.
 */
export async function rebuildDuplicateKeys(db: SeedDb): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: members.id, firstName: members.firstName, surname: members.surname, birthDate: members.birthDate })
      .from(members)
      .where(isNull(members.dupBirthKey))
      .limit(BATCH);
    if (rows.length === 0) break;
    await writeKeys(db, rows);
    filled += rows.length;
  }
  await setFlags(db, sql`true`, matchedIds(await candidatePairs(db, sql`true`, false)));
  return filled;
}

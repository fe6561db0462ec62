import { eq, sql } from 'drizzle-orm';
import { joinedPeriod, periodsJoin, type Period } from '@/lib/domain/member-merge';
import { PERSON_REFERENCES, type PersonReferenceKey } from '../../db/person-references';
import { functionAssignments } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { MERGE_RULES } from './merge-rules';

/**
 * The places that hold a person, as a merge reads them: which rows of a place name the person,
 * how many, which of the merged person's rows the survivor already has, and which function
 * periods become one. The plan (member-merge-plan.ts) counts with these; the merge moves them.
 */

export type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];
export type Exec = Pick<Tx, 'execute'>;
export type RowKey = number | string;
export type Assignment = typeof functionAssignments.$inferSelect;

export const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;
export const ident = (name: string) => sql.identifier(name);

export const PLACE = (key: PersonReferenceKey) => PERSON_REFERENCES.find((r) => r.key === key)!;

/** Rows of a place that name the person, by row key. */
export async function rowKeysOf(tx: Exec, key: PersonReferenceKey, memberId: number): Promise<RowKey[]> {
  const rule = MERGE_RULES[key];
  const { table, column } = PLACE(key);
  if (rule.kind === 'keep' || rule.kind === 'replace-in-json' || rule.kind === 'block' || rule.kind === 'drop') return [];
  if (rule.kind === 'replace-in-array') {
    return rowsOf(
      await tx.execute(sql`select ${ident(rule.rowKey)} as k from ${ident(table)} where ${memberId} = any(${ident(column)})`),
    ).map((r) => r.k as RowKey);
  }
  const owned =
    rule.kind === 'move-owned'
      ? sql` and owner_type in (${sql.join(
          rule.ownerTypes.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  return rowsOf(await tx.execute(sql`select id as k from ${ident(table)} where ${ident(column)} = ${memberId}${owned}`)).map(
    (r) => r.k as RowKey,
  );
}

export async function countOf(tx: Exec, key: PersonReferenceKey, memberId: number): Promise<number> {
  const rule = MERGE_RULES[key];
  const { table, column } = PLACE(key);
  if (rule.kind === 'replace-in-json') return (await refereeRows(tx, memberId)).length;
  if (rule.kind === 'keep' || rule.kind === 'block' || rule.kind === 'drop') {
    const condition =
      key === 'audit_entries.entity_id' ? sql`entity = 'member' and entity_id = ${String(memberId)}` : sql`${ident(column)} = ${memberId}`;
    const [row] = rowsOf(await tx.execute(sql`select count(*)::int as n from ${ident(table)} where ${condition}`));
    return Number(row.n);
  }
  return (await rowKeysOf(tx, key, memberId)).length;
}

/** The merged person's function rows that become one with a survivor's row, and the rest. */
export function joinPlan(survivorRows: Assignment[], mergedRows: Assignment[]) {
  const periods = new Map(survivorRows.map((r) => [r.id, { dateFrom: r.dateFrom, dateTo: r.dateTo }]));
  const joins: { survivorRow: Assignment; mergedRow: Assignment; before: Period; after: Period }[] = [];
  const moves: Assignment[] = [];
  for (const m of mergedRows) {
    const s = survivorRows.find((r) => r.orgId === m.orgId && r.roleId === m.roleId && periodsJoin(periods.get(r.id)!, m));
    if (!s) {
      moves.push(m);
      continue;
    }
    const before = periods.get(s.id)!;
    const after = joinedPeriod(before, m);
    periods.set(s.id, after);
    const earlier = joins.find((j) => j.survivorRow.id === s.id);
    joins.push({ survivorRow: s, mergedRow: m, before: earlier ? earlier.before : before, after });
    for (const j of joins) if (j.survivorRow.id === s.id) j.after = after;
  }
  return { joins, moves };
}

export async function assignmentsOf(tx: Tx, memberId: number): Promise<Assignment[]> {
  return tx.select().from(functionAssignments).where(eq(functionAssignments.memberId, memberId)).orderBy(functionAssignments.id);
}

/** Tournaments naming the person as main referee or referee. */
export async function refereeRows(tx: Exec, memberId: number): Promise<{ id: number; params: Record<string, unknown> }[]> {
  return rowsOf(
    await tx.execute(
      sql`select id, params from tournaments where (params->'mainReferee'->>'id')::int = ${memberId} or params->'referees' @> ${JSON.stringify([{ id: memberId }])}::jsonb`,
    ),
  ) as { id: number; params: Record<string, unknown> }[];
}

/** Rows of `key` of the merged person for which the survivor has the same row (same `sameAs` values, both live). */
export async function duplicateRows(tx: Exec, key: PersonReferenceKey, survivorId: number, mergedId: number): Promise<RowKey[]> {
  const rule = MERGE_RULES[key];
  if (rule.kind !== 'move-unless-duplicate') return [];
  const { table, column } = PLACE(key);
  const same = sql.join(
    rule.sameAs.map((c) => sql`s.${ident(c)} is not distinct from m.${ident(c)}`),
    sql` and `,
  );
  const live = rule.live ? sql` and not m.${ident(rule.live)} and not s.${ident(rule.live)}` : sql``;
  return rowsOf(
    await tx.execute(
      sql`select m.id as k from ${ident(table)} m where m.${ident(column)} = ${mergedId} and exists (select 1 from ${ident(table)} s where s.${ident(column)} = ${survivorId} and ${same}${live})`,
    ),
  ).map((r) => r.k as RowKey);
}

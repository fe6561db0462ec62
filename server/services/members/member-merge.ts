import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import {
  bothLoginsRecent,
  joinedPeriod,
  licenceYearConflicts,
  MERGE_FIELDS,
  periodsJoin,
  planFields,
  type FieldPlan,
  type MergeField,
  type MergeSide,
  type Period,
} from '@/lib/domain/member-merge';
import type { MergeAnswer, MergeConflict, MergeMove, MergeRequest } from '@/lib/schemas/member-merge';
import { uniqueViolation } from '../../db/db-errors';
import { PERSON_REFERENCES, type PersonReferenceKey } from '../../db/person-references';
import { functionAssignments, memberMerges, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';
import { refreshDuplicateKeys } from './duplicate-keys';
import { mergeActingOrg, mergeCaller } from './merge-access';
import { MERGE_RULES } from './merge-rules';

/**
 * Merging two records of one person (POST /admin/members/merge). The dry run and the merge build
 * the same plan; the merge runs it in one transaction, with both records locked, and keeps what
 * an undo needs in member_merges (see member-merge-undo.ts). Each place that holds a person is
 * handled by its rule in merge-rules.ts.
 */

type Tx = Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0];
type Exec = Pick<Tx, 'execute'>;
type MemberRecord = typeof members.$inferSelect;
type RowKey = number | string;

/** The stored columns of a member (the generated search and sort keys are left out: the database computes them). */
export type StoredMember = Omit<MemberRecord, 'searchText' | 'sortSurname' | 'sortFirstName'>;

/** What a merge keeps for its undo (member_merges.before). */
export type MergeSnapshot = {
  survivor: StoredMember;
  merged: StoredMember;
  /** The survivor's values of the merge fields (and password hash) right after the merge, to see what changed since. */
  after: Record<string, unknown>;
  login: MergeSide | null;
  moved: Partial<Record<PersonReferenceKey, RowKey[]>>;
  setAside: Partial<Record<PersonReferenceKey, Record<string, unknown>[]>>;
  joined: { survivorRowId: number; survivorBefore: Period; after: Period; mergedRow: Record<string, unknown>; grantedItems: number[] }[];
  arrays: { key: PersonReferenceKey; rowKey: RowKey; before: number[]; after: number[] }[];
  referees: { id: number; main: boolean; indexes: number[] }[];
  /** The survivor's own rows at the time of the merge, per place: rows beyond these and the moved ones were added since. */
  survivorRows: Partial<Record<PersonReferenceKey, RowKey[]>>;
};

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;
const ident = (name: string) => sql.identifier(name);

function storedMember(row: MemberRecord): StoredMember {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- generated columns are left out
  const { searchText, sortSurname, sortFirstName, ...stored } = row;
  return stored;
}

const fieldValues = (m: StoredMember) => Object.fromEntries(MERGE_FIELDS.map((f) => [f, m[f]])) as Record<MergeField, unknown>;

/** The login that survives: the password goes with the e-mail, so it is the login of the record whose e-mail is kept. */
function survivingLogin(fields: FieldPlan[], survivor: StoredMember, merged: StoredMember): MergeSide | null {
  const side = fields.find((f) => f.field === 'email')!.chosen;
  const record = side === 'survivor' ? survivor : merged;
  return record.passwordHash && record.email ? side : null;
}

async function lastSignIn(tx: Exec, memberId: number): Promise<Date | null> {
  const [row] = rowsOf(await tx.execute(sql`select max(created_at) as at from sessions where member_id = ${memberId}`));
  return row?.at ? new Date(row.at as string) : null;
}

const PLACE = (key: PersonReferenceKey) => PERSON_REFERENCES.find((r) => r.key === key)!;

/** Rows of a place that name the person, by row key. */
async function rowKeysOf(tx: Exec, key: PersonReferenceKey, memberId: number): Promise<RowKey[]> {
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

async function countOf(tx: Exec, key: PersonReferenceKey, memberId: number): Promise<number> {
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

type Assignment = typeof functionAssignments.$inferSelect;

/** The merged person's function rows that become one with a survivor's row, and the rest. */
function joinPlan(survivorRows: Assignment[], mergedRows: Assignment[]) {
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

async function assignmentsOf(tx: Tx, memberId: number): Promise<Assignment[]> {
  return tx.select().from(functionAssignments).where(eq(functionAssignments.memberId, memberId)).orderBy(functionAssignments.id);
}

/** Tournaments naming the person as main referee or referee. */
async function refereeRows(tx: Exec, memberId: number): Promise<{ id: number; params: Record<string, unknown> }[]> {
  return rowsOf(
    await tx.execute(
      sql`select id, params from tournaments where (params->'mainReferee'->>'id')::int = ${memberId} or params->'referees' @> ${JSON.stringify([{ id: memberId }])}::jsonb`,
    ),
  ) as { id: number; params: Record<string, unknown> }[];
}

/** Rows of `key` of the merged person for which the survivor has the same row (same `sameAs` values, both live). */
async function duplicateRows(tx: Exec, key: PersonReferenceKey, survivorId: number, mergedId: number): Promise<RowKey[]> {
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

type Plan = { fields: FieldPlan[]; login: MergeSide | null; moves: MergeMove[]; conflicts: MergeConflict[] };

async function buildPlan(
  deps: AppDeps,
  tx: Tx,
  survivor: StoredMember,
  merged: StoredMember,
  picks: MergeRequest['fields'],
): Promise<Plan> {
  const now = deps.clock();
  const fields = planFields(fieldValues(survivor), fieldValues(merged), picks);
  const login = survivingLogin(fields, survivor, merged);
  const conflicts: MergeConflict[] = [];
  const moves: MergeMove[] = [];

  const [sRows, mRows] = [await assignmentsOf(tx, survivor.id), await assignmentsOf(tx, merged.id)];
  const licence = (rows: Assignment[]) => rows.filter((r) => r.roleId === FUNCTION_LICENCE);
  const years = licenceYearConflicts(licence(sRows), licence(mRows), now.getFullYear());
  if (years.length > 0) {
    conflicts.push({
      code: 'licence_year',
      message: `Both records hold a licence of the same year in different clubs (${years.join(', ')}); take one back or correct it first.`,
      value: years,
    });
  }
  if (survivor.passwordHash && merged.passwordHash) {
    const signIns = { survivor: await lastSignIn(tx, survivor.id), merged: await lastSignIn(tx, merged.id) };
    if (bothLoginsRecent(signIns, now)) {
      conflicts.push({
        code: 'recent_logins',
        message: 'Both records signed in within the last 30 days; only one login can survive, so one of them must be given up first.',
      });
    }
  }

  for (const { key } of PERSON_REFERENCES) {
    const rule = MERGE_RULES[key];
    const count = await countOf(tx, key, merged.id);
    if (count === 0) continue;
    const move: MergeMove = { place: key, what: rule.what, rule: rule.kind, rows: count };
    if (rule.kind === 'join-periods') move.joined = joinPlan(sRows, mRows).joins.length;
    if (rule.kind === 'block') {
      conflicts.push({
        code: 'second_factor',
        message: `The record to merge away has ${rule.what} (${count}); ${rule.reason}.`,
        value: { place: key, rows: count },
      });
    }
    if (rule.kind === 'move-unless-duplicate') {
      const dups = await duplicateRows(tx, key, survivor.id, merged.id);
      if (dups.length > 0 && rule.onDuplicate === 'block') {
        conflicts.push({
          code: 'duplicate_rows',
          message: `Both records have ${rule.what} that a person can hold only once (${dups.length}); remove one first.`,
          value: { place: key, rows: dups },
        });
      }
      if (dups.length > 0 && rule.onDuplicate === 'set-aside') move.setAside = dups.length;
    }
    moves.push(move);
  }
  return { fields, login, moves, conflicts };
}

async function lockPair(tx: Tx, survivorId: number, mergedId: number): Promise<{ survivor?: MemberRecord; merged?: MemberRecord }> {
  const rows = await tx
    .select()
    .from(members)
    .where(inArray(members.id, [survivorId, mergedId]))
    .orderBy(members.id)
    .for('update');
  return { survivor: rows.find((r) => r.id === survivorId), merged: rows.find((r) => r.id === mergedId) };
}

async function goneAnswer(tx: Tx, mergedId: number): Promise<never> {
  const [tomb] = await tx
    .select({ id: memberMerges.id, survivorId: memberMerges.survivorId })
    .from(memberMerges)
    .where(and(eq(memberMerges.mergedId, mergedId), sql`${memberMerges.undoneAt} is null`));
  if (tomb) throw new ApiError(409, 'already_merged', 'This record was merged into another one in the meantime', { value: tomb.id });
  throw notFound('No such member');
}

function answerOf(plan: Plan, survivor: StoredMember, merged: StoredMember, extra: Partial<MergeAnswer>): MergeAnswer {
  return {
    dryRun: true,
    mergeId: null,
    survivorId: survivor.id,
    mergedId: merged.id,
    survivorUpdatedAt: rfc3339(survivor.updatedAt),
    mergedUpdatedAt: rfc3339(merged.updatedAt),
    fields: plan.fields.map((f) => ({
      field: f.field,
      survivor: f.survivor ?? null,
      merged: f.merged ?? null,
      differs: f.differs,
      chosen: f.chosen,
    })),
    login: plan.login,
    moves: plan.moves,
    conflicts: plan.conflicts,
    ...extra,
  };
}

/** Runs every rule for one merge; fills the snapshot. */
async function moveRows(tx: Tx, survivorId: number, mergedId: number, login: MergeSide | null, snap: MergeSnapshot, at: string) {
  /** The merged person's remaining rows of a place become the survivor's; the undo moves exactly these back. */
  const moveRest = async (key: PersonReferenceKey) => {
    const { table, column } = PLACE(key);
    const ids = await rowKeysOf(tx, key, mergedId);
    if (ids.length === 0) return;
    await tx.execute(
      sql`update ${ident(table)} set ${ident(column)} = ${survivorId} where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    snap.moved[key] = ids;
  };
  for (const { key, table, column } of PERSON_REFERENCES) {
    const rule = MERGE_RULES[key];
    if (rule.kind !== 'keep' && rule.kind !== 'replace-in-json' && rule.kind !== 'block' && rule.kind !== 'drop')
      snap.survivorRows[key] = await rowKeysOf(tx, key, survivorId);
    switch (rule.kind) {
      case 'keep':
      case 'block':
        break;
      case 'move':
      case 'move-owned': {
        await moveRest(key);
        break;
      }
      case 'move-unless-duplicate': {
        const dups = await duplicateRows(tx, key, survivorId, mergedId);
        if (dups.length > 0) {
          const list = sql.join(
            dups.map((i) => sql`${i}`),
            sql`, `,
          );
          snap.setAside[key] = rowsOf(await tx.execute(sql`select to_jsonb(t) as row from ${ident(table)} t where id in (${list})`)).map(
            (r) => r.row as Record<string, unknown>,
          );
          await tx.execute(sql`delete from ${ident(table)} where id in (${list})`);
        }
        await moveRest(key);
        break;
      }
      case 'end-and-move': {
        // The merged record's sign-in ends; so does the survivor's when the merged record's login is the one kept.
        const endOf = (memberId: number) =>
          tx.execute(
            sql`update ${ident(table)} set ${ident(rule.end)} = ${at}::timestamptz where ${ident(column)} = ${memberId} and ${ident(rule.end)} is null`,
          );
        await endOf(mergedId);
        if (login === 'merged') await endOf(survivorId);
        await moveRest(key);
        break;
      }
      case 'join-periods': {
        const { joins, moves } = joinPlan(await assignmentsOf(tx, survivorId), await assignmentsOf(tx, mergedId));
        for (const j of joins) {
          const [mergedRow] = rowsOf(
            await tx.execute(sql`select to_jsonb(t) as row from function_assignments t where id = ${j.mergedRow.id}`),
          );
          const granted = rowsOf(
            await tx.execute(
              sql`update order_items set granted_assignment_id = ${j.survivorRow.id} where granted_assignment_id = ${j.mergedRow.id} returning id`,
            ),
          ).map((r) => Number(r.id));
          await tx.delete(functionAssignments).where(eq(functionAssignments.id, j.mergedRow.id));
          snap.joined.push({
            survivorRowId: j.survivorRow.id,
            survivorBefore: j.before,
            after: j.after,
            mergedRow: mergedRow.row as Record<string, unknown>,
            grantedItems: granted,
          });
        }
        for (const j of snap.joined) {
          await tx
            .update(functionAssignments)
            .set({ dateFrom: j.after.dateFrom, dateTo: j.after.dateTo, updatedAt: at })
            .where(eq(functionAssignments.id, j.survivorRowId));
        }
        if (moves.length > 0) {
          await tx
            .update(functionAssignments)
            .set({ memberId: survivorId })
            .where(
              inArray(
                functionAssignments.id,
                moves.map((m) => m.id),
              ),
            );
          snap.moved[key] = moves.map((m) => m.id);
        }
        break;
      }
      case 'replace-in-array': {
        const rows = rowsOf(
          await tx.execute(
            sql`update ${ident(table)} t set ${ident(column)} = array_replace(t.${ident(column)}, ${mergedId}, ${survivorId}) from (select ${ident(rule.rowKey)} as k, ${ident(column)} as before from ${ident(table)} where ${mergedId} = any(${ident(column)}) for update) b where t.${ident(rule.rowKey)} = b.k returning b.k, b.before, t.${ident(column)} as after`,
          ),
        );
        for (const r of rows) snap.arrays.push({ key, rowKey: r.k as RowKey, before: r.before as number[], after: r.after as number[] });
        break;
      }
      case 'replace-in-json': {
        for (const t of await refereeRows(tx, mergedId)) {
          const params = t.params as { mainReferee?: { id: number } | null; referees?: { id: number }[] };
          const main = params.mainReferee?.id === mergedId;
          const indexes = (params.referees ?? []).flatMap((r, i) => (r.id === mergedId ? [i] : []));
          const next = {
            ...params,
            ...(main ? { mainReferee: { ...params.mainReferee, id: survivorId } } : {}),
            ...(params.referees ? { referees: params.referees.map((r) => (r.id === mergedId ? { ...r, id: survivorId } : r)) } : {}),
          };
          await tx.execute(sql`update tournaments set params = ${JSON.stringify(next)}::jsonb where id = ${t.id}`);
          snap.referees.push({ id: t.id, main, indexes });
        }
        break;
      }
    }
  }
}

/** The survivor's columns after the merge: each field from the side chosen, the password with the e-mail. */
function survivorAfter(plan: Plan, survivor: StoredMember, merged: StoredMember): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(
    plan.fields.map((f) => [f.field, f.chosen === 'survivor' ? f.survivor : f.merged]),
  );
  values.passwordHash = plan.login === 'merged' ? merged.passwordHash : plan.login === 'survivor' ? survivor.passwordHash : null;
  return values;
}

function uniqueConflict(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'members_email_unique')
    throw new ApiError(409, 'unique_email', 'The chosen e-mail address is in use by another person.', { field: 'email' });
  if (index === 'members_identity_unique')
    throw new ApiError(409, 'identity_conflict', 'Another person has the chosen name, gender and birth date.', { field: 'birthDate' });
  if (index === 'members_reg_nr_unique')
    throw new ApiError(409, 'unique_reg_nr', 'The chosen licence number is given to another person.', { field: 'regNr' });
  if (index === 'member_merges_live_merged')
    throw new ApiError(409, 'already_merged', 'This record was merged into another one in the meantime');
  throw err;
}

/** POST /admin/members/merge: the plan (dryRun) or the merge itself. */
export async function mergeMembers(deps: AppDeps, callerId: number, body: MergeRequest): Promise<MergeAnswer> {
  if (body.survivorId === body.mergedId)
    throw new ApiError(422, 'validation', 'A record cannot be merged into itself', { field: 'mergedId' });
  if (body.mergedId === callerId) throw new ApiError(422, 'self', 'Your own record cannot be merged away while you are signed in with it');
  const caller = await mergeCaller(deps, callerId);
  // An id merged away already: say so (a second merge of the same pair, an old link).
  for (const id of [body.mergedId, body.survivorId]) {
    const [tomb] = await deps.db
      .select({ id: memberMerges.id })
      .from(memberMerges)
      .where(and(eq(memberMerges.mergedId, id), isNull(memberMerges.undoneAt)));
    if (tomb) throw new ApiError(409, 'already_merged', 'This record was merged into another one already', { value: tomb.id });
  }
  const acting = await mergeActingOrg(deps, caller, [body.survivorId, body.mergedId]);
  const at = deps.clock().toISOString();

  if (body.dryRun) {
    return deps.db.transaction(async (tx) => {
      const { survivor, merged } = await lockPair(tx, body.survivorId, body.mergedId);
      if (!merged) return goneAnswer(tx, body.mergedId);
      if (!survivor) return goneAnswer(tx, body.survivorId);
      const s = storedMember(survivor);
      const m = storedMember(merged);
      return answerOf(await buildPlan(deps, tx, s, m, body.fields), s, m, {});
    });
  }

  if (!body.survivorUpdatedAt || !body.mergedUpdatedAt) {
    throw new ApiError(422, 'validation', 'A merge needs the updatedAt of both records as the plan showed them', {
      field: body.survivorUpdatedAt ? 'mergedUpdatedAt' : 'survivorUpdatedAt',
    });
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const { survivor, merged } = await lockPair(tx, body.survivorId, body.mergedId);
      if (!merged) return goneAnswer(tx, body.mergedId);
      if (!survivor) return goneAnswer(tx, body.survivorId);
      const stale = (row: MemberRecord, seen: string) => new Date(row.updatedAt).getTime() !== new Date(seen).getTime();
      if (stale(survivor, body.survivorUpdatedAt!) || stale(merged, body.mergedUpdatedAt!)) {
        throw new ApiError(409, 'stale', 'One of the records was changed since the plan was made; look at the plan again', {
          value: { survivorUpdatedAt: rfc3339(survivor.updatedAt), mergedUpdatedAt: rfc3339(merged.updatedAt) },
        });
      }
      const s = storedMember(survivor);
      const m = storedMember(merged);
      const plan = await buildPlan(deps, tx, s, m, body.fields);
      if (plan.conflicts.length > 0) {
        throw new ApiError(409, 'merge_conflicts', plan.conflicts.map((c) => c.message).join(' '), { value: plan.conflicts });
      }
      const mergeId = randomUUID();
      const after = survivorAfter(plan, s, m);
      const snap: MergeSnapshot = {
        survivor: s,
        merged: m,
        after,
        login: plan.login,
        moved: {},
        setAside: {},
        joined: [],
        arrays: [],
        referees: [],
        survivorRows: {},
      };
      // The tombstone first: a parallel merge of the same record fails on its unique index.
      await tx.insert(memberMerges).values({
        id: mergeId,
        survivorId: s.id,
        mergedId: m.id,
        before: {},
        actorId: callerId,
        actingOrgId: acting.id,
        createdAt: at,
      });
      await moveRows(tx, s.id, m.id, plan.login, snap, at);
      await tx.delete(members).where(eq(members.id, m.id));
      const [updated] = await tx
        .update(members)
        .set({
          ...(after as Partial<MemberRecord>),
          updatedAt: sql`greatest(${at}::timestamptz, ${members.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(members.id, s.id))
        .returning({ updatedAt: members.updatedAt });
      snap.after.updatedAt = updated.updatedAt;
      await refreshDuplicateKeys(tx, [s.id]);
      await tx
        .update(memberMerges)
        .set({ before: snap as unknown as Record<string, unknown> })
        .where(eq(memberMerges.id, mergeId));
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the password hash never goes into the audit trail
      const audited = ({ passwordHash, ...rest }: Record<string, unknown>) => rest;
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: acting.id,
        entity: 'member',
        entityId: s.id,
        action: 'merge',
        before: audited(fieldValues(s)),
        after: audited(after),
        mergeId,
      });
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: acting.id,
        entity: 'member',
        entityId: m.id,
        action: 'merge',
        before: { ...audited(fieldValues(m)), mergedInto: null },
        after: { mergedInto: s.id },
        mergeId,
      });
      const answer = answerOf(plan, s, m, { dryRun: false, mergeId, survivorUpdatedAt: rfc3339(updated.updatedAt) });
      return answer;
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    uniqueConflict(err);
  }
}

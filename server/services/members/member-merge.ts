import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MergeSide, Period } from '@/lib/domain/member-merge';
import type { MergeAnswer, MergeRequest } from '@/lib/schemas/member-merge';
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
import { answerOf, buildPlan, fieldValues, storedMember, type MemberRecord, type Plan, type StoredMember } from './member-merge-plan';
import {
  assignmentsOf,
  duplicateRows,
  ident,
  joinPlan,
  PLACE,
  refereeRows,
  rowKeysOf,
  rowsOf,
  type RowKey,
  type Tx,
} from './member-merge-places';

/**
 * Merging two records of one person (POST /admin/members/merge). The dry run and the merge build
 * the same plan; the merge runs it in one transaction, with both records locked, and keeps what
 * an undo needs in member_merges (see member-merge-undo.ts). Each place that holds a person is
 * handled by its rule in merge-rules.ts.
 */

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

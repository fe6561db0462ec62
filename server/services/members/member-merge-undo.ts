import { eq, sql } from 'drizzle-orm';
import { MERGE_FIELDS, mayUndoMerge, sameValue } from '@/lib/domain/member-merge';
import type { UndoAnswer } from '@/lib/schemas/member-merge';
import { uniqueViolation } from '../../db/db-errors';
import { PERSON_REFERENCES, type PersonReferenceKey } from '../../db/person-references';
import { functionAssignments, memberMerges, members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { mergeCaller, undoActingOrg } from './merge-access';
import { refreshDuplicateKeys } from './duplicate-keys';
import { MERGE_RULES } from './merge-rules';
import type { MergeSnapshot } from './member-merge';

/**
 * Undoing a merge (POST /admin/members/merge/{mergeId}/undo), on the day of the merge: both
 * records as they were, every moved row back with the merged record, joined function periods
 * split again, set-aside rows put back. What was added to the survivor since stays with it and is
 * listed; a survivor field changed since keeps its new value and is listed. Refused (409, with the
 * reason) only where the undo would lose data or cannot be made.
 */

type RowKey = number | string;
const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;
const ident = (name: string) => sql.identifier(name);
const list = (ids: readonly RowKey[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

const refuse = (code: string, message: string, value?: unknown) => new ApiError(409, code, message, value === undefined ? {} : { value });

export async function undoMerge(deps: AppDeps, callerId: number, mergeId: string): Promise<UndoAnswer> {
  const caller = await mergeCaller(deps, callerId);
  const now = deps.clock();
  const at = now.toISOString();
  const [found] = await deps.db.select({ survivorId: memberMerges.survivorId }).from(memberMerges).where(eq(memberMerges.id, mergeId));
  if (!found) throw notFound('No such merge');
  const acting = await undoActingOrg(deps, caller, found.survivorId);
  if (!acting) throw forbidden('This merge is not within your organisation');
  try {
    return await deps.db.transaction(async (tx) => {
      const [merge] = await tx.select().from(memberMerges).where(eq(memberMerges.id, mergeId)).for('update');
      if (!merge) throw notFound('No such merge');
      if (merge.undoneAt) throw refuse('already_undone', 'This merge was already undone');
      if (!mayUndoMerge(new Date(merge.createdAt), now)) throw refuse('undo_too_late', 'A merge can only be undone on the day it was made');
      const snap = merge.before as unknown as MergeSnapshot;
      const [survivor] = await tx.select().from(members).where(eq(members.id, merge.survivorId)).for('update');
      if (!survivor) {
        throw refuse(
          'survivor_gone',
          'The surviving record was merged into another one or deleted since; undo that first',
          merge.survivorId,
        );
      }

      // The survivor's fields: back to its own values, except those changed since the merge (they stay, and are listed).
      const restore: Record<string, unknown> = {};
      const keptFields: string[] = [];
      for (const field of [...MERGE_FIELDS, 'passwordHash'] as const) {
        const current = survivor[field];
        if (sameValue(current, snap.after[field])) restore[field] = snap.survivor[field];
        else if (field !== 'passwordHash') keptFields.push(field);
      }
      // A kept e-mail or licence number the merged record needs back cannot be shared.
      for (const field of ['email', 'regNr'] as const) {
        const mine = snap.merged[field];
        if (mine && keptFields.includes(field) && String(survivor[field]).toLowerCase() === String(mine).toLowerCase()) {
          throw refuse(
            'field_in_use',
            `The survivor kept the merged record's ${field} after a change made since the merge; change it first`,
            field,
          );
        }
      }
      await tx
        .update(members)
        .set({ ...restore, updatedAt: sql`greatest(${at}::timestamptz, ${members.updatedAt} + interval '1 millisecond')` })
        .where(eq(members.id, survivor.id));
      await tx.insert(members).values({ ...snap.merged, createdAt: snap.merged.createdAt, updatedAt: snap.merged.updatedAt });
      await refreshDuplicateKeys(tx, [survivor.id, snap.merged.id]);

      const movedBack: UndoAnswer['movedBack'] = [];
      for (const { key, table, column } of PERSON_REFERENCES) {
        const ids = snap.moved[key as PersonReferenceKey];
        if (!ids || ids.length === 0) continue;
        const back = rowsOf(
          await tx.execute(
            sql`update ${ident(table)} set ${ident(column)} = ${merge.mergedId} where id in (${list(ids)}) and ${ident(column)} = ${merge.survivorId} returning id`,
          ),
        );
        movedBack.push({ place: key, rows: back.length });
      }
      for (const { key, table } of PERSON_REFERENCES) {
        const rows = snap.setAside[key as PersonReferenceKey];
        if (!rows || rows.length === 0) continue;
        for (const row of rows) {
          await tx.execute(
            sql`insert into ${ident(table)} select * from jsonb_populate_record(null::${ident(table)}, ${JSON.stringify(row)}::jsonb)`,
          );
        }
        movedBack.push({ place: key, rows: rows.length });
      }

      // Joined function periods: split again, unless the joined period was changed since (that change would be lost).
      for (const j of snap.joined) {
        const [row] = await tx.select().from(functionAssignments).where(eq(functionAssignments.id, j.survivorRowId));
        if (row && (row.dateFrom !== j.after.dateFrom || row.dateTo !== j.after.dateTo)) {
          throw refuse(
            'joined_period_changed',
            'A function period joined by the merge was changed since; splitting it again would lose that change',
            j.survivorRowId,
          );
        }
        if (row) {
          await tx
            .update(functionAssignments)
            .set({ dateFrom: j.survivorBefore.dateFrom, dateTo: j.survivorBefore.dateTo, updatedAt: at })
            .where(eq(functionAssignments.id, j.survivorRowId));
        }
        await tx.execute(
          sql`insert into function_assignments select * from jsonb_populate_record(null::function_assignments, ${JSON.stringify(j.mergedRow)}::jsonb)`,
        );
        if (j.grantedItems.length > 0) {
          await tx.execute(
            sql`update order_items set granted_assignment_id = ${Number(j.mergedRow.id)} where id in (${list(j.grantedItems)}) and granted_assignment_id = ${j.survivorRowId}`,
          );
        }
      }
      if (snap.joined.length > 0) movedBack.push({ place: 'function_assignments.member_id (joined)', rows: snap.joined.length });

      for (const a of snap.arrays) {
        const place = PERSON_REFERENCES.find((r) => r.key === a.key)!;
        const rule = MERGE_RULES[a.key];
        if (rule.kind !== 'replace-in-array') continue;
        await tx.execute(
          sql`update ${ident(place.table)} set ${ident(place.column)} = ${sql`${`{${a.before.join(',')}}`}::int[]`} where ${ident(rule.rowKey)} = ${a.rowKey} and ${ident(place.column)} = ${sql`${`{${a.after.join(',')}}`}::int[]`}`,
        );
      }
      for (const r of snap.referees) {
        const [t] = rowsOf(await tx.execute(sql`select params from tournaments where id = ${r.id} for update`));
        if (!t) continue;
        const params = t.params as { mainReferee?: { id: number } | null; referees?: { id: number }[] };
        const next = {
          ...params,
          ...(r.main && params.mainReferee?.id === merge.survivorId ? { mainReferee: { ...params.mainReferee, id: merge.mergedId } } : {}),
          ...(params.referees
            ? {
                referees: params.referees.map((p, i) =>
                  r.indexes.includes(i) && p.id === merge.survivorId ? { ...p, id: merge.mergedId } : p,
                ),
              }
            : {}),
        };
        await tx.execute(sql`update tournaments set params = ${JSON.stringify(next)}::jsonb where id = ${r.id}`);
      }

      // What the survivor gained since the merge stays with it: listed.
      const stayedWithSurvivor: UndoAnswer['stayedWithSurvivor'] = [];
      for (const { key, table, column } of PERSON_REFERENCES) {
        const before = snap.survivorRows[key as PersonReferenceKey];
        const rule = MERGE_RULES[key];
        if (
          !before ||
          rule.kind === 'replace-in-array' ||
          rule.kind === 'keep' ||
          rule.kind === 'replace-in-json' ||
          rule.kind === 'block' ||
          rule.kind === 'drop'
        )
          continue;
        const owned = rule.kind === 'move-owned' ? sql` and owner_type in (${list(rule.ownerTypes)})` : sql``;
        const current = rowsOf(
          await tx.execute(sql`select id from ${ident(table)} where ${ident(column)} = ${merge.survivorId}${owned}`),
        ).map((r) => r.id as RowKey);
        const known = new Set(before.map(String));
        const added = current.filter((id) => !known.has(String(id)));
        if (added.length > 0) stayedWithSurvivor.push({ place: key, what: rule.what, ids: added });
      }

      await tx.update(memberMerges).set({ undoneAt: at, undoneBy: callerId }).where(eq(memberMerges.id, mergeId));
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: acting.id,
        entity: 'member',
        entityId: merge.survivorId,
        action: 'unmerge',
        before: { mergedWith: merge.mergedId },
        after: { mergedWith: null },
        mergeId,
      });
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: acting.id,
        entity: 'member',
        entityId: merge.mergedId,
        action: 'unmerge',
        before: { mergedInto: merge.survivorId },
        after: { mergedInto: null },
        mergeId,
      });
      return { mergeId, survivorId: merge.survivorId, mergedId: merge.mergedId, movedBack, stayedWithSurvivor, keptFields };
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const index = uniqueViolation(err);
    if (index) throw refuse('undo_conflict', `Another record now holds a value the merged record needs back (${index})`, index);
    throw err;
  }
}

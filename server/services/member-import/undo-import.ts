import { eq, inArray, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { mayUndoImport } from '@/lib/domain/member-import';
import { auditEntries, functionAssignments, memberImportRows, memberImports, members } from '../../db/schema';
import { PERSON_REFERENCES } from '../../db/person-references';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { refreshDuplicateKeys } from '../members/duplicate-keys';
import { auditRow, BATCH, importTarget, insertAll, type AuditRow } from './member-import';

export type UndoAnswer = { importId: string; undone: { create: number; connect: number; update: number } };

/**
 * POST /admin/members/imports/{importId}/undo: the same day, by the club or the federation.
 * Removes the persons the import created, ends nothing but deletes the memberships it gave,
 * restores the fields it changed; 409 changed_since (value: the rows) when any of them was
 * changed after the import, and then nothing is undone.
 */
export async function undoImport(deps: AppDeps, callerId: number, importId: string): Promise<UndoAnswer> {
  const [run] = await deps.db.select().from(memberImports).where(eq(memberImports.id, importId));
  if (!run) throw notFound('No such import');
  await importTarget(deps, callerId, run.orgId);
  if (run.undoneAt) throw new ApiError(409, 'already_undone', 'This import was undone already');
  const today = todayIso(deps.clock());
  if (!mayUndoImport(run.importDay, today)) {
    throw new ApiError(409, 'undo_expired', 'An import can be undone only on the day it was made', { value: run.importDay });
  }
  return deps.db.transaction(async (tx) => {
    // Taken first: two undos of one import cannot both pass.
    const [locked] = await tx.select().from(memberImports).where(eq(memberImports.id, importId)).for('update');
    if (locked.undoneAt) throw new ApiError(409, 'already_undone', 'This import was undone already');
    const rows = await tx.select().from(memberImportRows).where(eq(memberImportRows.importId, importId)).orderBy(memberImportRows.line);
    const memberIds = rows.map((r) => r.memberId);
    const assignmentIds = rows.flatMap((r) => (r.assignmentId ? [r.assignmentId] : []));
    const storedMembers = new Map<number, typeof members.$inferSelect>();
    const storedAssignments = new Map<number, typeof functionAssignments.$inferSelect>();
    const otherFunctions = new Set<number>();
    for (let i = 0; i < memberIds.length; i += 5_000) {
      const ids = memberIds.slice(i, i + 5_000);
      for (const m of await tx.select().from(members).where(inArray(members.id, ids)).for('update')) storedMembers.set(m.id, m);
    }
    // A created person is held by nothing but the membership the import gave: anything else (another
    // function, a training, an order, a session …) is a change since.
    const createdIds = rows.filter((r) => r.verdict === 'create').map((r) => r.memberId);
    for (let i = 0; i < createdIds.length; i += 5_000) {
      const ids = createdIds.slice(i, i + 5_000);
      const others = await tx
        .select({ memberId: functionAssignments.memberId })
        .from(functionAssignments)
        .where(inArray(functionAssignments.memberId, ids))
        .groupBy(functionAssignments.memberId)
        .having(sql`count(*) > 1`);
      for (const o of others) otherFunctions.add(o.memberId);
      for (const ref of PERSON_REFERENCES) {
        if (ref.how !== 'foreign-key' || ref.table === 'function_assignments') continue;
        const column = sql`t.${sql.identifier(ref.column)}`;
        const held = (await tx.execute(
          sql`select distinct ${column} as id from ${sql.identifier(ref.table)} t join unnest(${sql.param(ids)}::int[]) as u(id) on ${column} = u.id`,
        )) as unknown as { rows: Array<{ id: number }> };
        for (const h of held.rows) otherFunctions.add(Number(h.id));
      }
    }
    for (let i = 0; i < assignmentIds.length; i += 5_000) {
      const ids = assignmentIds.slice(i, i + 5_000);
      for (const a of await tx.select().from(functionAssignments).where(inArray(functionAssignments.id, ids)))
        storedAssignments.set(a.id, a);
    }

    const changed = rows.filter((r) => {
      const member = storedMembers.get(r.memberId);
      if (r.verdict === 'create') {
        const a = storedAssignments.get(r.assignmentId!);
        // the membership the import gave, untouched since (ending it changes its updatedAt), and no other function
        return !member || member.updatedAt !== r.updatedAtAfter || !a || a.updatedAt !== a.createdAt || otherFunctions.has(r.memberId);
      }
      if (r.verdict === 'connect') {
        const a = storedAssignments.get(r.assignmentId!);
        return !a || a.updatedAt !== r.updatedAtAfter;
      }
      return !member || member.updatedAt !== r.updatedAtAfter;
    });
    if (changed.length) {
      throw new ApiError(409, 'changed_since', `${changed.length} row(s) of this import were changed since; nothing was undone`, {
        value: changed.map((r) => ({ line: r.line, verdict: r.verdict, memberId: r.memberId })),
      });
    }

    const audit: AuditRow[] = [];
    const orgId = run.orgId;
    const created = rows.filter((r) => r.verdict === 'create');
    for (let i = 0; i < created.length; i += BATCH) {
      const ids = created.slice(i, i + BATCH).map((r) => r.memberId);
      const removed = await tx.delete(members).where(inArray(members.id, ids)).returning();
      for (const m of removed) {
        const { id, passwordHash: _hash, searchText: _s, sortSurname: _a, sortFirstName: _b, createdAt: _c, updatedAt: _u, ...before } = m; // eslint-disable-line @typescript-eslint/no-unused-vars
        audit.push(auditRow(callerId, orgId, 'member', id, 'delete', { ...before, importId }, null));
      }
    }
    const connected = rows.filter((r) => r.verdict === 'connect');
    for (let i = 0; i < connected.length; i += BATCH) {
      const ids = connected.slice(i, i + BATCH).map((r) => r.assignmentId!);
      for (const a of await tx.delete(functionAssignments).where(inArray(functionAssignments.id, ids)).returning()) {
        audit.push(auditRow(callerId, orgId, 'function', a.id, 'delete', { ...a, importId }, null));
      }
    }
    const now = deps.clock().toISOString();
    for (const r of rows.filter((row) => row.verdict === 'update')) {
      const before = r.before ?? {};
      const member = storedMembers.get(r.memberId)!;
      await tx
        .update(members)
        .set({ ...before, updatedAt: sql`greatest(${now}::timestamptz, ${members.updatedAt} + interval '1 millisecond')` })
        .where(eq(members.id, r.memberId));
      await refreshDuplicateKeys(tx, [r.memberId]);
      const current = Object.fromEntries(Object.keys(before).map((k) => [k, member[k as keyof typeof member]]));
      audit.push(auditRow(callerId, orgId, 'member', r.memberId, 'update', { ...current, importId }, { ...before, importId: null }));
    }
    await insertAll(audit, (part) => tx.insert(auditEntries).values(part));
    await tx
      .update(memberImports)
      .set({ undoneAt: sql`now()`, undoneBy: callerId })
      .where(eq(memberImports.id, importId));
    return {
      importId,
      undone: { create: created.length, connect: connected.length, update: rows.length - created.length - connected.length },
    };
  });
}

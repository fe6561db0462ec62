import { sql } from 'drizzle-orm';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import {
  bothLoginsRecent,
  licenceYearConflicts,
  MERGE_FIELDS,
  planFields,
  type FieldPlan,
  type MergeField,
  type MergeSide,
} from '@/lib/domain/member-merge';
import type { MergeAnswer, MergeConflict, MergeMove, MergeRequest } from '@/lib/schemas/member-merge';
import { PERSON_REFERENCES } from '../../db/person-references';
import type { members } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { rfc3339 } from '../timestamps';
import { MERGE_RULES } from './merge-rules';
import { assignmentsOf, countOf, duplicateRows, joinPlan, rowsOf, type Assignment, type Exec, type Tx } from './member-merge-places';

/**
 * The plan of a merge: per field whose value survives, which login, what moves from each place,
 * and the conflicts that block it. The dry run answers it; the merge runs it (member-merge.ts).
 */

export type MemberRecord = typeof members.$inferSelect;

/** The stored columns of a member (the generated search and sort keys are left out: the database computes them). */
export type StoredMember = Omit<MemberRecord, 'searchText' | 'sortSurname' | 'sortFirstName'>;

export function storedMember(row: MemberRecord): StoredMember {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- generated columns are left out
  const { searchText, sortSurname, sortFirstName, ...stored } = row;
  return stored;
}

export const fieldValues = (m: StoredMember) => Object.fromEntries(MERGE_FIELDS.map((f) => [f, m[f]])) as Record<MergeField, unknown>;

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

export type Plan = { fields: FieldPlan[]; login: MergeSide | null; moves: MergeMove[]; conflicts: MergeConflict[] };

export async function buildPlan(
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

export function answerOf(plan: Plan, survivor: StoredMember, merged: StoredMember, extra: Partial<MergeAnswer>): MergeAnswer {
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

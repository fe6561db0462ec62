'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { ApiError } from '@/lib/api/errors';
import { undoMemberImport } from '@/lib/api/member-import';

/** A row the undo refused because it was changed after the import. */
export interface ChangedRow {
  line: number;
  verdict: string;
  memberId: number;
}

type UndoAnswer = { undone: true; message: string } | { undone: false; changed: ChangedRow[] };

function changedRows(value: unknown): ChangedRow[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    .map((r) => ({ line: Number(r.line), verdict: String(r.verdict ?? ''), memberId: Number(r.memberId) }));
}

/**
 * Takes back a whole member import of today. A refusal because rows were changed since answers
 * those rows (nothing was undone), so the screen can list them.
 */
export const undoImportAction = defineAction({
  namespace: 'memberImport.screen',
  input: z.object({ importId: z.uuid() }),
  failure: 'undoFailed',
  refusal: (error, { t }) => {
    if (error.code === 'already_undone') return { message: t('alreadyUndone') };
    if (error.code === 'undo_expired') return { message: t('undoExpired') };
    return undefined;
  },
  run: async ({ importId }, { t }): Promise<UndoAnswer> => {
    try {
      await undoMemberImport(importId);
      return { undone: true, message: t('undone') };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'changed_since') return { undone: false, changed: changedRows(error.value) };
      throw error;
    }
  },
});

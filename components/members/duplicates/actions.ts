'use server';

import { z } from 'zod';
import { defineAction, type ActionContext, type Refusal } from '@/lib/actions/define-action';
import type { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/member-merge';
import { DUPLICATES_PAGE_SIZE } from '@/lib/domain/page-sizes';
import { recordId } from '@/lib/schemas/ids';
import { mergeRequestSchema } from '@/lib/schemas/member-merge';

/**
 * Server actions of the 'Duplikate' view of form 52: the report page by page, 'Nicht dieselbe
 * Person', the merge's plan, the merge and its undo. Each takes one object and answers an
 * ActionResult; a refusal's message says why in the UI's language.
 */

/** The refusals of a merge or an undo the screen names (stale versions, conflicts, too late ...). */
const MERGE_REFUSALS = new Set([
  'stale',
  'merge_conflicts',
  'already_merged',
  'already_undone',
  'undo_too_late',
  'survivor_gone',
  'joined_period_changed',
  'field_in_use',
  'undo_conflict',
]);

function mergeRefusal(error: ApiError, { t }: ActionContext): Refusal | undefined {
  return MERGE_REFUSALS.has(error.code) ? { message: t(`errors.${error.code}`) } : undefined;
}

/**
 * One page of the pairs that look like one person; a state association passes its own
 * organisation. `pair`: only that pair's entry (the view opened from the create dialog).
 */
export const duplicatesAction = defineAction({
  namespace: 'merge',
  input: z.object({ org: recordId.optional(), page: z.number().int().min(1), pair: z.tuple([recordId, recordId]).optional() }),
  run: async ({ org, page, pair }) => api.duplicateReport(org, page, DUPLICATES_PAGE_SIZE, pair),
});

/** 'Nicht dieselbe Person': the pair leaves the report for good. */
export const dismissPairAction = defineAction({
  namespace: 'merge',
  input: z.object({ aId: recordId, bId: recordId }),
  run: async ({ aId, bId }, { t }) => {
    await api.dismissDuplicatePair(aId, bId);
    return { message: t('screen.dismissed') };
  },
});

/** The merge's plan (nothing is written): the fields side by side, the moves, the conflicts. */
export const mergePlanAction = defineAction({
  namespace: 'merge',
  input: mergeRequestSchema.pick({ survivorId: true, mergedId: true, fields: true }),
  refusal: mergeRefusal,
  run: async (input) => api.mergeMembers({ ...input, dryRun: true }),
});

/** The merge of the plan shown (its versions): refused as `stale` when either record changed since. */
export const mergeAction = defineAction({
  namespace: 'merge',
  input: mergeRequestSchema
    .pick({ survivorId: true, mergedId: true, fields: true })
    .extend({ survivorUpdatedAt: z.string().min(1), mergedUpdatedAt: z.string().min(1) }),
  refusal: mergeRefusal,
  run: async (input, { t }) => {
    const merge = await api.mergeMembers({ ...input, dryRun: false });
    return { ...merge, message: t('screen.merged') };
  },
});

/** Undoes a merge of today; refused with the reason where it would lose data. */
export const undoMergeAction = defineAction({
  namespace: 'merge',
  input: z.object({ mergeId: z.uuid() }),
  refusal: mergeRefusal,
  run: async ({ mergeId }, { t }) => {
    const undo = await api.undoMemberMerge(mergeId);
    return { ...undo, message: t('screen.undone') };
  },
});

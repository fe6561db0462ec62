import { createRoute } from '@hono/zod-openapi';
import {
  dismissRequestSchema,
  DuplicatePageSchema,
  duplicatesQuerySchema,
  MergeAnswerSchema,
  mergeIdParams,
  mergeRequestSchema,
  UndoAnswerSchema,
} from '@/lib/schemas/member-merge';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, OkSchema } from '../../http/route-parts';

/** Duplicate persons: the report, merging two records (plan first), undoing a merge. */

const tags = ['Members'];
/** The federation for everyone; a state association for persons who are all members of it or its clubs; clubs never. */
const mergeAccess = access({ own: ['state', 'federation'], foreign: ['federation'] });

export const merge = createRoute({
  method: 'post',
  path: '/api/v1/admin/members/merge',
  operationId: 'mergeMembers',
  ...mergeAccess,
  tags,
  summary: 'Merge two records of one person (dryRun: the plan only)',
  description:
    "`dryRun` (default true) answers the plan without writing: per field both values and which survives (`fields` picks per field where they differ: 'survivor' or 'merged'; the e-mail decides the surviving login, the password goes with it), every place whose rows move (`moves`: table.column, rows, function periods joined, rows set aside) and the `conflicts` that block a merge (licence_year, recent_logins, duplicate_rows). The merge (dryRun false) needs `survivorUpdatedAt` and `mergedUpdatedAt` as the plan showed them: 409 `stale` when either record changed since, 409 `merge_conflicts` (value: the conflicts), 409 `already_merged` when the merged record is gone (a parallel merge). One transaction; the merged record's id then resolves to the survivor; audit entries carry the `mergeId`.",
  request: { body: { required: true, content: json(mergeRequestSchema) } },
  responses: {
    200: { description: 'The plan, or the merge made', content: json(MergeAnswerSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const undo = createRoute({
  method: 'post',
  path: '/api/v1/admin/members/merge/{mergeId}/undo',
  operationId: 'undoMemberMerge',
  ...mergeAccess,
  tags,
  summary: 'Undo a merge (on the day it was made)',
  description:
    'Restores both records and moves every moved row back. Rows added to the survivor since stay with it (`stayedWithSurvivor`), survivor fields changed since keep their new value (`keptFields`). 409 with the reason where the undo would lose data or cannot be made: already_undone, undo_too_late, survivor_gone, joined_period_changed, field_in_use, undo_conflict.',
  request: { params: mergeIdParams },
  responses: { 200: { description: 'Undone', content: json(UndoAnswerSchema) }, ...errorResponses(401, 403, 404, 409, 422) },
});

export const report = createRoute({
  method: 'get',
  path: '/api/v1/admin/duplicates',
  operationId: 'listDuplicatePersons',
  ...mergeAccess,
  tags,
  summary: 'Pairs of records that look like one person, best first (paged)',
  description:
    "Scored by the duplicate rules of the create dialog (spelling, typos, swapped names, day and month swapped). `org`: only members of that organisation (a state association: itself or one of its clubs; without it, its own). Pairs dismissed as 'not the same person' are left out.",
  request: { query: duplicatesQuerySchema },
  responses: { 200: { description: 'One page of pairs', content: json(DuplicatePageSchema) }, ...errorResponses(401, 403, 422) },
});

export const dismiss = createRoute({
  method: 'post',
  path: '/api/v1/admin/duplicates/dismiss',
  operationId: 'dismissDuplicatePair',
  ...mergeAccess,
  tags,
  summary: "Mark a pair as 'not the same person': it leaves the report for good",
  request: { body: { required: true, content: json(dismissRequestSchema) } },
  responses: { 200: { description: 'Dismissed', content: json(OkSchema) }, ...errorResponses(400, 401, 403, 404, 422) },
});

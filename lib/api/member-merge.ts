import 'server-only';
import type { MergeRequest } from '@/lib/schemas/member-merge';
import { apiCall } from './client';

/**
 * Server-side calls of the 'Duplikate' view of form 52: the report of pairs that look like one
 * person, dismissing a pair, the merge (its plan with dryRun) and undoing a merge.
 */

/**
 * GET /api/v1/admin/duplicates?org=&page=: best pairs first; a state association passes its own id.
 * `pair`: only that pair's entry.
 */
export function duplicateReport(org: number | undefined, page: number, size: number, pair?: readonly [number, number]) {
  const query = {
    page: String(page),
    size: String(size),
    ...(org === undefined ? {} : { org: String(org) }),
    ...(pair ? { pair: pair.join(',') } : {}),
  };
  return apiCall((api) => api.api.v1.admin.duplicates.$get({ query }));
}

/** POST /api/v1/admin/duplicates/dismiss: 'not the same person', the pair leaves the report for good. */
export function dismissDuplicatePair(aId: number, bId: number) {
  return apiCall((api) => api.api.v1.admin.duplicates.dismiss.$post({ json: { aId, bId } }));
}

/** POST /api/v1/admin/members/merge: the plan (dryRun true) or the merge in one transaction. */
export function mergeMembers(body: MergeRequest) {
  return apiCall((api) => api.api.v1.admin.members.merge.$post({ json: body }));
}

/** POST /api/v1/admin/members/merge/{mergeId}/undo: both records back, rows added since stay with the survivor. */
export function undoMemberMerge(mergeId: string) {
  return apiCall((api) => api.api.v1.admin.members.merge[':mergeId'].undo.$post({ param: { mergeId } }));
}

import 'server-only';
import type { MergeRequest } from '@/lib/schemas/member-merge';
import { apiCall, type Answer, type Api } from './client';

/**
 * Server-side calls of the 'Duplikate' view of form 52: the report of pairs that look like one
 * person, dismissing a pair, the merge (its plan with dryRun) and undoing a merge.
 */

type AdminApi = Api['api']['v1']['admin'];

/** One page of the duplicates report. */
export type DuplicateReport = Answer<Awaited<ReturnType<AdminApi['duplicates']['$get']>>>;
export type DuplicateReportPair = DuplicateReport['items'][number];
/** The merge's answer: the plan (dryRun) or the merge made (with its id). */
export type MergePlan = Answer<Awaited<ReturnType<AdminApi['members']['merge']['$post']>>>;
/** The undo's answer: what moved back, what stayed with the survivor. */
export type MergeUndo = Answer<Awaited<ReturnType<AdminApi['members']['merge'][':mergeId']['undo']['$post']>>>;

/** GET /api/v1/admin/duplicates?org=&page=: best pairs first; a state association passes its own id. */
export function duplicateReport(org: number | undefined, page: number, size: number) {
  const query = { page: String(page), size: String(size), ...(org === undefined ? {} : { org: String(org) }) };
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

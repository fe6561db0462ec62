import 'server-only';
import type { DuplicateQuery, FunctionInput, MemberData, MemberUpdateData, TrainingInput } from '@/lib/schemas/members';
import { apiCall } from './client';

export type * from './member-types';

/**
 * Server-side calls of the member screen (forms 51 and 52) to the members API.
 * The browser's own fetches (list search, overview, photo upload)
 * go through /admin/api instead.
 */

/** GET /api/v1/admin/member/{orgId}/{id}: the member as seen from the acting organisation, with its access. */
export function getMember(orgId: number, memberId: number) {
  return apiCall((api) =>
    api.api.v1.admin.member[':orgId'][':memberId'].$get({ param: { orgId: String(orgId), memberId: String(memberId) } }),
  );
}

/** GET /api/v1/admin/member/role/{orgId}/{id}: every assignment of the member, with `editable`. */
export function getMemberRoles(orgId: number, memberId: number) {
  return apiCall((api) =>
    api.api.v1.admin.member.role[':orgId'][':memberId'].$get({ param: { orgId: String(orgId), memberId: String(memberId) } }),
  );
}

/** GET /api/v1/admin/members/{orgId}/summary: counts, and (when the API sends it) the acting organisation's rights. */
export function getMembersSummary(orgId: number) {
  return apiCall((api) => api.api.v1.admin.members[':orgId'].summary.$get({ param: { orgId: String(orgId) } }));
}

/** GET /api/v1/admin/members/{orgId}/organisations: where a membership or function may be put (federation: any; club: itself). */
export function getTargetOrgs(orgId: number) {
  return apiCall((api) => api.api.v1.admin.members[':orgId'].organisations.$get({ param: { orgId: String(orgId) } }));
}

/** GET /api/v1/admin/trainings?org=: the training types the acting organisation may record. */
export function getTrainingDefinitions(orgId: number) {
  return apiCall((api) => api.api.v1.admin.trainings.$get({ query: { org: String(orgId) } }));
}

/** GET /api/v1/admin/functions/{orgId}: role groups with the roles the caller may assign in that organisation. */
export function getFunctionGroups(orgId: number) {
  return apiCall((api) => api.api.v1.admin.functions[':id'].$get({ param: { id: String(orgId) } }));
}

/** PUT /api/v1/admin/member/duplicates: near-matches of a person about to be created, best first. */
export function findDuplicates(query: DuplicateQuery) {
  return apiCall((api) => api.api.v1.admin.member.duplicates.$put({ json: query }));
}

/** POST /api/v1/admin/member: a club creating a member also gives it a membership there. */
export function createMember(input: MemberData) {
  return apiCall((api) => api.api.v1.admin.member.$post({ json: input }));
}

/** PUT /api/v1/admin/member with the updatedAt the edit was based on (409 stale otherwise). */
export function updateMember(input: MemberUpdateData) {
  return apiCall((api) => api.api.v1.admin.member.$put({ json: input }));
}

/** DELETE /api/v1/admin/member/{id} (federation only). */
export function deleteMember(memberId: number) {
  return apiCall((api) => api.api.v1.admin.member[':memberId'].$delete({ param: { memberId: String(memberId) } }));
}

/** POST /api/v1/admin/member/membership: connects an existing member to a club (function 32 from today, no end). */
export function addMembership(orgId: number, memberId: number, proof?: string | null) {
  return apiCall((api) => api.api.v1.admin.member.membership.$post({ json: { orgId, memberId, proof: proof ?? null } }));
}

/** DELETE /api/v1/admin/member/cancel/{orgId}/{memberId}?date=: the membership in club org ends on date. */
export function endMembership(clubId: number, memberId: number, date: string) {
  return apiCall((api) =>
    api.api.v1.admin.member.cancel[':orgId'][':memberId'].$delete({
      param: { orgId: String(clubId), memberId: String(memberId) },
      query: { date },
    }),
  );
}

/** POST /api/v1/admin/training/{memberId}. */
export function addTraining(memberId: number, input: TrainingInput) {
  return apiCall((api) => api.api.v1.admin.training[':id'].$post({ param: { id: String(memberId) }, json: input }));
}

/** DELETE /api/v1/admin/training/{memberId}/{ausbMgId}?org= (org = acting organisation). */
export function removeTraining(memberId: number, ausbMgId: number, orgId: number) {
  return apiCall((api) =>
    api.api.v1.admin.training[':memberId'][':ausbMgId'].$delete({
      param: { memberId: String(memberId), ausbMgId: String(ausbMgId) },
      query: { org: String(orgId) },
    }),
  );
}

/** POST /api/v1/admin/functions/{memberId}: creates (no id) or updates (id + updatedAt) an assignment. */
export function saveFunction(memberId: number, input: FunctionInput) {
  return apiCall((api) => api.api.v1.admin.functions[':id'].$post({ param: { id: String(memberId) }, json: input }));
}

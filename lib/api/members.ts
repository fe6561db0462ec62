import 'server-only';
import type { DuplicateQuery, FunctionInput, MemberData, MemberUpdateData, TrainingInput } from '@/lib/schemas/members';
import { apiCall } from './client';
import type {
  DuplicateCandidate,
  MemberCertificate,
  MemberDeleted,
  MemberDetail,
  MemberRole,
  MembersSummary,
  Member,
  MembershipCreated,
  MembershipEnded,
  MemberTargetOrg,
  RoleGroup,
  TrainingDefinition,
} from './member-types';

export type * from './member-types';

/**
 * Server-side calls of the member screen (forms 51 and 52) to the members API.
 * The browser's own fetches (list search, overview, photo upload)
 * go through /admin/api instead.
 */

/** GET /api/v1/admin/member/{org}/{id}: the member as seen from the acting organisation, with its access. */
export function getMember(orgId: number, memberId: number) {
  return apiCall<MemberDetail>(`api/v1/admin/member/${orgId}/${memberId}`);
}

/** GET /api/v1/admin/member/role/{org}/{id}: every assignment of the member, with `editable`. */
export function getMemberRoles(orgId: number, memberId: number) {
  return apiCall<MemberRole[]>(`api/v1/admin/member/role/${orgId}/${memberId}`);
}

/** GET /api/v1/admin/members/{org}/summary: counts, and (when the API sends it) the acting organisation's rights. */
export function getMembersSummary(orgId: number) {
  return apiCall<MembersSummary>(`api/v1/admin/members/${orgId}/summary`);
}

/** GET /api/v1/admin/members/{org}/organisations: where a membership or function may be put (federation: any; club: itself). */
export function getTargetOrgs(orgId: number) {
  return apiCall<MemberTargetOrg[]>(`api/v1/admin/members/${orgId}/organisations`);
}

/** GET /api/v1/admin/trainings?org=: the training types the acting organisation may record. */
export function getTrainingDefinitions(orgId: number) {
  return apiCall<TrainingDefinition[]>('api/v1/admin/trainings', { searchParams: { org: orgId } });
}

/** GET /api/v1/admin/functions/{orgId}: role groups with the roles the caller may assign in that organisation. */
export function getFunctionGroups(orgId: number) {
  return apiCall<RoleGroup[]>(`api/v1/admin/functions/${orgId}`);
}

/** PUT /api/v1/admin/member/duplicates: near-matches of a person about to be created, best first. */
export function findDuplicates(query: DuplicateQuery) {
  return apiCall<{ candidates: DuplicateCandidate[] }>('api/v1/admin/member/duplicates', { method: 'put', json: query });
}

/** POST /api/v1/admin/member: a club creating a member also gives it a membership there. */
export function createMember(input: MemberData) {
  return apiCall<Member>('api/v1/admin/member', { method: 'post', json: input });
}

/** PUT /api/v1/admin/member with the updatedAt the edit was based on (409 stale otherwise). */
export function updateMember(input: MemberUpdateData) {
  return apiCall<Member>('api/v1/admin/member', { method: 'put', json: input });
}

/** DELETE /api/v1/admin/member/{id} (federation only). */
export function deleteMember(memberId: number) {
  return apiCall<MemberDeleted>(`api/v1/admin/member/${memberId}`, { method: 'delete' });
}

/** POST /api/v1/admin/member/membership: connects an existing member to a club (function 32 from today, no end). */
export function addMembership(orgId: number, memberId: number, proof?: string | null) {
  return apiCall<MembershipCreated>('api/v1/admin/member/membership', { method: 'post', json: { orgId, memberId, proof: proof ?? null } });
}

/** DELETE /api/v1/admin/member/cancel/{org}/{memberId}?date=: the membership in club org ends on date. */
export function endMembership(clubId: number, memberId: number, date: string) {
  return apiCall<MembershipEnded>(`api/v1/admin/member/cancel/${clubId}/${memberId}`, {
    method: 'delete',
    searchParams: { date },
  });
}

/** POST /api/v1/admin/training/{memberId}. */
export function addTraining(memberId: number, input: TrainingInput) {
  return apiCall<MemberCertificate>(`api/v1/admin/training/${memberId}`, { method: 'post', json: input });
}

/** DELETE /api/v1/admin/training/{memberId}/{ausbMgId}?org= (org = acting organisation). */
export function removeTraining(memberId: number, ausbMgId: number, orgId: number) {
  return apiCall<{ ok: true }>(`api/v1/admin/training/${memberId}/${ausbMgId}`, {
    method: 'delete',
    searchParams: { org: orgId },
  });
}

/** POST /api/v1/admin/functions/{memberId}: creates (no id) or updates (id + updatedAt) an assignment. */
export function saveFunction(memberId: number, input: FunctionInput) {
  return apiCall<MemberRole>(`api/v1/admin/functions/${memberId}`, { method: 'post', json: input });
}

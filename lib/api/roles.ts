import 'server-only';
import type { RoleGroup } from '@/lib/schemas/member-responses';
import type { PersonPage } from '@/lib/schemas/persons';
import type { RoleMemberPage, RoleOrganisation } from '@/lib/schemas/role-members';
import type { RoleAssignResult } from '@/lib/schemas/roles';
import { apiCall } from './client';

/** Server-only calls of the role administration (form 66) and person search (form 46) screens. */
export type { RoleGroup } from '@/lib/schemas/member-responses';
export type { PersonPage, PersonRow } from '@/lib/schemas/persons';
export type { RoleMember, RoleMemberPage, RoleOrganisation } from '@/lib/schemas/role-members';
export type { RoleAssignResult } from '@/lib/schemas/roles';

type Params = Record<string, string | number | boolean | undefined>;
const defined = (params: Params) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>;

/** GET /api/v1/admin/rolegroups: every role group with its roles. */
export function getRoleGroups() {
  return apiCall<RoleGroup[]>('api/v1/admin/rolegroups');
}

/** GET /api/v1/admin/role/organisations/{actingOrgId}: where the caller may assign roles. */
export function getRoleOrganisations(actingOrgId: number) {
  return apiCall<RoleOrganisation[]>(`api/v1/admin/role/organisations/${actingOrgId}`);
}

/** GET /api/v1/admin/role/members/{orgId}: members with their functions there (or candidates to add). */
export function getRoleMembers(orgId: number, params: { q?: string; group?: number; candidates?: boolean; page: number; pageSize: number }) {
  return apiCall<RoleMemberPage>(`api/v1/admin/role/members/${orgId}`, { searchParams: defined(params) });
}

/** POST /api/v1/admin/role/assign: one verdict per person and role; dryRun saves nothing. */
export function assignRoles(body: { orgId: number; memberIds: number[]; roleIds: number[]; start: string | null; end: string | null; dryRun: boolean }) {
  return apiCall<RoleAssignResult>('api/v1/admin/role/assign', { method: 'post', json: body });
}

/** POST /api/v1/admin/role/assign/{batchId}/undo. */
export function undoRoleBatch(batchId: string) {
  return apiCall<{ batchId: string; removed: number }>(`api/v1/admin/role/assign/${encodeURIComponent(batchId)}/undo`, { method: 'post' });
}

/** GET /api/v1/admin/persons/search. */
export function searchPersons(params: { org: number; q?: string; groups?: string; former?: boolean; page: number; size: number }) {
  return apiCall<PersonPage>('api/v1/admin/persons/search', { searchParams: defined(params) });
}

/** POST /api/v1/admin/persons/{memberId}/rejoin. */
export function rejoinPerson(memberId: number, orgId: number) {
  return apiCall<{ memberId: number; orgId: number; assignmentId: number; dateFrom: string }>(`api/v1/admin/persons/${memberId}/rejoin`, { method: 'post', json: { orgId } });
}

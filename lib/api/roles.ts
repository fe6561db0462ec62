import 'server-only';
import { apiCall, pathParam, queryOf } from './client';

/** Server-only calls of the role administration (form 66) and person search (form 46) screens. */

/** GET /api/v1/admin/rolegroups: every role group with its roles. */
export function getRoleGroups() {
  return apiCall((api) => api.api.v1.admin.rolegroups.$get());
}

/** GET /api/v1/admin/role/organisations/{actingOrgId}: where the caller may assign roles. */
export function getRoleOrganisations(actingOrgId: number) {
  return apiCall((api) => api.api.v1.admin.role.organisations[':orgId'].$get({ param: { orgId: String(actingOrgId) } }));
}

/** GET /api/v1/admin/role/members/{orgId}: members with their functions there (or candidates to add). */
export function getRoleMembers(
  orgId: number,
  params: { q?: string; group?: number; candidates?: boolean; page: number; pageSize: number },
) {
  return apiCall((api) => api.api.v1.admin.role.members[':orgId'].$get({ param: { orgId: String(orgId) }, query: queryOf(params) }));
}

/** POST /api/v1/admin/role/assign: one verdict per person and role; dryRun saves nothing. */
export function assignRoles(body: {
  orgId: number;
  memberIds: number[];
  roleIds: number[];
  start: string | null;
  end: string | null;
  dryRun: boolean;
}) {
  return apiCall((api) => api.api.v1.admin.role.assign.$post({ json: body }));
}

/** POST /api/v1/admin/role/assign/{batchId}/undo. */
export function undoRoleBatch(batchId: string) {
  return apiCall((api) => api.api.v1.admin.role.assign[':batchId'].undo.$post({ param: { batchId: pathParam(batchId) } }));
}

/** GET /api/v1/admin/persons/search. */
export function searchPersons(params: { org: number; q?: string; groups?: string; former?: boolean; page: number; size: number }) {
  return apiCall((api) => api.api.v1.admin.persons.search.$get({ query: queryOf(params) }));
}

/** POST /api/v1/admin/persons/{memberId}/rejoin. */
export function rejoinPerson(memberId: number, orgId: number) {
  return apiCall((api) => api.api.v1.admin.persons[':memberId'].rejoin.$post({ param: { memberId: String(memberId) }, json: { orgId } }));
}

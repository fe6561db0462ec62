import 'server-only';
import { apiCall } from './client';

import type { Organisation, OrganisationListItem, Place } from '@/lib/schemas/organisation-responses';

/*
 * Shapes of the answers, inferred from the zod schemas the API publishes
 * (lib/schemas/organisation-responses.ts). Client components import these with `import type`,
 * which is erased, so the server-only guard above never reaches the browser.
 */
export type { Fee, OrgDocument, OrgParams, Organisation, OrganisationListItem, Place } from '@/lib/schemas/organisation-responses';
export type { DocumentType, FieldRights, TrainingOffer } from '@/lib/domain/organisation-rules';

/**
 * Server-only calls of the organisations screen.
 * Every call names the acting organisation (the O{org} of the route): the API checks the caller's
 * function 50/58 there and decides visibility and edit rights from it.
 */

const acting = (actingOrgId: number) => ({ actingOrgId });

/** GET /api/v1/admin/orgs/{acting}: what the acting organisation may see, sorted by short name. */
export function getOrganisations(actingOrgId: number) {
  return apiCall<OrganisationListItem[]>(`api/v1/admin/orgs/${actingOrgId}`);
}

/** GET /api/v1/admin/org/{id}: one organisation with fees, places, documents and counts. */
export function getOrganisation(id: number, actingOrgId: number) {
  return apiCall<Organisation>(`api/v1/admin/org/${id}`, { searchParams: acting(actingOrgId) });
}

/** POST /api/v1/admin/org: create (acting level 1 only). */
export function createOrganisation(input: Record<string, unknown>, actingOrgId: number) {
  return apiCall<Organisation>('api/v1/admin/org', { method: 'post', json: input, searchParams: acting(actingOrgId) });
}

/** PUT /api/v1/admin/org: update; carries the `updatedAt` it was based on (409 `stale` otherwise). */
export function updateOrganisation(input: Record<string, unknown>, actingOrgId: number) {
  return apiCall<Organisation>('api/v1/admin/org', { method: 'put', json: input, searchParams: acting(actingOrgId) });
}

/** POST /api/v1/admin/org/places: create (no id) or update (id + updatedAt) a training place. */
export function savePlace(input: Record<string, unknown>, actingOrgId: number) {
  return apiCall<Place>('api/v1/admin/org/places', { method: 'post', json: input, searchParams: acting(actingOrgId) });
}

/** DELETE /api/v1/admin/org/places/{orgId}/{placeId}. */
export function deletePlace(orgId: number, placeId: number, actingOrgId: number) {
  return apiCall<{ ok: true }>(`api/v1/admin/org/places/${orgId}/${placeId}`, {
    method: 'delete',
    searchParams: acting(actingOrgId),
  });
}

/** DELETE /api/v1/admin/org/{id}/documents/{uuid}. */
export function deleteDocument(orgId: number, uuid: string, actingOrgId: number) {
  return apiCall<{ ok: true }>(`api/v1/admin/org/${orgId}/documents/${encodeURIComponent(uuid)}`, {
    method: 'delete',
    searchParams: acting(actingOrgId),
  });
}

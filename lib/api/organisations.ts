import 'server-only';
import { FEDERATION_ORG_ID, ORG_LEVEL_CLUB, ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { apiCall, pathParam, type Api, type RequestBody } from './client';
import { ApiError } from './errors';

/*
 * Shapes of the answers, inferred from the zod schemas the API publishes
 * (lib/schemas/organisation-responses.ts). Client components import these with `import type`,
 * which is erased, so the server-only guard above never reaches the browser.
 */
export type { Fee, OrgDocument, OrgParams, Organisation, OrganisationListItem, Place } from '@/lib/schemas/organisation-responses';

/**
 * Server-only calls of the organisations screen.
 * Every call names the acting organisation (the O{org} of the route): the API checks the caller's
 * function 50/58 there and decides visibility and edit rights from it.
 */

const acting = (actingOrgId: number) => ({ actingOrgId: String(actingOrgId) });

type Org = Api['api']['v1']['admin']['org'];

/** GET /api/v1/admin/orgs/{acting}: what the acting organisation may see, sorted by short name. */
export function getOrganisations(actingOrgId: number) {
  return apiCall((api) => api.api.v1.admin.orgs[':orgId'].$get({ param: { orgId: String(actingOrgId) } }));
}

/** GET /api/v1/admin/org/{id}: one organisation with fees, places, documents and counts. */
export function getOrganisation(id: number, actingOrgId: number) {
  return apiCall((api) => api.api.v1.admin.org[':orgId'].$get({ param: { orgId: String(id) }, query: acting(actingOrgId) }));
}

/** POST /api/v1/admin/org: create (acting level 1 only). */
export function createOrganisation(input: RequestBody<Org['$post']>, actingOrgId: number) {
  return apiCall((api) => api.api.v1.admin.org.$post({ json: input, query: acting(actingOrgId) }));
}

/** PUT /api/v1/admin/org: update; carries the `updatedAt` it was based on (409 `stale` otherwise). */
export function updateOrganisation(input: RequestBody<Org['$put']>, actingOrgId: number) {
  return apiCall((api) => api.api.v1.admin.org.$put({ json: input, query: acting(actingOrgId) }));
}

/** POST /api/v1/admin/org/places: create (no id) or update (id + updatedAt) a training place. */
export function savePlace(input: RequestBody<Org['places']['$post']>, actingOrgId: number) {
  return apiCall((api) => api.api.v1.admin.org.places.$post({ json: input, query: acting(actingOrgId) }));
}

/** DELETE /api/v1/admin/org/places/{orgId}/{placeId}. */
export function deletePlace(orgId: number, placeId: number, actingOrgId: number) {
  return apiCall((api) =>
    api.api.v1.admin.org.places[':orgId'][':placeId'].$delete({
      param: { orgId: String(orgId), placeId: String(placeId) },
      query: acting(actingOrgId),
    }),
  );
}

/** DELETE /api/v1/admin/org/{id}/documents/{uuid}. */
export function deleteDocument(orgId: number, uuid: string, actingOrgId: number) {
  return apiCall((api) =>
    api.api.v1.admin.org[':orgId'].documents[':documentId'].$delete({
      param: { orgId: String(orgId), documentId: pathParam(uuid) },
      query: acting(actingOrgId),
    }),
  );
}

/** The level of an acting organisation (1 federation, 2 state, 3 club); one the caller cannot list is taken as a club. */
export async function organisationLevel(orgId: number): Promise<number> {
  if (orgId === FEDERATION_ORG_ID) return ORG_LEVEL_FEDERATION;
  try {
    return (await getOrganisations(orgId)).find((o) => o.id === orgId)?.orgLevel ?? ORG_LEVEL_CLUB;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return ORG_LEVEL_CLUB;
    throw error;
  }
}

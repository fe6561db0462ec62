import { createRoute, z } from '@hono/zod-openapi';
import { idText } from '@/lib/schemas/common';
import { organisationSchema, organisationUpdateSchema, placeWriteSchema } from '@/lib/schemas/organisation';
import { OrgDetailSchema, OrgListItemSchema, PlaceSchema } from '@/lib/schemas/organisation-responses';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { idParam, json, OkSchema, orgIdParam } from '../../http/route-parts';

/**
 * Organisations and their training places. Every call names the acting organisation: the path
 * orgId of GET orgs/{orgId}, `actingOrgId` elsewhere.
 */

const tags = ['Organisations'];

/** The acting organisation of calls whose path does not name it. */
export const actingQuery = z.object({
  actingOrgId: idText
    .optional()
    .meta({ description: "The organisation the caller acts in (O{org} of the screen). Omitted: any of the caller's 50/58 organisations." }),
});

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/orgs/{orgId}',
  operationId: 'listOrganisations',
  ...access({ own: ['club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Organisations the acting organisation may see',
  description:
    'orgId is the acting organisation (caller holds function 50 or 58 there). Level 1: all; level 2: itself and its clubs; level 3 and cooperation partners: only themselves. Sorted by short name.',
  request: { params: z.object({ orgId: orgIdParam }) },
  responses: { 200: { description: 'Organisations', content: json(z.array(OrgListItemSchema)) }, ...errorResponses(401, 403, 404, 422) },
});

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/admin/org/{orgId}',
  operationId: 'getOrganisation',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'One organisation with fees, places, documents and counts',
  request: { params: z.object({ orgId: orgIdParam }), query: actingQuery },
  responses: { 200: { description: 'The organisation', content: json(OrgDetailSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/admin/org',
  operationId: 'createOrganisation',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'Create an organisation (federation only)',
  request: { query: actingQuery, body: { required: true, content: json(organisationSchema) } },
  responses: { 201: { description: 'Created', content: json(OrgDetailSchema) }, ...errorResponses(400, 401, 403, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v1/admin/org',
  operationId: 'updateOrganisation',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Update an organisation',
  description:
    'id and the updatedAt the change is based on (409 `stale` otherwise), plus the fields to change. Level rules: dates only level 1 (end date today … +364 days), BSO levels 1–2, cooperation flag level 1 (403 `field_not_allowed`). Setting the end date ends all function assignments of the organisation as of that date, in the same transaction.',
  request: { query: actingQuery, body: { required: true, content: json(organisationUpdateSchema) } },
  responses: { 200: { description: 'Updated', content: json(OrgDetailSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const savePlace = createRoute({
  method: 'post',
  path: '/api/v1/admin/org/places',
  operationId: 'saveTrainingPlace',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Create (no id) or update (id + updatedAt) a training place',
  description: "Coordinates as numbers lat/lon, or as the text 'lat, lon' in coordinates.",
  request: { query: actingQuery, body: { required: true, content: json(placeWriteSchema) } },
  responses: {
    200: { description: 'Updated', content: json(PlaceSchema) },
    201: { description: 'Created', content: json(PlaceSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const deletePlace = createRoute({
  method: 'delete',
  path: '/api/v1/admin/org/places/{orgId}/{placeId}',
  operationId: 'deleteTrainingPlace',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Delete a training place',
  request: { params: z.object({ orgId: orgIdParam, placeId: idParam('Training place id') }), query: actingQuery },
  responses: { 200: { description: 'Deleted', content: json(OkSchema) }, ...errorResponses(401, 403, 404, 422) },
});

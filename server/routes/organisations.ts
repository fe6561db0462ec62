import { createRoute, z } from '@hono/zod-openapi';
import { organisationSchema, organisationUpdateSchema, placeWriteSchema } from '@/lib/schemas/organisation';
import { OrgDetailSchema, OrgListItemSchema, PlaceSchema } from '@/lib/schemas/organisation-responses';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { ApiError, errorResponses, notFound, validationHook } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { deletePlace, savePlace } from '../services/organisation-places';
import { getOrg, listOrgs } from '../services/organisations';
import { createOrg, updateOrg } from '../services/organisation-write';
import { organisationFileRoutes } from './organisation-files';
import { actingQuery } from './organisation-schemas';

/**
 * Organisations, places and fees (core §7 "Organisations"; notes/organisations-contract.md).
 * Every call names the acting organisation: the path id of GET orgs/{id}, `actingOrgId` elsewhere.
 */

const TAG = 'Organisations';
const Ok = z.object({ ok: z.literal(true) });

/** Ids in paths are matched as text: a non-numeric or negative id is simply no such organisation (404). */
const pathId = z.string().meta({ example: '11' });
function toId(text: string): number {
  if (!/^\d{1,9}$/.test(text) || Number(text) === 0) throw notFound('No such organisation');
  return Number(text);
}

const listRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/orgs/{id}',
  ...access({ own: ['club', 'state', 'federation'], foreign: [] }),
  tags: [TAG],
  summary: 'Organisations the acting organisation may see',
  description: 'The path id is the acting organisation (caller holds function 50 or 58 there). Level 1: all; level 2: itself and its clubs; level 3 and cooperation partners: only themselves. Sorted by short name.',
  security: bearerSecurity,
  request: { params: z.object({ id: pathId }) },
  responses: {
    200: { description: 'Organisations', content: { 'application/json': { schema: z.array(OrgListItemSchema) } } },
    ...errorResponses(401, 403, 404),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/org/{id}',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: 'One organisation with fees, places, documents and counts',
  security: bearerSecurity,
  request: { params: z.object({ id: pathId }), query: actingQuery },
  responses: {
    200: { description: 'The organisation', content: { 'application/json': { schema: OrgDetailSchema } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

const createOrgRoute = createRoute({
  method: 'post',
  path: '/api/v1/admin/org',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: 'Create an organisation (federation only)',
  security: bearerSecurity,
  request: { query: actingQuery, body: { required: true, content: { 'application/json': { schema: organisationSchema } } } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: OrgDetailSchema } } },
    ...errorResponses(401, 403, 422),
  },
});

const updateOrgRoute = createRoute({
  method: 'put',
  path: '/api/v1/admin/org',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: 'Update an organisation',
  description:
    'id and the updatedAt the change is based on (409 `stale` otherwise), plus the fields to change. Level rules: dates only level 1 (end date today … +364 days), BSO levels 1–2, cooperation flag level 1 (403 `field_not_allowed`). Setting the end date ends all function assignments of the organisation as of that date, in the same transaction.',
  security: bearerSecurity,
  request: { query: actingQuery, body: { required: true, content: { 'application/json': { schema: organisationUpdateSchema } } } },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: OrgDetailSchema } } },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const savePlaceRoute = createRoute({
  method: 'post',
  path: '/api/v1/admin/org/places',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: 'Create (no id) or update (id + updatedAt) a training place',
  description: "Coordinates as numbers lat/lon, or as the text 'lat, lon' in coordinates.",
  security: bearerSecurity,
  request: { query: actingQuery, body: { required: true, content: { 'application/json': { schema: placeWriteSchema } } } },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: PlaceSchema } } },
    201: { description: 'Created', content: { 'application/json': { schema: PlaceSchema } } },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const deletePlaceRoute = createRoute({
  method: 'delete',
  path: '/api/v1/admin/org/places/{orgId}/{placeId}',
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  tags: [TAG],
  summary: 'Delete a training place',
  security: bearerSecurity,
  request: { params: z.object({ orgId: pathId, placeId: pathId }), query: actingQuery },
  responses: {
    200: { description: 'Deleted', content: { 'application/json': { schema: Ok } } },
    ...errorResponses(401, 403, 404),
  },
});

export function organisationRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);
  // Bad bodies and queries answer 422 with the field, like every form-backed call.
  const hook = validationHook(422);

  guardRoute(router, listRoute, auth);
  router.openapi(listRoute, async (c) => c.json(await listOrgs(deps, c.get('memberId'), toId(c.req.valid('param').id)), 200), hook);

  guardRoute(router, getRoute, auth);
  router.openapi(
    getRoute,
    async (c) => c.json(await getOrg(deps, c.get('memberId'), toId(c.req.valid('param').id), c.req.valid('query').actingOrgId), 200),
    hook,
  );

  guardRoute(router, createOrgRoute, auth);
  router.openapi(
    createOrgRoute,
    // The service validates again after the rights check (it also serves the merged PUT record).
    async (c) => c.json(await createOrg(deps, c.get('memberId'), await c.req.json(), c.req.valid('query').actingOrgId), 201),
    hook,
  );

  guardRoute(router, updateOrgRoute, auth);
  router.openapi(
    updateOrgRoute,
    async (c) => {
      const body = c.req.valid('json') as { id: number; updatedAt: string } & Record<string, unknown>;
      return c.json(await updateOrg(deps, c.get('memberId'), body, { actingOrgId: c.req.valid('query').actingOrgId }), 200);
    },
    hook,
  );

  guardRoute(router, savePlaceRoute, auth);
  router.openapi(
    savePlaceRoute,
    async (c) => {
      const { created, place } = await savePlace(deps, c.get('memberId'), await c.req.json(), c.req.valid('query').actingOrgId);
      return created ? c.json(place, 201) : c.json(place, 200);
    },
    hook,
  );

  guardRoute(router, deletePlaceRoute, auth);
  router.openapi(
    deletePlaceRoute,
    async (c) => {
      const { orgId, placeId } = c.req.valid('param');
      const place = /^\d{1,9}$/.test(placeId) ? Number(placeId) : NaN;
      if (!Number.isSafeInteger(place)) throw new ApiError(404, 'not_found', 'No such place');
      await deletePlace(deps, c.get('memberId'), toId(orgId), place, c.req.valid('query').actingOrgId);
      return c.json({ ok: true as const }, 200);
    },
    hook,
  );

  // Image, documents and downloads live in their own file but are mounted with these routes.
  router.route('/', organisationFileRoutes(deps));
  return router;
}

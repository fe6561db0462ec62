import { createRoute, z } from '@hono/zod-openapi';
import { AssignmentSchema, RoleGroupSchema } from '@/lib/schemas/member-responses';
import { functionInputSchema } from '@/lib/schemas/members';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { roleCatalogue, saveFunction } from '../services/members/functions';
import { bodyIs422, idParam, json } from './member-schemas';

/** Functions (core §7 "Functions"): what may be assigned in an organisation, and create/update of an assignment. */

const tags = ['Functions'];

const catalogueRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/functions/{orgId}',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Functions the caller may assign in an organisation, by role group',
  description: 'Filtered by orgWhitelist/orgBlacklist (offered in the organisation) and editWhitelist (who may assign). Empty in an organisation where the caller holds the member form but may not assign (a state association); 403 for any other organisation (the federation may assign everywhere).',
  security: bearerSecurity,
  request: { params: z.object({ orgId: idParam }) },
  responses: { 200: { description: 'Role groups', content: json(z.array(RoleGroupSchema)) }, ...errorResponses(400, 401, 403) },
});

const saveRoute = createRoute({
  method: 'post',
  path: '/api/v1/admin/functions/{memberId}',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Create or update a member's function",
  description: 'Without `id`: create (201). With `id` (funkMgId) and its `updatedAt`: update (200), 409 stale when it changed since. `to` missing = open-ended (2999-12-31).',
  security: bearerSecurity,
  request: { params: z.object({ memberId: idParam }), body: { required: true, content: json(functionInputSchema) } },
  responses: {
    200: { description: 'Updated', content: json(AssignmentSchema) },
    201: { description: 'Created', content: json(AssignmentSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export function memberFunctionRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);

  guardRoute(router, catalogueRoute, auth);
  router.openapi(catalogueRoute, async (c) => c.json(await roleCatalogue(deps, c.get('memberId'), c.req.valid('param').orgId), 200));

  guardRoute(router, saveRoute, auth);
  router.openapi(
    saveRoute,
    async (c) => {
      const result = await saveFunction(deps, c.get('memberId'), c.req.valid('param').memberId, c.req.valid('json'));
      return result.created ? c.json(result.assignment, 201) : c.json(result.assignment, 200);
    },
    bodyIs422,
  );

  return router;
}

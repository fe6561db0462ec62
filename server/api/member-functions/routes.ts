import { createRoute, z } from '@hono/zod-openapi';
import { AssignmentSchema, RoleGroupSchema } from '@/lib/schemas/member-responses';
import { functionInputSchema } from '@/lib/schemas/members';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { idParam, json } from '../../http/route-parts';

/**
 * Functions: what may be assigned in an organisation, and create/update of an assignment.
 * GET and POST share the path `/api/v1/admin/functions/{id}`: `id` is the organisation to read
 * the catalogue of, the member to assign to.
 */

const tags = ['Functions'];

export const catalogue = createRoute({
  method: 'get',
  path: '/api/v1/admin/functions/{id}',
  operationId: 'listAssignableFunctions',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Functions the caller may assign in an organisation, by role group',
  description:
    'Filtered by orgWhitelist/orgBlacklist (offered in the organisation) and editWhitelist (who may assign). Empty in an organisation where the caller holds the member form but may not assign (a state association); 403 for any other organisation (the federation may assign everywhere).',
  request: { params: z.object({ id: idParam('Organisation id') }) },
  responses: { 200: { description: 'Role groups', content: json(z.array(RoleGroupSchema)) }, ...errorResponses(401, 403, 422) },
});

export const save = createRoute({
  method: 'post',
  path: '/api/v1/admin/functions/{id}',
  operationId: 'saveMemberFunction',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Create or update a member's function",
  description:
    'Without `id`: create (201). With `id` (funkMgId) and its `updatedAt`: update (200), 409 stale when it changed since. `to` missing = open-ended (2999-12-31).',
  request: { params: z.object({ id: idParam('Member id') }), body: { required: true, content: json(functionInputSchema) } },
  responses: {
    200: { description: 'Updated', content: json(AssignmentSchema) },
    201: { description: 'Created', content: json(AssignmentSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

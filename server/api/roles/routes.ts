import { createRoute, z } from '@hono/zod-openapi';
import { RoleGroupSchema } from '@/lib/schemas/member-responses';
import {
  RoleAssignResultSchema,
  roleAssignSchema,
  roleCreateSchema,
  RoleSchema,
  RoleUndoResultSchema,
  roleUpdateSchema,
} from '@/lib/schemas/roles';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json } from '../../http/route-parts';

/** Role groups and roles (reference data) and bulk role assignment (form 66). */

const tags = ['Roles'];

export const roleGroups = createRoute({
  method: 'get',
  path: '/api/v1/admin/rolegroups',
  operationId: 'listRoleGroups',
  ...access.signedIn,
  tags,
  summary: 'Every role group with its roles (params: orgWhitelist, orgBlacklist, editWhitelist)',
  responses: { 200: { description: 'Role groups', content: json(z.array(RoleGroupSchema)) }, ...errorResponses(401) },
});

export const roleList = createRoute({
  method: 'get',
  path: '/api/v1/admin/roles',
  operationId: 'listRoles',
  ...access.signedIn,
  tags,
  summary: 'Every role, by id',
  responses: {
    200: {
      description: 'Roles',
      content: json(
        z.array(z.object({ id: z.number().int(), name: z.string(), groupId: z.number().int(), params: z.record(z.string(), z.unknown()) })),
      ),
    },
    ...errorResponses(401),
  },
});

const catalogueRules =
  'Only the federation (function 66 in organisation 1). `name` 1–80 characters, unique in its group regardless of case (409 `role_exists`); `groupId` an existing group (422 otherwise); `params.orgWhitelist` / `orgBlacklist` / `editWhitelist` existing organisation ids (422 naming the list otherwise), a whitelist and a blacklist together are 422. Keys the schema does not know are ignored, so an answer can be sent back as it is.';

export const createRole = createRoute({
  method: 'post',
  path: '/api/v1/admin/role',
  operationId: 'createRole',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'Add a role to the catalogue (federation only)',
  description: `${catalogueRules} The new role gets the next id above the highest one; the system role group (11) takes no new roles (422).`,
  request: { body: { required: true, content: json(roleCreateSchema) } },
  responses: {
    201: { description: 'The role, as GET /admin/roles lists it, with updatedAt', content: json(RoleSchema) },
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

export const updateRole = createRoute({
  method: 'put',
  path: '/api/v1/admin/role',
  operationId: 'updateRole',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'Change a role of the catalogue (federation only)',
  description: `${catalogueRules} \`id\` and the \`updatedAt\` the API answered (409 \`stale\` when the role changed since); \`params\` left out stay as they are, given they replace all three lists. A system role keeps its group and no other role moves into the system role group (422, field groupId).`,
  request: { body: { required: true, content: json(roleUpdateSchema) } },
  responses: {
    200: { description: 'The role, as GET /admin/roles lists it, with updatedAt', content: json(RoleSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

export const assign = createRoute({
  method: 'post',
  path: '/api/v1/admin/role/assign',
  operationId: 'assignRoles',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Give roles to several persons at once, with a verdict per person and role',
  description:
    'For holders of form 66 who may assign in `orgId` (the federation anywhere, a club in itself). Each person × role lands in `success` or `errors` with the reason (unknownRole, endBeforeStart, notAllowedHere, aboveCaller, notReached, notAMember, overlapping; a membership given in the same batch counts). A person the caller does not reach (the federation reaches everyone, a club its own members) is answered like an id nobody has: notReached, with no name. Saved in one transaction as a batch (`batchId`, undone with …/{batchId}/undo); `dryRun: true` saves nothing. start defaults to today, end to open-ended;',
  request: { body: { required: true, content: json(roleAssignSchema) } },
  responses: { 200: { description: 'The verdicts', content: json(RoleAssignResultSchema) }, ...errorResponses(400, 401, 403, 404, 422) },
});

export const undo = createRoute({
  method: 'post',
  path: '/api/v1/admin/role/assign/{batchId}/undo',
  operationId: 'undoRoleAssignment',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Take back exactly what a batch added',
  description:
    "Only for the batch's author, or someone who may give every role of the batch (403 `batch_not_yours`). 409 `batch_changed` when one of its assignments was changed or removed since; 409 `already_undone`.",
  request: { params: z.object({ batchId: z.uuid().meta({ description: 'The batch (from the assignment answer)' }) }) },
  responses: { 200: { description: 'Undone', content: json(RoleUndoResultSchema) }, ...errorResponses(401, 403, 404, 409, 422) },
});

import { createRoute, z } from '@hono/zod-openapi';
import {
  RoleMemberPageSchema,
  roleMembersParams,
  roleMembersQuerySchema,
  RoleOrganisationSchema,
  roleOrgParams,
} from '@/lib/schemas/role-members';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json } from '../../http/route-parts';

/** What the role administration screen (form 66) lists: its organisations and their members with functions. */

const tags = ['Roles'];

export const organisations = createRoute({
  method: 'get',
  path: '/api/v1/admin/role/organisations/{orgId}',
  operationId: 'listRoleOrganisations',
  ...access({ own: ['club', 'federation'], foreign: [] }),
  tags,
  summary: 'The organisations where the caller, acting in {orgId} (form 66 there), may assign roles',
  description: 'The federation: every organisation, active ones first; a club: itself. Active = no end date.',
  request: { params: roleOrgParams },
  responses: { 200: { description: 'Organisations', content: json(z.array(RoleOrganisationSchema)) }, ...errorResponses(401, 403, 422) },
});

export const members = createRoute({
  method: 'get',
  path: '/api/v1/admin/role/members/{orgId}',
  operationId: 'listRoleMembers',
  ...access({ own: ['club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "An organisation's members with their active functions there, for assigning roles",
  description:
    'For holders of form 66 who may assign in {orgId} (the federation anywhere, a club in itself). `group`: only holders of an active role of that role group. `candidates=true`: persons to add, once q is longer than 2 characters (the federation searches everyone, a club its own members). Paged in the database, sorted by name.',
  request: { params: roleMembersParams, query: roleMembersQuerySchema },
  responses: { 200: { description: 'A page of members', content: json(RoleMemberPageSchema) }, ...errorResponses(401, 403, 404, 422) },
});

import { createRoute, z } from '@hono/zod-openapi';
import {
  duplicateQuerySchema,
  memberInputSchema,
  memberListQuerySchema,
  memberSearchQuerySchema,
  membershipInputSchema,
  memberUpdateSchema,
  orgMembersQuerySchema,
  orgRoleMembersQuerySchema,
} from '@/lib/schemas/members';
import {
  AssignmentSchema,
  DuplicateCandidateSchema,
  MemberDeletedSchema,
  MemberDetailSchema,
  MemberPageSchema,
  MemberSchema,
  MembershipEndedSchema,
  MembershipSchema,
  MemberSummarySchema,
  TargetOrgSchema,
} from '@/lib/schemas/member-responses';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { findDuplicates } from '../services/members/duplicates';
import { getMember, listAllMembers, listOrgMembers, listOrgRoleMembers, orgSummary, searchMembers } from '../services/members/member-queries';
import { createMember, deleteMember, updateMember } from '../services/members/member-write';
import { addMembership, endMembership } from '../services/members/memberships';
import { memberExportRoutes } from './member-export';
import { memberFunctionRoutes } from './member-functions';
import { bodyIs422, idParam, json } from './member-schemas';
import { memberTrainingRoutes } from './member-trainings';
import { memberRoles } from '../services/members/functions';
import { targetOrgs } from '../services/members/target-orgs';

/** Members (core §7 "Members"): lists, search, one member, duplicates, create/update/delete, memberships. */

const tags = ['Members'];
const page = { 200: { description: 'One page and the total number of matches', content: json(MemberPageSchema) } };
const orgParam = z.object({ org: idParam });
const listDescription =
  'Paged, searched and sorted in the database. `q`: every word must occur (case- and accent-insensitive substring) in surname, first/middle name, registration number or e-mail.';

const allMembersRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'All members, former ones too (federation, form 52)',
  description: listDescription,
  security: bearerSecurity,
  request: { query: memberListQuerySchema },
  responses: { ...page, ...errorResponses(400, 401, 403) },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/search',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Search the members the caller may read by name (and active functions), or within an organisation',
  description: `With \`org\`: the organisation's own members (51/52 there). Without: the members of every organisation where the caller holds 51/52 (a state association's include its clubs'; the federation's are everyone), never more than the caller could open one by one. \`roles\` = comma list of function ids the member must hold (active). ${listDescription}`,
  security: bearerSecurity,
  request: { query: memberSearchQuerySchema },
  responses: { ...page, ...errorResponses(400, 401, 403) },
});

const orgMembersRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{org}',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: "An organisation's members",
  description: `Members with an active function in the organisation (onlyInOrg=true) or also in its sub-organisations (default); for the federation without onlyInOrg: every member. \`excludeGroups\` (default 6): role groups left out of each member's functions. ${listDescription}`,
  security: bearerSecurity,
  request: { params: orgParam, query: orgMembersQuerySchema },
  responses: { ...page, ...errorResponses(400, 401, 403) },
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{org}/summary',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: "Counts over an organisation's members",
  security: bearerSecurity,
  request: { params: orgParam },
  responses: { 200: { description: 'Summary', content: json(MemberSummarySchema) }, ...errorResponses(400, 401, 403) },
});

const targetOrgsRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{org}/organisations',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Organisations where the caller, acting in {org}, may add memberships and functions',
  description:
    'For the organisation picker of the member screen: the federation gets every organisation that is not dissolved (memberships only in those of level 3), a club only itself, a state association none. Sorted by name.',
  security: bearerSecurity,
  request: { params: orgParam },
  responses: { 200: { description: 'Organisations', content: json(z.array(TargetOrgSchema)) }, ...errorResponses(400, 401, 403) },
});

const orgRoleMembersRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/roles/{org}',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Members holding functions in an organisation',
  description: `Active functions of the organisation outside group 6 (or of \`groups\`); each member's functions are those of this organisation. ${listDescription}`,
  security: bearerSecurity,
  request: { params: orgParam, query: orgRoleMembersQuerySchema },
  responses: { ...page, ...errorResponses(400, 401, 403) },
});

const memberParams = z.object({ org: idParam, id: idParam });

const getMemberRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/member/{org}/{id}',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'One member, seen from the acting organisation {org}',
  description: "403 when the member is not one of the organisation's own members; `access` says what the caller may do.",
  security: bearerSecurity,
  request: { params: memberParams },
  responses: { 200: { description: 'The member', content: json(MemberDetailSchema) }, ...errorResponses(400, 401, 403, 404) },
});

const memberRolesRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/member/role/{org}/{id}',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "A member's function assignments (all, ended ones too)",
  security: bearerSecurity,
  request: { params: memberParams },
  responses: { 200: { description: 'Assignments', content: json(z.array(AssignmentSchema)) }, ...errorResponses(400, 401, 403, 404) },
});

const duplicatesRoute = createRoute({
  method: 'put',
  path: '/api/v1/admin/member/duplicates',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['trainer', 'club', 'federation'] }),
  tags,
  summary: 'Possible duplicates of a person about to be created',
  description:
    'Matches the same e-mail, or the same (or day/month-swapped) birth date with names equal up to umlaut/ß spelling, small typos or first/last name swapped. Each candidate lists its reasons.',
  security: bearerSecurity,
  request: { body: { required: true, content: json(duplicateQuerySchema) } },
  responses: {
    200: { description: 'Candidates, best first (at most 10)', content: json(z.object({ candidates: z.array(DuplicateCandidateSchema) })) },
    ...errorResponses(401, 403, 422),
  },
});

const createRouteDef = createRoute({
  method: 'post',
  path: '/api/v1/admin/member',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Create a member',
  description:
    'orgId = the organisation creating the member; a club gets a membership (function 32) from today, open-ended. 409 unique_email (value: e-mail) or identity_conflict (value: birth date).',
  security: bearerSecurity,
  request: { body: { required: true, content: json(memberInputSchema) } },
  responses: { 201: { description: 'Created', content: json(MemberSchema) }, ...errorResponses(401, 403, 409, 422) },
});

const updateRouteDef = createRoute({
  method: 'put',
  path: '/api/v1/admin/member',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Update a member',
  description: 'Send the updatedAt the edit was based on; 409 stale when the member changed since. 409 unique_email / identity_conflict as on create.',
  security: bearerSecurity,
  request: { body: { required: true, content: json(memberUpdateSchema) } },
  responses: { 200: { description: 'Updated', content: json(MemberSchema) }, ...errorResponses(401, 403, 404, 409, 422) },
});

const deleteRouteDef = createRoute({
  method: 'delete',
  path: '/api/v1/admin/member/{id}',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'Delete a member (federation only)',
  security: bearerSecurity,
  request: { params: z.object({ id: idParam }) },
  responses: {
    200: { description: 'Deleted', content: json(MemberDeletedSchema) },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const cancelRoute = createRoute({
  method: 'delete',
  path: '/api/v1/admin/member/cancel/{org}/{memberId}',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'End a membership as of a date',
  description: "The member's running membership in club {org} ends on `date` (today … today + 364 days, else 422 invalid_date). Federation or that club only.",
  security: bearerSecurity,
  request: { params: z.object({ org: idParam, memberId: idParam }), query: z.object({ date: z.string().meta({ format: 'date' }) }) },
  responses: {
    200: { description: 'Ended', content: json(MembershipEndedSchema) },
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const membershipRoute = createRoute({
  method: 'post',
  path: '/api/v1/admin/member/membership',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Connect an existing member to a club (membership from today, no end)',
  description:
    'Needs `proof`: the one the duplicate check (PUT /admin/member/duplicates) gave this caller for this person, at most 15 minutes ago; without it 403 proof_required, with an expired or foreign one 403 invalid_proof. Not needed when the caller may already edit the person (the federation, or a club the person holds a function in).',
  security: bearerSecurity,
  request: { body: { required: true, content: json(membershipInputSchema) } },
  responses: { 201: { description: 'Membership added', content: json(MembershipSchema) }, ...errorResponses(401, 403, 404, 409, 422) },
});

export function memberRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);
  const me = (c: { get: (k: 'memberId') => number }) => c.get('memberId');

  guardRoute(router, allMembersRoute, auth);
  router.openapi(allMembersRoute, async (c) => c.json(await listAllMembers(deps, me(c), c.req.valid('query')), 200));

  // Registered before /members/{org}: "search" is not an organisation id.
  guardRoute(router, searchRoute, auth);
  router.openapi(searchRoute, async (c) => c.json(await searchMembers(deps, me(c), c.req.valid('query')), 200));

  guardRoute(router, orgRoleMembersRoute, auth);
  router.openapi(orgRoleMembersRoute, async (c) => c.json(await listOrgRoleMembers(deps, me(c), c.req.valid('param').org, c.req.valid('query')), 200));

  guardRoute(router, orgMembersRoute, auth);
  router.openapi(orgMembersRoute, async (c) => c.json(await listOrgMembers(deps, me(c), c.req.valid('param').org, c.req.valid('query')), 200));

  guardRoute(router, summaryRoute, auth);
  router.openapi(summaryRoute, async (c) => c.json(await orgSummary(deps, me(c), c.req.valid('param').org), 200));

  guardRoute(router, targetOrgsRoute, auth);
  router.openapi(targetOrgsRoute, async (c) => c.json(await targetOrgs(deps, me(c), c.req.valid('param').org), 200));

  guardRoute(router, memberRolesRoute, auth);
  router.openapi(memberRolesRoute, async (c) => {
    const { org, id } = c.req.valid('param');
    return c.json(await memberRoles(deps, me(c), org, id), 200);
  });

  guardRoute(router, getMemberRoute, auth);
  router.openapi(getMemberRoute, async (c) => {
    const { org, id } = c.req.valid('param');
    return c.json(await getMember(deps, me(c), org, id), 200);
  });

  guardRoute(router, duplicatesRoute, auth);
  router.openapi(duplicatesRoute, async (c) => c.json(await findDuplicates(deps, me(c), c.req.valid('json')), 200), bodyIs422);

  guardRoute(router, membershipRoute, auth);
  router.openapi(
    membershipRoute,
    async (c) => c.json(await addMembership(deps, me(c), c.req.valid('json')), 201),
    bodyIs422,
  );

  guardRoute(router, createRouteDef, auth);
  router.openapi(createRouteDef, async (c) => c.json(await createMember(deps, me(c), c.req.valid('json')), 201), bodyIs422);

  guardRoute(router, updateRouteDef, auth);
  router.openapi(updateRouteDef, async (c) => c.json(await updateMember(deps, me(c), c.req.valid('json')), 200), bodyIs422);

  guardRoute(router, cancelRoute, auth);
  router.openapi(cancelRoute, async (c) => {
    const { org, memberId } = c.req.valid('param');
    return c.json(await endMembership(deps, me(c), org, memberId, c.req.valid('query').date), 200);
  });

  guardRoute(router, deleteRouteDef, auth);
  router.openapi(deleteRouteDef, async (c) => c.json(await deleteMember(deps, me(c), c.req.valid('param').id), 200));

  router.route('/', memberExportRoutes(deps));
  router.route('/', memberTrainingRoutes(deps));
  router.route('/', memberFunctionRoutes(deps));
  return router;
}

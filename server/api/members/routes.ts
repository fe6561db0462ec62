import { createRoute, z } from '@hono/zod-openapi';
import {
  isoDate,
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
import { MergePairLinkSchema } from '@/lib/schemas/member-merge';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, memberIdParam, orgIdParam } from '../../http/route-parts';

/** Members: lists, search, one member, duplicates, create/update/delete, memberships. */

const tags = ['Members'];
const page = { 200: { description: 'One page and the total number of matches', content: json(MemberPageSchema) } };
const orgParams = z.object({ orgId: orgIdParam });
const memberParams = z.object({ orgId: orgIdParam, memberId: memberIdParam });
const listDescription =
  'Paged, searched and sorted in the database. `q`: every word must occur (case- and accent-insensitive substring) in surname, first/middle name, registration number or e-mail.';

export const listAll = createRoute({
  method: 'get',
  path: '/api/v1/admin/members',
  operationId: 'listAllMembers',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'All members, former ones too (federation, form 52)',
  description: listDescription,
  request: { query: memberListQuerySchema },
  responses: { ...page, ...errorResponses(401, 403, 422) },
});

export const search = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/search',
  operationId: 'searchMembers',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Search the members the caller may read by name (and active functions), or within an organisation',
  description: `With \`org\`: the organisation's own members (51/52 there). Without: the members of every organisation where the caller holds 51/52 (a state association's include its clubs'; the federation's are everyone), never more than the caller could open one by one. \`roles\` = comma list of function ids the member must hold (active). ${listDescription}`,
  request: { query: memberSearchQuerySchema },
  responses: { ...page, ...errorResponses(401, 403, 422) },
});

export const listOfOrg = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{orgId}',
  operationId: 'listOrganisationMembers',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: "An organisation's members",
  description: `Members with an active function in the organisation (onlyInOrg=true) or also in its sub-organisations (default); for the federation without onlyInOrg: every member. \`excludeGroups\` (default 6): role groups left out of each member's functions. ${listDescription}`,
  request: { params: orgParams, query: orgMembersQuerySchema },
  responses: { ...page, ...errorResponses(401, 403, 422) },
});

export const summary = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{orgId}/summary',
  operationId: 'getOrganisationMemberSummary',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: "Counts over an organisation's members",
  request: { params: orgParams },
  responses: { 200: { description: 'Summary', content: json(MemberSummarySchema) }, ...errorResponses(401, 403, 422) },
});

export const targetOrgs = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{orgId}/organisations',
  operationId: 'listMembershipTargetOrganisations',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Organisations where the caller, acting in {orgId}, may add memberships and functions',
  description:
    'For the organisation picker of the member screen: the federation gets every organisation that is not dissolved (memberships only in those of level 3), a club only itself, a state association none. Sorted by name.',
  request: { params: orgParams },
  responses: { 200: { description: 'Organisations', content: json(z.array(TargetOrgSchema)) }, ...errorResponses(401, 403, 422) },
});

export const listRoleHolders = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/roles/{orgId}',
  operationId: 'listOrganisationFunctionHolders',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Members holding functions in an organisation',
  description: `Active functions of the organisation outside group 6 (or of \`groups\`); each member's functions are those of this organisation. ${listDescription}`,
  request: { params: orgParams, query: orgRoleMembersQuerySchema },
  responses: { ...page, ...errorResponses(401, 403, 422) },
});

export const getOne = createRoute({
  method: 'get',
  path: '/api/v1/admin/member/{orgId}/{memberId}',
  operationId: 'getMember',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'One member, seen from the acting organisation {orgId}',
  description: "403 when the member is not one of the organisation's own members; `access` says what the caller may do.",
  request: { params: memberParams },
  responses: { 200: { description: 'The member', content: json(MemberDetailSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const roles = createRoute({
  method: 'get',
  path: '/api/v1/admin/member/role/{orgId}/{memberId}',
  operationId: 'listMemberFunctions',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "A member's function assignments (all, ended ones too)",
  request: { params: memberParams },
  responses: { 200: { description: 'Assignments', content: json(z.array(AssignmentSchema)) }, ...errorResponses(401, 403, 404, 422) },
});

export const duplicates = createRoute({
  method: 'put',
  path: '/api/v1/admin/member/duplicates',
  operationId: 'findMemberDuplicates',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['trainer', 'club', 'federation'] }),
  tags,
  summary: 'Possible duplicates of a person about to be created',
  description:
    'Matches the same e-mail, or the same (or day/month-swapped) birth date with names equal up to umlaut/ß spelling, small typos or first/last name swapped. Each candidate lists its reasons. Only a candidate whose name and full birth date match exactly shows its birth date, registration number and town and carries the `proof` the connect call needs. Checks that identify nobody are limited per caller to 30 an hour and 100 a day: over that → 429 `duplicate_check_limited` with Retry-After (seconds, also in `value`). Every check is recorded in the audit trail (entity memberLookup). `mergePairs`: two candidates that the duplicates report holds as one person and this caller may merge (the federation, a state association within its clubs; clubs never), with the organisation whose duplicates view shows them.',
  request: { body: { required: true, content: json(duplicateQuerySchema) } },
  responses: {
    200: {
      description: 'Candidates, best first (at most 10)',
      content: json(z.object({ candidates: z.array(DuplicateCandidateSchema), mergePairs: z.array(MergePairLinkSchema) })),
    },
    ...errorResponses(400, 401, 403, 422, 429),
  },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/admin/member',
  operationId: 'createMember',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Create a member',
  description:
    'orgId = the organisation creating the member; a club gets a membership (function 32) from today, open-ended. 409 unique_email (value: e-mail) or identity_conflict (value: birth date).',
  request: { body: { required: true, content: json(memberInputSchema) } },
  responses: { 201: { description: 'Created', content: json(MemberSchema) }, ...errorResponses(400, 401, 403, 409, 422) },
});

export const update = createRoute({
  method: 'put',
  path: '/api/v1/admin/member',
  operationId: 'updateMember',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Update a member',
  description:
    'Send the updatedAt the edit was based on; 409 stale when the member changed since. 409 unique_email / identity_conflict as on create.',
  request: { body: { required: true, content: json(memberUpdateSchema) } },
  responses: { 200: { description: 'Updated', content: json(MemberSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/member/{memberId}',
  operationId: 'deleteMember',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: 'Delete a member (federation only)',
  request: { params: z.object({ memberId: memberIdParam }) },
  responses: { 200: { description: 'Deleted', content: json(MemberDeletedSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const endMembership = createRoute({
  method: 'delete',
  path: '/api/v1/admin/member/cancel/{orgId}/{memberId}',
  operationId: 'endMembership',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'End a membership as of a date',
  description:
    "The member's running membership in club {orgId} ends on `date` (today … today + 364 days, else 422 invalid_date). Federation or that club only.",
  request: {
    params: memberParams,
    query: z.object({ date: isoDate().meta({ description: 'The last day of the membership (YYYY-MM-DD)' }) }),
  },
  responses: { 200: { description: 'Ended', content: json(MembershipEndedSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const addMembership = createRoute({
  method: 'post',
  path: '/api/v1/admin/member/membership',
  operationId: 'addMembership',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Connect an existing member to a club (membership from today, no end)',
  description:
    'Needs `proof`: the one the duplicate check (PUT /admin/member/duplicates) gave this caller for this person, at most 15 minutes ago; without it 403 proof_required, with an expired or foreign one 403 invalid_proof. Not needed when the caller may already edit the person (the federation, or a club the person holds a function in).',
  request: { body: { required: true, content: json(membershipInputSchema) } },
  responses: { 201: { description: 'Membership added', content: json(MembershipSchema) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});

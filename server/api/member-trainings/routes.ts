import { createRoute, z } from '@hono/zod-openapi';
import { MemberCertificateSchema, TrainingDefinitionSchema } from '@/lib/schemas/member-responses';
import { isoDate, trainingInputSchema } from '@/lib/schemas/members';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { idParam, json, memberIdParam, OkSchema } from '../../http/route-parts';

/**
 * Trainings: types, validity, recording and removing a member's training. GET and POST share the
 * path `/api/v1/admin/training/{id}`: `id` is the training type whose validity is asked, the
 * member a training is recorded for.
 */

const tags = ['Trainings'];

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/trainings',
  operationId: 'listTrainingTypes',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Training types',
  description:
    'With `org` (the acting organisation): only the types it may record (rules.editAtOrgLevel has its level; params.orgWhitelist absent or naming it).',
  request: { query: z.object({ org: idParam('The acting organisation').optional() }) },
  responses: { 200: { description: 'Training types', content: json(z.array(TrainingDefinitionSchema)) }, ...errorResponses(401, 403, 422) },
});

export const validity = createRoute({
  method: 'get',
  path: '/api/v1/admin/training/{id}',
  operationId: 'getTrainingValidity',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['trainer', 'club', 'state', 'federation'] }),
  tags,
  summary: 'Until when a training of type {id} completed on `date` is valid',
  request: { params: z.object({ id: idParam('Training type id') }), query: z.object({ date: isoDate() }) },
  responses: {
    200: {
      description: 'validTo null = valid forever',
      content: json(z.object({ trainingId: z.number().int(), dateFrom: z.string(), validTo: z.string().nullable() })),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const add = createRoute({
  method: 'post',
  path: '/api/v1/admin/training/{id}',
  operationId: 'addMemberTraining',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: 'Record a training for member {id}',
  description: 'orgId = the acting organisation. Needs the right to edit the member and a training rule for the organisation.',
  request: { params: z.object({ id: idParam('Member id') }), body: { required: true, content: json(trainingInputSchema) } },
  responses: { 201: { description: 'Recorded', content: json(MemberCertificateSchema) }, ...errorResponses(400, 401, 403, 404, 422) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/training/{memberId}/{ausbMgId}',
  operationId: 'removeMemberTraining',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Remove a member's training",
  description: '`org` = the acting organisation (same rules as recording).',
  request: {
    params: z.object({ memberId: memberIdParam, ausbMgId: idParam("The member's training record id") }),
    query: z.object({ org: idParam('The acting organisation') }),
  },
  responses: { 200: { description: 'Removed', content: json(OkSchema) }, ...errorResponses(401, 403, 404, 422) },
});

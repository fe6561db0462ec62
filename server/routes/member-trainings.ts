import { createRoute, z } from '@hono/zod-openapi';
import { MemberCertificateSchema, TrainingDefinitionSchema } from '@/lib/schemas/member-responses';
import { isoDate, trainingInputSchema } from '@/lib/schemas/members';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { access } from '../http/access-rule';
import { errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { addTraining, listTrainingDefinitions, removeTraining, trainingValidity } from '../services/members/trainings';
import { bodyIs422, idParam, json } from './member-schemas';

/** Trainings (core §7 "Trainings"): types, validity, recording and removing a member's training. */

const tags = ['Trainings'];

const listRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/trainings',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  tags,
  summary: 'Training types',
  description: 'With `org` (the acting organisation): only the types it may record (rules.editAtOrgLevel has its level; params.orgWhitelist absent or naming it).',
  security: bearerSecurity,
  request: { query: z.object({ org: idParam.optional() }) },
  responses: { 200: { description: 'Training types', content: json(z.array(TrainingDefinitionSchema)) }, ...errorResponses(400, 401, 403) },
});

const validityRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/training/{id}',
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: ['trainer', 'club', 'state', 'federation'] }),
  tags,
  summary: 'Until when a training completed on `date` is valid',
  security: bearerSecurity,
  request: { params: z.object({ id: idParam }), query: z.object({ date: isoDate() }) },
  responses: {
    200: {
      description: 'validTo null = valid forever',
      content: json(z.object({ trainingId: z.number().int(), dateFrom: z.string(), validTo: z.string().nullable() })),
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const addRoute = createRoute({
  method: 'post',
  path: '/api/v1/admin/training/{memberId}',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Record a member's training",
  description: 'orgId = the acting organisation. Needs the right to edit the member and a training rule for the organisation.',
  security: bearerSecurity,
  request: { params: z.object({ memberId: idParam }), body: { required: true, content: json(trainingInputSchema) } },
  responses: { 201: { description: 'Recorded', content: json(MemberCertificateSchema) }, ...errorResponses(400, 401, 403, 404, 422) },
});

const removeRoute = createRoute({
  method: 'delete',
  path: '/api/v1/admin/training/{memberId}/{ausbMgId}',
  ...access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] }),
  tags,
  summary: "Remove a member's training",
  description: '`org` = the acting organisation (same rules as recording).',
  security: bearerSecurity,
  request: { params: z.object({ memberId: idParam, ausbMgId: idParam }), query: z.object({ org: idParam }) },
  responses: { 200: { description: 'Removed', content: json(z.object({ ok: z.literal(true) })) }, ...errorResponses(400, 401, 403, 404) },
});

export function memberTrainingRoutes(deps: AppDeps) {
  const router = createRouter();
  const auth = requireAuth(deps);

  guardRoute(router, listRoute, auth);
  router.openapi(listRoute, async (c) => c.json(await listTrainingDefinitions(deps, c.get('memberId'), c.req.valid('query').org), 200));

  guardRoute(router, validityRoute, auth);
  router.openapi(validityRoute, async (c) => c.json(await trainingValidity(deps, c.get('memberId'), c.req.valid('param').id, c.req.valid('query').date), 200));

  guardRoute(router, addRoute, auth);
  router.openapi(addRoute, async (c) => c.json(await addTraining(deps, c.get('memberId'), c.req.valid('param').memberId, c.req.valid('json')), 201), bodyIs422);

  guardRoute(router, removeRoute, auth);
  router.openapi(removeRoute, async (c) => {
    const { memberId, ausbMgId } = c.req.valid('param');
    return c.json(await removeTraining(deps, c.get('memberId'), memberId, ausbMgId, c.req.valid('query').org), 200);
  });

  return router;
}

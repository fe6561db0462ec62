import { createRoute } from '@hono/zod-openapi';
import { auditQuerySchema, AuditPageSchema } from '@/lib/schemas/audit';
import { access } from '../http/access-rule';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { listAudit } from '../services/audit';

const auditRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/audit',
  tags: ['Audit'],
  summary: 'History of changes: who changed what, when, before and after',
  description:
    'Newest first, paged. With `entity` and `id`: the history of one record, for anyone who may read that record (a member of their organisation, an organisation they can see). Without: the whole trail, federation only. Passwords and tokens are never recorded.',
  security: bearerSecurity,
  // With entity=organisation&id: whoever may read that organisation (a trainer holds no organisation screen).
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  request: { query: auditQuerySchema },
  responses: {
    200: { description: 'One page of entries', content: { 'application/json': { schema: AuditPageSchema } } },
    ...errorResponses(401, 403, 404, 422),
  },
});

export function auditRoutes(deps: AppDeps) {
  const router = createRouter();
  guardRoute(router, auditRoute, requireAuth(deps));
  router.openapi(auditRoute, async (c) => c.json(await listAudit(deps, c.get('memberId'), c.req.valid('query')), 200));
  return router;
}

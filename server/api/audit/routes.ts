import { createRoute } from '@hono/zod-openapi';
import { auditQuerySchema, AuditPageSchema } from '@/lib/schemas/audit';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json } from '../../http/route-parts';

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/audit',
  operationId: 'listAudit',
  tags: ['Audit'],
  summary: 'History of changes: who changed what, when, before and after',
  description:
    'Newest first, paged. With `entity` and `id`: the history of one record, for anyone who may read that record (a member of their organisation, an organisation they can see). Without: the whole trail, federation only. Passwords and tokens are never recorded.',
  // With entity=organisation&id: whoever may read that organisation (a trainer holds no organisation screen).
  ...access({ own: ['club', 'state', 'federation'], foreign: ['federation'] }),
  request: { query: auditQuerySchema },
  responses: { 200: { description: 'One page of entries', content: json(AuditPageSchema) }, ...errorResponses(401, 403, 404, 422) },
});

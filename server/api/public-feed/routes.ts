import { createRoute, z } from '@hono/zod-openapi';
import { PublicNewsPageSchema } from '@/lib/schemas/news';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, publicCall } from '../../http/route-parts';
import { tags } from '../news/routes';

/** An organisation's visible news for its website, as JSON or RSS; no sign-in. */

export const feed = createRoute({
  method: 'get',
  path: '/api/v1/public/news/{orgId}',
  operationId: 'publicNews',
  ...access.public,
  ...publicCall,
  tags,
  summary: "An organisation's visible news for its website, newest first (20 per page); `{orgId}.rss` answers RSS 2.0",
  description: 'No sign-in. Hidden articles never appear. ETag on every answer; If-None-Match answers 304 while nothing changed.',
  request: {
    params: z.object({
      orgId: z
        .string()
        .regex(/^\d{1,10}(\.rss)?$/, 'invalidId')
        .meta({ description: 'Organisation id, or id.rss for RSS', example: '1' }),
    }),
    query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  },
  responses: {
    200: { description: 'Visible news', content: { ...json(PublicNewsPageSchema), 'application/rss+xml': { schema: z.string() } } },
    304: { description: 'Not modified' },
    ...errorResponses(404, 422),
  },
});

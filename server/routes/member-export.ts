import { createRoute, z } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { orgMembersQuerySchema } from '@/lib/schemas/members';
import { access } from '../http/access-rule';
import { bearerSecurity, createRouter, type AppDeps } from '../http/context';
import { errorResponses } from '../http/errors';
import { guardRoute, requireAuth } from '../http/require-auth';
import { exportFileName, prepareMembersExport } from '../services/members/member-export';
import { idParam } from './member-schemas';

/** The members overview as a CSV file, streamed (see services/members/member-export.ts). */

export const memberExportQuerySchema = orgMembersQuerySchema.omit({ page: true, pageSize: true }).extend({
  /** Language of the header line, genders and country names. */
  lang: z.enum(['de', 'en']).default('de'),
});

const exportRoute = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{org}/export.csv',
  tags: ['Members'],
  summary: "An organisation's members as CSV (the overview's columns)",
  description:
    "Every member GET /admin/members/{org} would list with the same `q`, filters and `sort`/`dir`, all pages: ';' delimiter, UTF-8 byte-order mark, CRLF line ends, one header line. Same permission as the list (51/52 in {org}). Streamed in batches, so its size has no limit.",
  security: bearerSecurity,
  // the same as the list it exports
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  request: { params: z.object({ org: idParam }), query: memberExportQuerySchema },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

export function memberExportRoutes(deps: AppDeps) {
  const router = createRouter();
  guardRoute(router, exportRoute, requireAuth(deps));
  router.openapi(exportRoute, async (c) => {
    const query = c.req.valid('query');
    const writeCsv = await prepareMembersExport(deps, c.get('memberId'), c.req.valid('param').org, query);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${exportFileName(query.lang)}"`);
    c.header('cache-control', 'no-store');
    return stream(
      c,
      (s) => writeCsv((chunk) => s.write(chunk).then(() => undefined)),
      async (error) => {
        // headers are sent: the client sees a cut-off file, the log says why
        console.error('[members export] aborted:', error instanceof Error ? error.message : error);
      },
    ) as never;
  });
  return router;
}

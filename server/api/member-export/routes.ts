import { createRoute, z } from '@hono/zod-openapi';
import { orgMembersQuerySchema } from '@/lib/schemas/members';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { orgIdParam } from '../../http/route-parts';

/** The members overview as a CSV file, streamed (see services/members/member-export.ts). */

export const memberExportQuerySchema = orgMembersQuerySchema.omit({ page: true, pageSize: true }).extend({
  /** Language of the header line, genders and country names. */
  lang: z.enum(['de', 'en']).default('de'),
});

export const exportCsv = createRoute({
  method: 'get',
  path: '/api/v1/admin/members/{orgId}/export.csv',
  operationId: 'exportOrganisationMembersCsv',
  tags: ['Members'],
  summary: "An organisation's members as CSV (the overview's columns)",
  description:
    "Every member GET /admin/members/{orgId} would list with the same `q`, filters and `sort`/`dir`, all pages: ';' delimiter, UTF-8 byte-order mark, CRLF line ends, one header line. Same permission as the list (51/52 in {orgId}). Streamed in batches, so its size has no limit.",
  // the same as the list it exports
  ...access({ own: ['trainer', 'club', 'state', 'federation'], foreign: [] }),
  request: { params: z.object({ orgId: orgIdParam }), query: memberExportQuerySchema },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(401, 403, 422),
  },
});

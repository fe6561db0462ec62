import { z } from '@hono/zod-openapi';

/** What the organisation routes share besides the answer shapes (those are in lib/schemas/organisation-responses.ts). */

/** The acting organisation of calls whose path does not name it. */
export const actingQuery = z.object({
  actingOrgId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'The organisation the caller acts in (O{org} of the screen). Omitted: any of the caller\'s 50/58 organisations.' }),
});

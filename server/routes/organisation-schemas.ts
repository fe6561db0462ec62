import { z } from '@hono/zod-openapi';
import { idText } from '@/lib/schemas/common';

/** What the organisation routes share besides the answer shapes (those are in lib/schemas/organisation-responses.ts). */

/** The acting organisation of calls whose path does not name it. */
export const actingQuery = z.object({
  actingOrgId: idText
    .optional()
    .meta({ description: 'The organisation the caller acts in (O{org} of the screen). Omitted: any of the caller\'s 50/58 organisations.' }),
});

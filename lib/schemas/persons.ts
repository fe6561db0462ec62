import { z } from 'zod';
import { dbId, idListText, idText } from './common';

/** Person search (form 46) and taking a former member back. Zod only. */

export const personSearchQuerySchema = z.object({
  org: idText.meta({ description: 'The acting organisation (form 46 there)' }),
  q: z.string().trim().max(100).optional(),
  functions: idListText.optional().meta({ description: 'Function ids, comma-separated: persons holding one of them' }),
  groups: idListText
    .optional()
    .meta({ description: 'Role group ids, comma-separated: persons holding a function of one of them (what the screen offers)' }),
  former: z.enum(['true', 'false']).optional().meta({ description: 'Former members only (their membership ended)' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const PersonRowSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string().nullable(),
    firstName: z.string(),
    surname: z.string(),
    regNr: z.string().nullable().meta({ description: 'Licence number' }),
    licenseOrg: z.string().nullable(),
    federalState: z.string().nullable().meta({ description: "The licence's federal state" }),
    ageClass: z.string(),
    email: z.string().nullable(),
    phoneMobile: z.string().nullable(),
    functions: z.array(
      z.object({ funcId: z.number().int(), funcName: z.string(), orgName: z.string(), dateFrom: z.string(), dateTo: z.string() }),
    ),
  })
  .meta({ id: 'PersonSearchRow' });

export const PersonPageSchema = z.object({ items: z.array(PersonRowSchema), total: z.number().int() }).meta({ id: 'PersonPage' });

export const rejoinSchema = z.object({ orgId: dbId() });

export type PersonRow = z.infer<typeof PersonRowSchema>;
export type PersonPage = z.infer<typeof PersonPageSchema>;

import { z } from 'zod';
import { idText } from './common';

/** What the role administration screen (form 66) reads: its organisations and their members with functions. Zod only. */

export const roleOrgParams = z.object({ orgId: idText.meta({ description: 'The acting organisation (form 66 there)' }) });

export const RoleOrganisationSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    level: z.number().int(),
    /** Set = dissolved; an organisation is active while it has no end date. */
    endDate: z.string().nullable(),
  })
  .meta({ id: 'RoleOrganisation' });

export const roleMembersParams = z.object({ orgId: idText.meta({ description: 'The organisation whose roles are administered' }) });

export const roleMembersQuerySchema = z.object({
  q: z.string().trim().max(100).optional().meta({ description: 'Words of the name or licence number' }),
  group: idText.optional().meta({ description: 'Only holders of an active role of this role group in the organisation' }),
  candidates: z.enum(['true', 'false']).optional().meta({
    description: 'true: persons to add (q longer than 2 characters; the federation searches everyone, others the organisation’s members)',
  }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type RoleMembersQuery = z.output<typeof roleMembersQuerySchema>;

export const RoleMemberFunctionSchema = z.object({
  funkMgId: z.number().int(),
  funcId: z.number().int(),
  funcName: z.string(),
  funcGroup: z.string(),
  groupId: z.number().int(),
  orgId: z.number().int(),
  dateFrom: z.string(),
  dateTo: z.string().meta({ description: "Year 2999 or later = open-ended ('jetzt')" }),
});

export const RoleMemberSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string().nullable(),
    firstName: z.string(),
    surname: z.string(),
    gender: z.string().nullable(),
    birthDate: z.string().nullable(),
    regNr: z.string().nullable(),
    functions: z.array(RoleMemberFunctionSchema).meta({ description: 'Active functions in the organisation' }),
  })
  .meta({ id: 'RoleMember' });

export const RoleMemberPageSchema = z.object({ items: z.array(RoleMemberSchema), total: z.number().int() }).meta({ id: 'RoleMemberPage' });

export type RoleOrganisation = z.infer<typeof RoleOrganisationSchema>;
export type RoleMember = z.infer<typeof RoleMemberSchema>;
export type RoleMemberPage = z.infer<typeof RoleMemberPageSchema>;

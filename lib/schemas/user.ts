import { z } from 'zod';

/**
 * The signed-in user (GET /api/v1/getUser), their system roles and the country list, written
 * once: the API publishes these schemas in its document and builds values of their types, the
 * admin app reads the same types. Zod only, so client components may import the types.
 */

/** One organisation in a rolesOrg list, with the assignment that put it there. */
export const RoleOrgEntrySchema = z.object({ orgId: z.number().int(), orgName: z.string(), funkMgId: z.number().int() });

/** The three lists of rolesOrg, always in this order: trainer, administrator, tournament administrator. */
export const RolesOrgSchema = z
  .tuple([
    z.object({ trainerOrg: z.array(RoleOrgEntrySchema) }),
    z.object({ adminOrg: z.array(RoleOrgEntrySchema) }),
    z.object({ tunierAdmin: z.array(RoleOrgEntrySchema) }),
  ])
  .meta({ description: 'Organisations where the user is trainer, administrator or tournament administrator' });

export const SystemRoleSchema = z
  .object({
    funkId: z.number().int(),
    functionName: z.string(),
    orgId: z.number().int(),
    funkMgId: z.number().int(),
    // optional for the admin app: an upstream that does not send it makes the member page ask /summary
    orgLevel: z.number().int().optional().meta({ description: "The organisation's level: 1 federation, 2 state association, 3 club" }),
  })
  .meta({ id: 'SystemRole' });

export const UserSchema = z
  .object({
    mg_id: z.number().int(),
    imageLink: z.string().nullable().meta({ example: '/api/v1/profile/image/0b5c…' }),
    rolesOrg: RolesOrgSchema,
    givenName: z.string(),
    familyName: z.string(),
    birthDate: z.string().meta({ example: '1980-04-12', format: 'date' }),
    gender: z.enum(['m', 'w', 'd']),
    nationality: z.number().int().nullable(),
    email: z.string().nullable(),
    cellPhone: z.string().nullable(),
    companyPhone: z.string().nullable(),
    jr_id: z.string().nullable().meta({ description: 'Licence (registration) number' }),
    ext_id: z.string().nullable(),
    city: z.string().nullable(),
    address: z.string().nullable().meta({ description: 'Street with house and door number' }),
    zip: z.string().nullable(),
    // Optional for the admin app: an upstream that does not send it makes the shell ask /admin/systemroles.
    systemRoles: z.array(SystemRoleSchema).optional().meta({
      description: 'The list GET /api/v1/admin/systemroles answers, so a page gets the profile and the system roles in one call',
    }),
    sysconfig: z.object({
      EMAIL_REPLY_TO: z.array(z.object({ title: z.string(), value: z.string() })),
      /** The federation's bank account that orders are paid to; an upstream may leave it out. */
      BANK: z.object({ name: z.string(), iban: z.string(), bic: z.string() }).optional(),
    }),
  })
  .meta({ id: 'User' });

export const CountrySchema = z
  .object({ id: z.number().int(), iso2: z.string().length(2), nameDe: z.string(), nameEn: z.string() })
  .meta({ id: 'Country' });

export type RoleOrgEntry = z.infer<typeof RoleOrgEntrySchema>;
export type RolesOrg = z.infer<typeof RolesOrgSchema>;
export type User = z.infer<typeof UserSchema>;
export type SystemRole = z.infer<typeof SystemRoleSchema>;
export type Country = z.infer<typeof CountrySchema>;

/** The kinds of rolesOrg lists. */
export type RoleOrgKind = 'trainerOrg' | 'adminOrg' | 'tunierAdmin';

/**
 * rolesOrg as the shell reads it: any of the lists may be missing (a user the API has not answered
 * for yet, a partial fixture); a RolesOrg is one of these.
 */
export type RolesOrgLike = ReadonlyArray<
  Partial<Record<RoleOrgKind, ReadonlyArray<{ orgId: number; orgName: string; funkMgId?: number }>>>
>;

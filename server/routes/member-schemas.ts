import { z } from '@hono/zod-openapi';
import { AGE_CLASSES } from '@/lib/domain/members';
import { validationHook } from '../http/errors';

/** OpenAPI descriptions of the member answers (notes/members-contract.md) and the hooks the member routes share. */

const date = z.string().meta({ example: '2025-12-31', format: 'date' });
const nullableText = z.string().nullable();

export const AgeClassSchema = z.enum(AGE_CLASSES).meta({ id: 'AgeClass' });

export const MemberOrganizationSchema = z
  .object({ funkMgId: z.number().int(), orgId: z.number().int(), orgName: z.string(), dateFrom: date, dateTo: date, active: z.boolean() })
  .meta({ id: 'MemberOrganization', description: 'A club membership (function 32)' });

export const MemberFunctionSchema = z
  .object({
    funkMgId: z.number().int().meta({ description: 'Id of the function assignment' }),
    funcId: z.number().int(),
    funcName: z.string(),
    funcGroup: z.string(),
    groupId: z.number().int(),
    orgId: z.number().int(),
    orgName: z.string(),
    dateFrom: date,
    dateTo: date.meta({ description: "Year 2999 or later = open-ended ('unbefristet')" }),
    active: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'MemberFunction' });

export const MemberCertificateSchema = z
  .object({
    certId: z.number().int().meta({ description: 'Training definition id' }),
    certName: z.string(),
    certTitle: z.string(),
    certGroupName: z.string(),
    certController: nullableText,
    dateFrom: date,
    dateTo: date.nullable(),
    ausb_mg_id: z.number().int().meta({ description: "Id of the member's training entry (DELETE /training/{memberId}/{ausb_mg_id})" }),
    orgId: z.number().int().nullable(),
  })
  .meta({ id: 'MemberCertificate' });

export const MemberLicenceSchema = z
  .object({
    orgId: z.number().int(),
    orgName: z.string(),
    dateFrom: date,
    dateTo: date,
    active: z.boolean(),
    openEnded: z.boolean(),
    season: z.number().int().nullable(),
  })
  .meta({ id: 'MemberLicence', description: 'The current licence (function 29), else the latest one' });

export const MemberSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string().nullable(),
    imageLink: nullableText,
    regNr: nullableText,
    firstName: z.string(),
    middleName: nullableText,
    surname: z.string(),
    birthDate: date,
    ageClass: AgeClassSchema,
    gender: z.enum(['m', 'w', 'd']),
    nationality: z.number().int().nullable(),
    country: z.number().int().nullable(),
    street: nullableText,
    houseNumber: nullableText,
    doorNumber: nullableText,
    zip: nullableText,
    city: nullableText,
    phoneMobile: nullableText,
    email: nullableText,
    orgId: z.number().int().nullable().meta({ description: 'Primary club: the earliest active membership' }),
    licenseOrg: nullableText,
    licenseOrgBso: nullableText,
    licenseOrgBl: nullableText,
    licence: MemberLicenceSchema.nullable(),
    params: z.object({ profileVisible: z.boolean().optional(), phoneMobileVisible: z.boolean().optional(), emailVisible: z.boolean().optional() }),
    organizations: z.array(MemberOrganizationSchema),
    functions: z.array(MemberFunctionSchema),
    certificates: z.array(MemberCertificateSchema),
    updatedAt: z.string().meta({ description: 'Opaque version: send it back unchanged with PUT' }),
  })
  .meta({ id: 'Member' });

export const MemberDetailSchema = MemberSchema.extend({
  access: z.object({ canEdit: z.boolean(), canDelete: z.boolean(), canEndMembershipIn: z.array(z.number().int()) }),
}).meta({ id: 'MemberDetail' });

export const MemberPageSchema = z
  .object({ items: z.array(MemberSchema), total: z.number().int().meta({ description: 'All matches, not only this page' }) })
  .meta({ id: 'MemberPage' });

export const MemberSummarySchema = z
  .object({
    orgId: z.number().int(),
    orgName: z.string(),
    orgLevel: z.number().int(),
    access: z.object({ canCreate: z.boolean(), canEdit: z.boolean(), canDelete: z.boolean() }),
    members: z.number().int(),
    licences: z.number().int(),
    byGender: z.object({ m: z.number().int(), w: z.number().int(), d: z.number().int() }),
    byAgeClass: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'MemberSummary' });

export const DuplicateCandidateSchema = z
  .object({
    id: z.number().int(),
    uuid: z.string().nullable(),
    regNr: nullableText,
    firstName: z.string(),
    middleName: nullableText,
    surname: z.string(),
    birthDate: date,
    gender: z.enum(['m', 'w', 'd']),
    city: nullableText,
    zip: nullableText,
    organizations: z.array(z.object({ orgId: z.number().int(), orgName: z.string() })),
    score: z.number().int(),
    reasons: z.array(z.enum(['same_email', 'same_name', 'name_spelling', 'name_typo', 'swapped_names', 'same_birth_date', 'swapped_day_month'])),
  })
  .meta({ id: 'DuplicateCandidate' });

export const AssignmentSchema = MemberFunctionSchema.extend({ editable: z.boolean() }).meta({ id: 'FunctionAssignment' });

export const MembershipSchema = z
  .object({ funkMgId: z.number().int(), orgId: z.number().int(), memberId: z.number().int(), roleId: z.number().int(), dateFrom: date, dateTo: date })
  .meta({ id: 'Membership' });

export const TrainingDefinitionSchema = z
  .object({
    trainingId: z.number().int(),
    title: z.string(),
    groupTitle: z.string(),
    name: z.string(),
    validityMonths: z.number().int().nullable(),
    rules: z.object({ editAtOrgLevel: z.array(z.number().int()).optional() }),
    params: z.object({ orgWhitelist: z.array(z.number().int()).optional() }),
  })
  .meta({ id: 'TrainingDefinition' });

export const RoleGroupSchema = z
  .object({
    id: z.number().int(),
    group: z.string(),
    roles: z.array(z.object({ id: z.number().int(), name: z.string(), params: z.record(z.string(), z.unknown()) })),
  })
  .meta({ id: 'RoleGroup' });

/** Path ids: positive whole numbers. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Bodies that break a rule are 422, malformed paths and queries 400 (both `validation` with the field). */
export const bodyIs422 = (result: { success: true; target?: string } | { success: false; error: import('zod').ZodError; target?: string }) => {
  if (result.success) return undefined;
  return validationHook(result.target === 'json' ? 422 : 400)(result);
};

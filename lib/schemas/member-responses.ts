import { z } from 'zod';
import { AGE_CLASSES } from '@/lib/domain/members';
import { DUPLICATE_REASONS } from '@/lib/domain/member-duplicates';
import { GENDERS, memberParamsSchema } from './members';

/**
 * The answers of the members API, written once: the
 * route definitions publish them in the OpenAPI document, the services build values of their
 * inferred types, and the screen reads them through lib/api/member-types.ts. Zod only (no server
 * imports), so client components may import the types.
 */

const date = z.string().meta({ example: '2025-12-31', format: 'date' });
const nullableText = z.string().nullable();

/** Answer fields a write ignores (computed, or changed through their own calls): marked readOnly in the document. */
const readOnly = <T extends z.ZodType>(schema: T) => schema.meta({ readOnly: true });
/** RFC 3339 time of the record's last change; send it back unchanged with a write (409 stale otherwise). */
const version = z
  .string()
  .meta({ format: 'date-time', example: '2026-11-23T18:30:24.052Z', description: 'Version: send it back unchanged with a write' });

/** One page of a list and the number of all matches. */
export type Page<T> = { items: T[]; total: number };

export const AgeClassSchema = z.enum(AGE_CLASSES).meta({ id: 'AgeClass' });

export const MemberOrganizationSchema = z
  .object({ funkMgId: z.number().int(), orgId: z.number().int(), orgName: z.string(), dateFrom: date, dateTo: date, active: z.boolean() })
  .meta({ id: 'MemberOrganization', description: 'A club membership (function 32)' });

export const MemberFunctionSchema = z
  .object({
    funkMgId: z.number().int().meta({ description: 'Id of the function assignment' }),
    funcId: z.number().int(),
    funcName: readOnly(z.string()),
    funcGroup: readOnly(z.string()),
    groupId: readOnly(z.number().int()),
    orgId: z.number().int(),
    orgName: readOnly(z.string()),
    dateFrom: date,
    dateTo: date.meta({ description: "Year 2999 or later = open-ended ('unbefristet')" }),
    active: readOnly(z.boolean()),
    updatedAt: version,
  })
  .meta({ id: 'MemberFunction' });

export const MemberCertificateSchema = z
  .object({
    certId: z.number().int().meta({ description: 'Training definition id' }),
    certName: readOnly(z.string()),
    certTitle: readOnly(z.string()),
    certGroupName: readOnly(z.string()),
    certController: nullableText,
    dateFrom: date,
    dateTo: date.nullable(),
    ausb_mg_id: z
      .number()
      .int()
      .meta({ readOnly: true, description: "Id of the member's training entry (DELETE /training/{memberId}/{ausb_mg_id})" }),
    orgId: z.number().int().nullable(),
  })
  .meta({ id: 'MemberCertificate' });

export const MemberLicenceSchema = z
  .object({
    orgId: z.number().int(),
    orgName: z.string(),
    dateFrom: date,
    dateTo: date,
    active: z.boolean().meta({ description: 'A licence is valid today (this one, or the one it continues)' }),
    state: z.enum(['upcoming', 'active', 'ended']).meta({ description: "'upcoming': released for a period that has not started yet" }),
    openEnded: z.boolean(),
    season: z.number().int().nullable(),
  })
  .meta({ id: 'MemberLicence', description: 'The latest held licence (function 29) that has not ended, else the one that ended last' });

/** The visibility flags as stored: the input's fields, without its refusal of unknown keys. */
const MemberParamsSchema = z.object(memberParamsSchema.shape);

export const MemberSchema = z
  .object({
    id: z.number().int(),
    uuid: readOnly(z.string().nullable()),
    imageLink: readOnly(z.string().nullable()),
    regNr: nullableText.meta({
      description:
        "Licence number, given by the system with the first licence; only the federation may set one (a club's or trainer's is ignored)",
    }),
    firstName: z.string(),
    middleName: nullableText,
    surname: z.string(),
    birthDate: date,
    ageClass: readOnly(AgeClassSchema),
    gender: z.enum(GENDERS),
    nationality: z.number().int().nullable(),
    country: z.number().int().nullable(),
    street: nullableText,
    houseNumber: nullableText,
    doorNumber: nullableText,
    zip: nullableText,
    city: nullableText,
    phoneMobile: nullableText,
    email: nullableText,
    orgId: z.number().int().nullable().meta({ readOnly: true, description: 'Primary club: the earliest active membership' }),
    licenseOrg: readOnly(z.string().nullable()),
    licenseOrgBso: readOnly(z.string().nullable()),
    licenseOrgBl: readOnly(z.string().nullable()),
    licence: readOnly(MemberLicenceSchema.nullable()),
    params: MemberParamsSchema,
    organizations: readOnly(z.array(MemberOrganizationSchema)),
    functions: readOnly(z.array(MemberFunctionSchema)),
    certificates: readOnly(z.array(MemberCertificateSchema)),
    updatedAt: version,
  })
  .meta({ id: 'Member' });

const MemberAccessSchema = z.object({
  canEdit: z.boolean(),
  /** The member holds functions above the caller's (a trainer viewing the club's administrator): read only. */
  outranked: z.boolean(),
  canDelete: z.boolean(),
  /** Clubs in which this caller may end the member's membership. */
  canEndMembershipIn: z.array(z.number().int()),
});

export const MemberDetailSchema = MemberSchema.extend({ access: readOnly(MemberAccessSchema) }).meta({ id: 'MemberDetail' });

export const MemberPageSchema = z
  .object({ items: z.array(MemberSchema), total: z.number().int().meta({ description: 'All matches, not only this page' }) })
  .meta({ id: 'MemberPage' });

export const MemberSummarySchema = z
  .object({
    orgId: z.number().int(),
    orgName: z.string(),
    orgLevel: z.number().int(),
    /** What the caller may do with members from this organisation (before any member is opened). */
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
    birthDate: date.nullable().meta({ description: 'null when only the e-mail matched' }),
    gender: z.enum(GENDERS),
    city: nullableText,
    zip: nullableText,
    organizations: z.array(z.object({ orgId: z.number().int(), orgName: z.string() })),
    /** 0..100 */
    score: z.number().int(),
    reasons: z.array(z.enum(DUPLICATE_REASONS)),
    proof: z.string().nullable().meta({
      description:
        'Send it with POST /admin/member/membership to connect this person (valid 15 minutes, for this caller and person only). null when only the e-mail matched: an e-mail does not identify a person.',
    }),
  })
  .meta({ id: 'DuplicateCandidate' });

/** GET member/role/{orgId}/{id}: an assignment plus whether this caller may change it. */
export const AssignmentSchema = MemberFunctionSchema.extend({ editable: readOnly(z.boolean()) }).meta({ id: 'FunctionAssignment' });

export const MembershipSchema = z
  .object({
    funkMgId: z.number().int(),
    orgId: z.number().int(),
    memberId: z.number().int(),
    roleId: z.number().int(),
    dateFrom: date,
    dateTo: date,
  })
  .meta({ id: 'Membership' });

/** DELETE member/cancel/{orgId}/{memberId}. */
export const MembershipEndedSchema = z.object({ ok: z.literal(true), funkMgId: z.number().int(), dateTo: z.string() });

/** DELETE member/{id}. */
export const MemberDeletedSchema = z.object({ ok: z.literal(true), id: z.number().int(), name: z.string() });

/** GET members/{orgId}/organisations: where the caller may put a membership or a function. */
export const TargetOrgSchema = z
  .object({ id: z.number().int(), name: z.string(), nameShort: z.string(), level: z.number().int(), bso: z.string().nullable() })
  .meta({ id: 'MemberTargetOrg' });

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

export type MemberFunction = z.infer<typeof MemberFunctionSchema>;
export type MemberRole = z.infer<typeof AssignmentSchema>;
export type MemberCertificate = z.infer<typeof MemberCertificateSchema>;
export type Member = z.infer<typeof MemberSchema>;
export type MemberAccess = z.infer<typeof MemberAccessSchema>;
export type MemberDetail = z.infer<typeof MemberDetailSchema>;
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;
export type TrainingDefinition = z.infer<typeof TrainingDefinitionSchema>;
export type RoleGroup = z.infer<typeof RoleGroupSchema>;
export type MembersSummary = z.infer<typeof MemberSummarySchema>;
export type MembershipCreated = z.infer<typeof MembershipSchema>;
export type MembershipEnded = z.infer<typeof MembershipEndedSchema>;
export type MemberTargetOrg = z.infer<typeof TargetOrgSchema>;

import { z } from 'zod';
import { completeIsoDate } from '@/lib/domain/dates';
import { AGE_CLASSES, GENDERS, isBirthDateAllowed } from '@/lib/domain/members';
import { dbId, idListText, idText, isoDate as realIsoDate, updatedAtText } from './common';

/**
 * Member form, trainings, functions and member lists: shared by the member
 * screen (react-hook-form), its server actions and the API routes. Messages are message keys the
 * UI translates ('required' → 'Bitte füllen Sie das erforderliche Feld aus!').
 */

/** A day that exists in the calendar, YYYY-MM-DD. */
export const isoDate = (required = 'required') => realIsoDate('invalidDate', required);

/**
 * Optional free text: trimmed; '' and null clear it (null). Left out stays undefined: nothing on
 * create, unchanged on update (one rule for every write: left out = unchanged, null = cleared).
 */
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** An optional reference: null clears it, left out stays undefined (unchanged). */
const optionalId = () =>
  dbId()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v));

const requiredText = (max = 100) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');

const id = dbId();

export { GENDERS };

/** Visibility flags; merged key by key over the stored ones (a flag left out stays as it is). Unknown keys are ignored. */
export const memberParamsSchema = z.object({
  profileVisible: z.boolean().optional(),
  phoneMobileVisible: z.boolean().optional(),
  emailVisible: z.boolean().optional(),
});

const memberFields = {
  /** Create: the organisation creating the member (a club gets a membership). Update: the acting organisation. */
  orgId: id,
  firstName: requiredText(),
  middleName: optionalText(100),
  surname: requiredText(),
  birthDate: isoDate(),
  gender: z.enum(GENDERS, { error: 'required' }),
  nationality: optionalId(),
  country: optionalId(),
  street: optionalText(),
  houseNumber: optionalText(20),
  doorNumber: optionalText(20),
  zip: optionalText(20),
  city: optionalText(),
  phoneMobile: optionalText(50),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'tooLong')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => v == null || z.email().safeParse(v).success, 'invalidEmail'),
  regNr: optionalText(30),
  params: memberParamsSchema.optional(),
};

/** POST /api/v1/admin/member. The "at least 2 years back" birth-date rule needs today: see withBirthDateRule. Unknown keys are ignored. */
export const memberInputSchema = z.object(memberFields);
export type MemberData = z.output<typeof memberInputSchema>;

/**
 * PUT /api/v1/admin/member: the record and the version it was based on, plus the fields to change.
 * The member exactly as GET answered it is accepted: a field left out stays as stored, null clears
 * an optional one, and what the answer carries besides (ageClass, organizations, …: read-only in
 * the answer's schema) and unknown keys are ignored.
 */
export const memberUpdateSchema = z.object({
  id,
  updatedAt: updatedAtText('invalidUpdatedAt'),
  /** The answer's primary club; ignored (the rights come from the caller's functions). */
  orgId: dbId().nullish().meta({ readOnly: true }),
  firstName: memberFields.firstName.optional(),
  middleName: memberFields.middleName,
  surname: memberFields.surname.optional(),
  birthDate: memberFields.birthDate.optional(),
  gender: memberFields.gender.optional(),
  nationality: memberFields.nationality,
  country: memberFields.country,
  street: memberFields.street,
  houseNumber: memberFields.houseNumber,
  doorNumber: memberFields.doorNumber,
  zip: memberFields.zip,
  city: memberFields.city,
  phoneMobile: memberFields.phoneMobile,
  email: memberFields.email,
  regNr: memberFields.regNr,
  params: memberFields.params,
});
export type MemberUpdateData = z.output<typeof memberUpdateSchema>;

/**
 * Adds the birth-date rule (at least 2 years in the past) for the given day. It is checked whenever
 * the birth date itself is a complete date, also while other fields are still missing, so the
 * first refused save names every problem at once.
 */
export function withBirthDateRule<S extends z.ZodType<{ birthDate: string }>>(schema: S, today: string) {
  const birthDateOf = (value: unknown) => completeIsoDate((value as { birthDate?: unknown } | null)?.birthDate as string | undefined);
  return schema.refine(
    (value) => {
      const birthDate = birthDateOf(value);
      return birthDate === null || isBirthDateAllowed(birthDate, today);
    },
    { path: ['birthDate'], message: 'birthDateTooRecent', when: (payload) => birthDateOf(payload.value) !== null },
  );
}

/** PUT /api/v1/admin/member/duplicates. Unknown keys (the form's orgId, a whole member record) are ignored. */
export const duplicateQuerySchema = z.object({
  firstName: requiredText(),
  surname: requiredText(),
  birthDate: isoDate(),
  gender: z.enum(GENDERS).nullish(),
  email: z.string().trim().toLowerCase().max(254).nullish(),
  /** The member being edited, left out of the candidates. */
  excludeId: dbId().nullish(),
});
export type DuplicateQuery = z.input<typeof duplicateQuerySchema>;

/** POST /api/v1/admin/member/membership: connect an existing member to a club (function 32, from today). */
export const membershipInputSchema = z.object({
  orgId: id,
  memberId: id,
  /** The candidate's proof from the duplicate check; needed unless the caller may already edit the member. */
  proof: z.string().min(1).max(2000).nullish(),
});

/** A name the answers use for the same field as the input: accepted in its place, so an answer can be sent back. */
const alias = <T extends z.ZodType>(schema: T, of: string) => schema.meta({ description: `Same as \`${of}\` (the name the answers use)` });

/**
 * POST /api/v1/admin/training/{memberId}. A certificate as the member's answer lists it is accepted
 * too (certId = trainingId, certController = controller); its other fields are ignored.
 */
export const trainingInputSchema = z
  .object({
    /** The acting organisation recording the training. */
    orgId: id,
    trainingId: dbId().optional(),
    certId: alias(dbId().optional(), 'trainingId'),
    dateFrom: isoDate(),
    dateTo: isoDate().nullish(),
    controller: optionalText(200),
    certController: alias(optionalText(200), 'controller'),
  })
  .transform(({ certId, certController, ...v }, ctx) => {
    const trainingId = v.trainingId ?? certId;
    if (trainingId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['trainingId'], message: 'required' });
      return z.NEVER;
    }
    const controller = v.controller === undefined ? certController : v.controller;
    return { orgId: v.orgId, trainingId, dateFrom: v.dateFrom, dateTo: v.dateTo ?? null, controller: controller ?? null };
  })
  .refine((v) => !v.dateTo || v.dateTo >= v.dateFrom, { path: ['dateTo'], message: 'endBeforeStart' });
export type TrainingInput = z.input<typeof trainingInputSchema>;

/**
 * POST /api/v1/admin/functions/{memberId}: create (no id) or update (id + updatedAt). An assignment
 * as GET member/role answers it is accepted too (funkMgId = id, funcId = roleId, dateFrom/dateTo =
 * from/to); its other fields are ignored. On update a field left out stays as stored; `to: null`
 * makes the assignment open-ended (also on create, where a left-out `to` means the same).
 */
export const functionInputSchema = z
  .object({
    id: dbId().nullish(),
    funkMgId: alias(dbId().nullish(), 'id'),
    updatedAt: updatedAtText('invalidUpdatedAt').nullish(),
    orgId: dbId().optional(),
    /** The path names the member; when sent, it must be the same. */
    memberId: dbId().optional(),
    roleId: dbId().optional(),
    funcId: alias(dbId().optional(), 'roleId'),
    from: isoDate().optional(),
    dateFrom: alias(isoDate().optional(), 'from'),
    to: isoDate().nullish(),
    dateTo: alias(isoDate().nullish(), 'to'),
  })
  .transform((v) => ({
    id: v.id ?? v.funkMgId ?? null,
    updatedAt: v.updatedAt ?? null,
    orgId: v.orgId,
    memberId: v.memberId,
    roleId: v.roleId ?? v.funcId,
    from: v.from ?? v.dateFrom,
    to: v.to !== undefined ? v.to : v.dateTo,
  }))
  .superRefine((v, ctx) => {
    if (v.id) {
      if (!v.updatedAt) ctx.addIssue({ code: 'custom', path: ['updatedAt'], message: 'required' });
      return;
    }
    for (const field of ['orgId', 'roleId', 'from'] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
  })
  .refine((v) => !v.to || !v.from || v.to >= v.from, { path: ['to'], message: 'endBeforeStart' });
export type FunctionInput = z.input<typeof functionInputSchema>;
export type FunctionData = z.output<typeof functionInputSchema>;

/* ---------- lists ---------- */

export const MEMBER_SORTS = [
  'surname',
  'firstName',
  'birthDate',
  'ageClass',
  'regNr',
  'city',
  'zip',
  'gender',
  'email',
  'id',
  'updatedAt',
] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const MAX_PAGE_SIZE = 100;

/** Paging, search, sort and filters of every member list (query string). */
export const memberListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(MEMBER_SORTS).default('surname'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  gender: z.enum(GENDERS).optional(),
  ageClass: z.enum(AGE_CLASSES).optional(),
  licence: z.enum(['active', 'none']).optional(),
  /** Place of residence contains this text (case- and accent-insensitive). */
  city: z.string().trim().max(100).optional(),
});
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

const boolParam = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A comma-separated list of ids; '' = empty list. */
export const idListParam = idListText;

export const orgMembersQuerySchema = memberListQuerySchema.extend({
  onlyInOrg: boolParam,
  excludeGroups: idListParam.optional().transform((v) => v ?? [6]),
});

export const memberSearchQuerySchema = memberListQuerySchema.extend({
  name: z.string().trim().max(100).optional(),
  roles: idListParam.optional(),
  org: idText.optional(),
});

export const orgRoleMembersQuerySchema = memberListQuerySchema.extend({
  groups: idListParam.optional(),
});

import { z } from 'zod';
import { AGE_CLASSES, GENDERS, isBirthDateAllowed } from '@/lib/domain/members';
import { dbId, idListText, idText, isoDate as realIsoDate, updatedAtText } from './common';

/**
 * Member form, trainings, functions and member lists: shared by the member
 * screen (react-hook-form), its server actions and the API routes. Messages are message keys the
 * UI translates ('required' → 'Bitte füllen Sie das erforderliche Feld aus!').
 */

/** A day that exists in the calendar, YYYY-MM-DD. */
export const isoDate = (required = 'required') => realIsoDate('invalidDate', required);

/** Optional free text: trimmed, '' and missing stored as null. */
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

const requiredText = (max = 100) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');

const id = dbId();

export { GENDERS };

export const memberParamsSchema = z
  .object({ profileVisible: z.boolean().optional(), phoneMobileVisible: z.boolean().optional(), emailVisible: z.boolean().optional() })
  .strict();

const memberFields = {
  /** Create: the organisation creating the member (a club gets a membership). Update: the acting organisation. */
  orgId: id,
  firstName: requiredText(),
  middleName: optionalText(100),
  surname: requiredText(),
  birthDate: isoDate(),
  gender: z.enum(GENDERS, { error: 'required' }),
  nationality: dbId().nullish().transform((v) => v ?? null),
  country: dbId().nullish().transform((v) => v ?? null),
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
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, 'invalidEmail'),
  regNr: optionalText(30),
  params: memberParamsSchema.optional(),
};

/** POST /api/v1/admin/member. The "at least 2 years back" birth-date rule needs today: see withBirthDateRule. */
export const memberInputSchema = z.object(memberFields).strict();
export type MemberInput = z.input<typeof memberInputSchema>;
export type MemberData = z.output<typeof memberInputSchema>;

/** PUT /api/v1/admin/member: the same fields plus the record and the version it was based on. */
export const memberUpdateSchema = z
  .object({ ...memberFields, id, updatedAt: updatedAtText('invalidUpdatedAt') })
  .strict();
export type MemberUpdateInput = z.input<typeof memberUpdateSchema>;
export type MemberUpdateData = z.output<typeof memberUpdateSchema>;

/** Adds the birth-date rule (at least 2 years in the past) for the given day. */
export function withBirthDateRule<S extends z.ZodType<{ birthDate: string }>>(schema: S, today: string) {
  return schema.superRefine((value, ctx) => {
    if (value.birthDate && !isBirthDateAllowed(value.birthDate, today)) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'birthDateTooRecent' });
    }
  });
}

/** PUT /api/v1/admin/member/duplicates. */
export const duplicateQuerySchema = z
  .object({
    firstName: requiredText(),
    surname: requiredText(),
    birthDate: isoDate(),
    gender: z.enum(GENDERS).nullish(),
    email: z.string().trim().toLowerCase().max(254).nullish(),
    /** The member being edited, left out of the candidates. */
    excludeId: dbId().nullish(),
  })
  .strict();
export type DuplicateQuery = z.input<typeof duplicateQuerySchema>;

/** POST /api/v1/admin/member/membership: connect an existing member to a club (function 32, from today). */
export const membershipInputSchema = z
  .object({
    orgId: id,
    memberId: id,
    /** The candidate's proof from the duplicate check; needed unless the caller may already edit the member. */
    proof: z.string().min(1).max(2000).nullish(),
  })
  .strict();

/** POST /api/v1/admin/training/{memberId}. */
export const trainingInputSchema = z
  .object({
    /** The acting organisation recording the training. */
    orgId: id,
    trainingId: id,
    dateFrom: isoDate(),
    dateTo: isoDate().nullish().transform((v) => v ?? null),
    controller: optionalText(200),
  })
  .strict()
  .refine((v) => !v.dateTo || v.dateTo >= v.dateFrom, { path: ['dateTo'], message: 'endBeforeStart' });
export type TrainingInput = z.input<typeof trainingInputSchema>;

/** POST /api/v1/admin/functions/{memberId}: create (no id) or update (id + updatedAt). `to` missing = open-ended. */
export const functionInputSchema = z
  .object({
    id: dbId().nullish(),
    updatedAt: updatedAtText('invalidUpdatedAt').nullish(),
    orgId: id,
    memberId: id,
    roleId: id,
    from: isoDate(),
    to: isoDate().nullish().transform((v) => v ?? null),
  })
  .strict()
  .refine((v) => !v.to || v.to >= v.from, { path: ['to'], message: 'endBeforeStart' })
  .refine((v) => !v.id || Boolean(v.updatedAt), { path: ['updatedAt'], message: 'required' });
export type FunctionInput = z.input<typeof functionInputSchema>;

/* ---------- lists ---------- */

export const MEMBER_SORTS = ['surname', 'firstName', 'birthDate', 'ageClass', 'regNr', 'city', 'zip', 'gender', 'email', 'id', 'updatedAt'] as const;
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

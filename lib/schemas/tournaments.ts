import { z } from 'zod';
import { PUBLIC_TOURNAMENT_FIELDS, type PublicTournamentField } from '@/lib/domain/tournaments/approval';
import { PAYMENT_STATUSES, TOURNAMENT_STATUSES } from '@/lib/domain/tournaments/status';
import { dbId, idText, isoDate, optionalWebAddress, updatedAtText } from './common';

/** Tournaments (forms 1000 and 1001): what the API accepts and answers. Zod only. */

const readOnly = <T extends z.ZodType>(schema: T) => schema.meta({ readOnly: true });
const text = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'tooLong');
const optionalText = (max: number) => z.string().trim().max(max, 'tooLong').nullable().optional();
const person = z.object({ id: dbId(), firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() });

/** The tournament's details as written; flags set through their own calls (canceled, approved, payed) are ignored. */
export const tournamentParamsInput = z.object({
  location: text(200),
  linkToRegistration: optionalWebAddress(),
  email: z.email({ error: 'emailInvalid' }).max(200, 'tooLong'),
  phone: optionalText(50),
  contactPerson: text(200),
  discipline: z.number().int().nullable().optional(),
  rule: optionalText(200),
  divisions: z.array(z.string().max(100)).max(50).optional(),
  gradeCodes: z.array(z.string().max(20)).max(20).optional(),
  rangeCommanders: z
    .array(z.object({ firstName: z.string().trim().max(100), lastName: z.string().trim().max(100) }))
    .max(10)
    .optional(),
  mainReferee: person.nullable().optional(),
  referees: z.array(person).max(10).optional(),
  numberAnimals: z.number().int().min(1, 'tooSmall').max(500, 'tooLarge').nullable().optional(),
});

export const tournamentInputSchema = z.object({
  name: text(200),
  type: dbId().meta({ description: 'The tournament type; fixed once saved' }),
  start: isoDate(),
  end: isoDate(),
  openFrom: isoDate(),
  openTo: isoDate(),
  params: tournamentParamsInput,
});
export type TournamentInput = z.output<typeof tournamentInputSchema>;

export const tournamentUpdateSchema = tournamentInputSchema.extend({ id: dbId(), updatedAt: updatedAtText() });
export type TournamentUpdate = z.output<typeof tournamentUpdateSchema>;

export const tournamentIdBody = z.object({ id: dbId() });
export const tournamentPaymentBody = z.object({ id: dbId(), status: z.enum(PAYMENT_STATUSES, { error: 'statusInvalid' }) });
export const tournamentCommentBody = z.object({ comment: text(2000) });

export const tournamentListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  /** The approval screen's filters: type filters and/or 'erstellt' (not yet approved). */
  filter: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Comma-separated: Leistungssport, Leistungssport 3D, Leistungssport ÖSTM/ÖM, Breitensport, erstellt' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(7),
});
export type TournamentListQuery = z.output<typeof tournamentListQuery>;

export const tournamentOrgParams = z.object({ orgId: idText.meta({ description: 'The acting organisation (form 1000 or 1001 there)' }) });

const CommentSchema = z.object({
  name: z.string(),
  content: z.string(),
  user: z.number().int().nullable(),
  uuid: z.string().nullable(),
  timestamp: z.string(),
});

const ParamsAnswer = tournamentParamsInput.extend({
  files: readOnly(
    z.array(z.object({ name: z.string(), url: z.string() })).meta({ description: 'Attachments: uploaded and removed through …/files' }),
  ),
  canceled: readOnly(z.boolean()),
  payed: readOnly(z.string().nullable()),
  approved: readOnly(z.boolean().nullable()),
});

export const TournamentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.number().int(),
    typeName: readOnly(z.string()),
    orgId: readOnly(z.number().int()),
    orgName: readOnly(z.string()),
    start: z.string(),
    end: z.string(),
    openFrom: z.string(),
    openTo: z.string(),
    approved: readOnly(z.boolean().nullable()),
    orderStatus: readOnly(z.string().nullable()),
    status: readOnly(z.enum(TOURNAMENT_STATUSES)),
    params: ParamsAnswer,
    comment: readOnly(z.object({ messages: z.array(CommentSchema) })),
    order: readOnly(
      z
        .object({
          id: z.number().int(),
          orderNumber: z.string(),
          status: z.string(),
          completed: z.string().nullable(),
          canceled: z.boolean(),
          total: z.number(),
          invoiceNumber: z.string().nullable(),
          updatedAt: z.string(),
        })
        .nullable()
        .meta({ description: 'The order of the tournament fee, placed on approval (null: none yet, or no fee)' }),
    ),
    updatedAt: z.string(),
  })
  .meta({ id: 'Tournament' });
export type Tournament = z.infer<typeof TournamentSchema>;

export const TournamentPageSchema = z.object({ items: z.array(TournamentSchema), total: z.number().int() }).meta({ id: 'TournamentPage' });
export type TournamentPage = z.infer<typeof TournamentPageSchema>;

/**
 * The approval screen's comparison: the current copy against the version last approved (or, never
 * approved, the first submission), and the public fields whose change awaits approval.
 */
export const TournamentTupleSchema = z
  .object({
    current: TournamentSchema,
    original: z.object({
      name: z.string(),
      type: z.number().int(),
      start: z.string(),
      end: z.string(),
      openFrom: z.string(),
      openTo: z.string(),
      params: z.record(z.string(), z.unknown()),
    }),
    originalIs: z.enum(['approved', 'submitted']).meta({
      description: 'approved: the version last approved, which the public sees; submitted: the first submission (never approved)',
    }),
    awaitingApproval: z
      .array(z.enum(Object.keys(PUBLIC_TOURNAMENT_FIELDS) as [PublicTournamentField, ...PublicTournamentField[]]))
      .meta({ description: 'The public fields changed since the approval: published when the federation approves again' }),
  })
  .meta({ id: 'TournamentTuple' });

export const TournamentTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    param: z.object({
      filter: z.string(),
      disciplines: z.array(z.number().int()),
      rules: z.array(z.object({ name: z.string(), divisions: z.array(z.string()) })),
      gradeCodes: z.array(z.string()),
      ordercat: z.string().nullable(),
      orgWhitelist: z.array(z.number().int()).optional(),
    }),
  })
  .meta({ id: 'TournamentType' });

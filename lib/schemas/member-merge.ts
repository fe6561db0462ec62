import { z } from 'zod';
import { MERGE_FIELDS } from '@/lib/domain/member-merge';
import { DUPLICATE_REASONS } from '@/lib/domain/member-duplicates';
import { dbId, idText, updatedAtText } from './common';

/** Merging duplicate persons, undoing a merge, the duplicates report: requests and answers. */

const side = z.enum(['survivor', 'merged']);

export const mergeRequestSchema = z
  .object({
    survivorId: dbId(),
    mergedId: dbId(),
    /** Per field where the records differ: whose value survives (default: the survivor's, unless it is empty). */
    fields: z.partialRecord(z.enum(MERGE_FIELDS), side).default({}),
    dryRun: z.boolean().default(true),
    /** The versions the plan showed (its survivorUpdatedAt / mergedUpdatedAt); required when dryRun is false. */
    survivorUpdatedAt: updatedAtText().optional(),
    mergedUpdatedAt: updatedAtText().optional(),
  })
  .strict()
  .meta({ id: 'MergeRequest' });
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

export const MergeConflictSchema = z
  .object({
    code: z.enum(['licence_year', 'recent_logins', 'duplicate_rows', 'second_factor']),
    message: z.string(),
    value: z.unknown().optional(),
  })
  .meta({ id: 'MergeConflict' });
export type MergeConflict = z.infer<typeof MergeConflictSchema>;

export const MergeMoveSchema = z
  .object({
    place: z.string().meta({ description: 'table.column holding the person' }),
    what: z.string(),
    rule: z.string(),
    rows: z.number().int().meta({ description: "The merged record's rows there" }),
    joined: z.number().int().optional().meta({ description: "Function periods that become one with one of the survivor's" }),
    setAside: z.number().int().optional().meta({ description: 'Rows the survivor already has (kept for an undo, not duplicated)' }),
  })
  .meta({ id: 'MergeMove' });
export type MergeMove = z.infer<typeof MergeMoveSchema>;

export const MergeAnswerSchema = z
  .object({
    dryRun: z.boolean(),
    mergeId: z.string().nullable(),
    survivorId: z.number().int(),
    mergedId: z.number().int(),
    survivorUpdatedAt: z.string(),
    mergedUpdatedAt: z.string(),
    fields: z.array(
      z.object({ field: z.enum(MERGE_FIELDS), survivor: z.unknown(), merged: z.unknown(), differs: z.boolean(), chosen: side }),
    ),
    login: side.nullable().meta({ description: 'Whose login (e-mail and password) survives; the other one ends' }),
    moves: z.array(MergeMoveSchema),
    conflicts: z.array(MergeConflictSchema),
  })
  .meta({ id: 'MergeAnswer' });
export type MergeAnswer = z.infer<typeof MergeAnswerSchema>;

export const mergeIdParams = z.object({ mergeId: z.uuid('invalidId') });

export const UndoAnswerSchema = z
  .object({
    mergeId: z.string(),
    survivorId: z.number().int(),
    mergedId: z.number().int(),
    movedBack: z.array(z.object({ place: z.string(), rows: z.number().int() })),
    stayedWithSurvivor: z
      .array(z.object({ place: z.string(), what: z.string(), ids: z.array(z.union([z.number(), z.string()])) }))
      .meta({ description: 'Rows added to the survivor after the merge: they stay with the survivor' }),
    keptFields: z
      .array(z.string())
      .meta({ description: "Survivor fields changed after the merge: the change stays, the survivor's old value is not restored" }),
  })
  .meta({ id: 'MergeUndoAnswer' });
export type UndoAnswer = z.infer<typeof UndoAnswerSchema>;

export const duplicatesQuerySchema = z.object({
  org: idText.optional().meta({ description: 'Only pairs of members of this organisation (a state association: required, its own)' }),
  pair: z
    .string()
    .regex(/^\d{1,10},\d{1,10}$/, 'invalidId')
    .transform((v) => v.split(',').map(Number) as [number, number])
    .optional()
    .meta({ description: 'Two member ids, `12,34`: only the entry of this pair (none when the report does not hold it)' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

const PairPersonSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  birthDate: z.string(),
  regNr: z.string().nullable(),
  city: z.string().nullable(),
});

export const DuplicatePairSchema = z
  .object({ a: PairPersonSchema, b: PairPersonSchema, score: z.number().int(), reasons: z.array(z.enum(DUPLICATE_REASONS)) })
  .meta({ id: 'DuplicatePair' });
export type DuplicatePair = z.infer<typeof DuplicatePairSchema>;

export const DuplicatePageSchema = z
  .object({ items: z.array(DuplicatePairSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() })
  .meta({ id: 'DuplicatePage' });
export type DuplicatePage = z.infer<typeof DuplicatePageSchema>;

export const dismissRequestSchema = z.object({ aId: dbId(), bId: dbId() }).strict().meta({ id: 'DuplicateDismissRequest' });

/**
 * A pair of the duplicate check's candidates that the duplicates report holds and this caller may
 * merge: `orgId` is the organisation whose 'Duplikate' view (form 52) shows it.
 */
export const MergePairLinkSchema = z
  .object({ aId: z.number().int(), bId: z.number().int(), orgId: z.number().int() })
  .meta({ id: 'DuplicateMergePair' });
export type MergePairLink = z.infer<typeof MergePairLinkSchema>;

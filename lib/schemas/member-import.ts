import { z } from 'zod';
import { DUPLICATE_REASONS } from '@/lib/domain/member-duplicates';
import { IMPORT_FIELDS, IMPORT_VERDICTS } from '@/lib/domain/member-import';
import { CONNECTION_GROUNDS } from '@/lib/domain/reach';

/** The member import's query and answers, shared by the API routes and the import screen. */

export const memberImportQuerySchema = z.object({
  /** true: only the plan, nothing is written. */
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** The import: the dry run's planId (or as form field `planId`). */
  planId: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Language of the field errors and of the verdict CSV. */
  lang: z.enum(['de', 'en']).default('de'),
  /** Dry run only: `csv` answers the verdicts as a CSV file for download. */
  format: z.enum(['json', 'csv']).default('json'),
});

const FieldErrorSchema = z.object({ field: z.string(), rule: z.string(), message: z.string() });
const Change = z.object({ before: z.unknown(), after: z.unknown() });

export const ImportRowSchema = z
  .object({
    line: z.number().int().meta({ description: 'Line (CSV) or row number (sheet), the header being 1' }),
    verdict: z.enum(IMPORT_VERDICTS),
    name: z.string().meta({ description: 'First name and surname as the file writes them' }),
    memberId: z.number().int().optional().meta({ description: 'connect / update / unchanged: the person' }),
    reasons: z.array(z.enum(DUPLICATE_REASONS)).optional(),
    ground: z.enum(CONNECTION_GROUNDS).optional(),
    changes: z.record(z.enum(IMPORT_FIELDS), Change).optional(),
    errors: z.array(FieldErrorSchema).optional(),
    warnings: z.array(FieldErrorSchema).optional(),
    duplicateOf: z.number().int().optional(),
  })
  .meta({ id: 'MemberImportRow' });

export const ImportCountsSchema = z
  .object({
    create: z.number().int(),
    connect: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'MemberImportCounts' });

export const ImportDryRunSchema = z
  .object({
    planId: z.string(),
    fileName: z.string(),
    sheets: z.array(z.string()),
    sheet: z.string().nullable(),
    columns: z.array(z.object({ index: z.number().int(), header: z.string(), field: z.enum(IMPORT_FIELDS).nullable() })),
    missingFields: z.array(z.enum(IMPORT_FIELDS)),
    counts: ImportCountsSchema,
    rows: z.array(ImportRowSchema),
  })
  .meta({ id: 'MemberImportDryRun' });

export const ImportResultSchema = z
  .object({ importId: z.uuid(), planId: z.string(), counts: ImportCountsSchema })
  .meta({ id: 'MemberImportResult' });

export const ImportUndoSchema = z
  .object({
    importId: z.uuid(),
    undone: z.object({ create: z.number().int(), connect: z.number().int(), update: z.number().int() }),
  })
  .meta({ id: 'MemberImportUndo' });

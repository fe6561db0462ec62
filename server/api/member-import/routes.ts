import { createRoute, z } from '@hono/zod-openapi';
import { IMPORT_FIELDS, MAX_IMPORT_ROWS } from '@/lib/domain/member-import';
import { ImportDryRunSchema, ImportResultSchema, ImportUndoSchema, memberImportQuerySchema } from '@/lib/schemas/member-import';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json, orgIdParam } from '../../http/route-parts';
import { MAX_UPLOAD_BYTES } from '../../files/multipart-upload';

/**
 * Member import from CSV and Excel: dry run, import of the plan, undo. The upload is streamed by
 * its handler, so it is documented with a plain definition (createRoute's form validator would
 * buffer the whole body).
 */

const tags = ['Members'];
const MB = MAX_UPLOAD_BYTES / 1024 / 1024;
const who = access({ own: ['trainer', 'club', 'federation'], foreign: ['federation'] });

export const IMPORT_PATH = '/api/v1/admin/members/{orgId}/import';
export const importDoc = {
  method: 'post' as const,
  path: IMPORT_PATH,
  operationId: 'importMembers',
  ...who,
  tags,
  summary: 'Import members from a CSV or Excel file into a club (dry run, then the plan)',
  description: [
    `A club into itself, the federation into any club. \`.csv\` (\`;\` or \`,\`, UTF-8 with or without BOM, or Windows-1252) or \`.xlsx\` (form field \`sheet\`: a sheet's name, else the first), at most ${MAX_IMPORT_ROWS} rows and ${MB} MB (413 too_large / too_many_rows); a workbook unpacking to more than 120 MB → 400 zip_bomb.`,
    `Form field \`mapping\` (optional JSON): column header → member field (${IMPORT_FIELDS.join(', ')}) or null to leave the column out; unmapped columns are matched by their header (German or English, the members export's headers too).`,
    '`dryRun=true`: per row a verdict (create, connect, update, unchanged, refused with every field error in `lang`), counts and a `planId`; nothing is written. With `format=csv` the verdicts as a CSV file.',
    'Each dry-run row is a duplicate check and counts against the same per-caller limit as PUT /api/v1/admin/member/duplicates: a row that identifies nobody while a stored person bears its name or matches it in part is a miss (a name nobody bears costs nothing). Over the limit → 429 `duplicate_check_limited` with Retry-After (seconds, also in `value`), and no plan.',
    'Without dryRun, with `planId` (query or form field) and the same file and mapping: applies exactly that plan in one transaction, 201 with the `importId`; 409 plan_changed (run the dry run again) when the data changed since. Imports run one at a time: a parallel import of the same plan, or one naming the same new persons, waits and then answers 409 plan_changed.',
  ].join('\n\n'),
  request: {
    params: z.object({ orgId: orgIdParam }),
    query: memberImportQuerySchema,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: binary, mapping: z.string().optional(), sheet: z.string().optional(), planId: z.string().optional() }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The dry run',
      content: { ...json(ImportDryRunSchema), 'text/csv': { schema: z.string() } },
    },
    201: { description: 'Imported', content: json(ImportResultSchema) },
    ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
};

export const undo = createRoute({
  method: 'post',
  path: '/api/v1/admin/members/imports/{importId}/undo',
  operationId: 'undoMemberImport',
  ...who,
  tags,
  summary: 'Take back a whole member import (the same day)',
  description:
    'Removes the persons it created, deletes the memberships it gave, restores the fields it changed; by the club or the federation. 409 changed_since (value: the rows, each {line, verdict, memberId}) when any of them was changed since, and nothing is undone; 409 already_undone; 409 undo_expired after the day of the import.',
  request: { params: z.object({ importId: z.uuid().meta({ description: "The import's id" }) }) },
  responses: { 200: { description: 'Undone', content: json(ImportUndoSchema) }, ...errorResponses(401, 403, 404, 409, 422) },
});

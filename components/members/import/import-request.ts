import type { ImportField } from '@/lib/domain/member-import';
import { BASE_PATH } from '@/lib/domain/shell';
import { DUPLICATE_CHECK_WINDOW_MINUTES } from '@/lib/domain/member-duplicates';
import { minutesToWait } from '@/lib/domain/retry-after';
import { errorCodeOf } from '@/lib/upload';

/** What the import screen sends with its file: the chosen sheet and the user's column mapping. */
export interface ImportChoices {
  sheet: string | null;
  /** Column header → member field, or null to leave the column out. */
  mapping: Record<string, ImportField | null>;
}

/** The import's address through the admin proxy: dry run (also as CSV) or the import of a plan. */
export function importUrl(orgId: number, lang: string, step: { dryRun: true; format?: 'csv' } | { dryRun: false; planId: string }): string {
  const search = new URLSearchParams({ dryRun: String(step.dryRun) });
  if (!step.dryRun) search.set('planId', step.planId);
  search.set('lang', lang === 'en' ? 'en' : 'de');
  if (step.dryRun && step.format) search.set('format', step.format);
  return `${BASE_PATH}/api/v1/admin/members/${orgId}/import?${search.toString()}`;
}

/** The form fields before the file (the API reads them first while it streams the file). */
export function importFields(choices: ImportChoices, planId?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (choices.sheet) fields.sheet = choices.sheet;
  if (Object.keys(choices.mapping).length > 0) fields.mapping = JSON.stringify(choices.mapping);
  if (planId) fields.planId = planId;
  return fields;
}

/** The file types the import reads. */
export const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function isImportFileName(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name);
}

/**
 * A dry run refused by the duplicate-check limit (the member screen's limit, which the dry run's
 * rows count against): the minutes to wait, else null. Its text is the member screen's.
 */
export function duplicateCheckWait(status: number, body: unknown): number | null {
  if (status !== 429 || errorCodeOf(body) !== 'duplicate_check_limited') return null;
  return minutesToWait((body as { error?: { value?: unknown } }).error?.value, DUPLICATE_CHECK_WINDOW_MINUTES);
}

/** Key (in memberImport.screen.errors) of a refused upload's text. */
export function refusalKey(status: number, body: unknown): string {
  const code = errorCodeOf(body);
  switch (code) {
    case 'too_many_rows':
    case 'zip_bomb':
    case 'unreadable_file':
    case 'unknown_sheet':
    case 'not_a_club':
    case 'plan_changed':
      return code;
    case 'file_empty':
      return 'fileEmpty';
    default:
      break;
  }
  if (status === 413) return 'tooLarge';
  if (status === 415) return 'wrongType';
  if (status === 403) return 'forbidden';
  return 'generic';
}

import { FORM_ALL_MEMBERS } from '@/lib/domain/functions';
import { formPath } from '@/lib/domain/shell';

/**
 * `?duplicates=12,34` on form 52 opens the 'Duplikate' view on that pair (the create dialog's
 * link to a pair of candidates the report holds, so staff merge them instead of adding a third).
 */
export const DUPLICATES_PARAM = 'duplicates';

export const duplicatesPairHref = (orgId: number, aId: number, bId: number) =>
  `${formPath(orgId, FORM_ALL_MEMBERS)}?${DUPLICATES_PARAM}=${aId},${bId}`;

/** The pair a `?duplicates=` value names, or null for anything else. */
export function parsePairParam(value: string | null | undefined): [number, number] | null {
  const match = /^(\d{1,10}),(\d{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return a === b ? null : [a, b];
}

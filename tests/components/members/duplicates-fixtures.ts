import type { MergeAnswer } from '@/lib/schemas/member-merge';
import { MERGE_FIELDS } from '@/lib/domain/member-merge';

/** Pairs and merge plans for the 'Duplikate' view's tests. */

export const ANNA = { id: 101, firstName: 'Anna', surname: 'Müller', birthDate: '1990-03-04', regNr: 'A-17', city: 'Graz' };
export const ANNA_TWICE = { id: 202, firstName: 'Anna', surname: 'Mueller', birthDate: '1990-04-03', regNr: null, city: 'Linz' };
export const MERGE_ID = '0b6f2c7e-3d1a-4c55-9a8e-2f1d3c4b5a69';

/** A dry run of merging ANNA_TWICE into ANNA: surname and city differ. */
export function plan(overrides: Partial<MergeAnswer> = {}, picks: Record<string, 'survivor' | 'merged'> = {}): MergeAnswer {
  const values: Record<string, [unknown, unknown]> = {
    firstName: ['Anna', 'Anna'],
    surname: ['Müller', 'Mueller'],
    birthDate: ['1990-03-04', '1990-03-04'],
    city: ['Graz', 'Linz'],
  };
  return {
    dryRun: true,
    mergeId: null,
    survivorId: ANNA.id,
    mergedId: ANNA_TWICE.id,
    survivorUpdatedAt: '2026-11-27T09:00:00.000Z',
    mergedUpdatedAt: '2026-11-26T08:00:00.000Z',
    fields: MERGE_FIELDS.map((field) => {
      const [survivor, merged] = values[field] ?? [null, null];
      const differs = survivor !== merged;
      return { field, survivor, merged, differs, chosen: differs ? (picks[field] ?? 'survivor') : 'survivor' };
    }),
    login: null,
    moves: [
      { place: 'member_trainings.member_id', what: 'trainings', rule: 'move', rows: 2 },
      { place: 'function_assignments.member_id', what: 'memberships and functions', rule: 'join-periods', rows: 3, joined: 1 },
    ],
    conflicts: [],
    ...overrides,
  };
}

import {
  bothLoginsRecent,
  joinedPeriod,
  licenceYearConflicts,
  mayUndoMerge,
  periodsJoin,
  planFields,
  MERGE_FIELDS,
} from '@/lib/domain/member-merge';

const fields = (over: Record<string, unknown>) => Object.fromEntries(MERGE_FIELDS.map((f) => [f, over[f] ?? null])) as never;

describe('merging two records of one person', () => {
  it('keeps the picked value where the records differ, else the survivor’s unless it is empty', () => {
    const plan = planFields(
      fields({ city: 'Baden', zip: null, surname: 'Huber' }),
      fields({ city: 'Wien', zip: '1010', surname: 'Huber' }),
      {
        city: 'merged',
        surname: 'merged',
      },
    );
    const by = Object.fromEntries(plan.map((p) => [p.field, p]));
    expect(by.city).toMatchObject({ differs: true, chosen: 'merged' });
    expect(by.zip).toMatchObject({ differs: true, chosen: 'merged' });
    // a pick where nothing differs changes nothing
    expect(by.surname).toMatchObject({ differs: false, chosen: 'survivor' });
    expect(planFields(fields({ city: 'Baden' }), fields({ city: 'Wien' })).find((p) => p.field === 'city')!.chosen).toBe('survivor');
  });

  it('joins periods of one function that overlap or touch, and no others', () => {
    expect(periodsJoin({ dateFrom: '2020-01-01', dateTo: '2020-12-31' }, { dateFrom: '2021-01-01', dateTo: '2021-06-30' })).toBe(true);
    expect(periodsJoin({ dateFrom: '2020-01-01', dateTo: '2020-12-30' }, { dateFrom: '2021-01-01', dateTo: '2021-06-30' })).toBe(false);
    expect(joinedPeriod({ dateFrom: '2020-03-01', dateTo: '2020-12-31' }, { dateFrom: '2019-01-01', dateTo: '2020-06-30' })).toEqual({
      dateFrom: '2019-01-01',
      dateTo: '2020-12-31',
    });
  });

  it('blocks two licences of one year in different clubs, not in the same club', () => {
    const l = (orgId: number, from: string, to: string) => ({ orgId, dateFrom: from, dateTo: to });
    expect(licenceYearConflicts([l(11, '2025-01-01', '2025-12-31')], [l(18, '2025-03-01', '2025-12-31')], 2026)).toEqual([2025]);
    expect(licenceYearConflicts([l(11, '2025-01-01', '2025-12-31')], [l(11, '2025-03-01', '2025-12-31')], 2026)).toEqual([]);
    expect(licenceYearConflicts([l(11, '2024-01-01', '2024-12-31')], [l(18, '2025-01-01', '2025-12-31')], 2026)).toEqual([]);
  });

  it('blocks two logins only when both were used within 30 days', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    expect(bothLoginsRecent({ survivor: daysAgo(2), merged: daysAgo(29) }, now)).toBe(true);
    expect(bothLoginsRecent({ survivor: daysAgo(2), merged: daysAgo(31) }, now)).toBe(false);
    expect(bothLoginsRecent({ survivor: daysAgo(2), merged: null }, now)).toBe(false);
  });

  it('can be undone on the day of the merge only', () => {
    expect(mayUndoMerge(new Date(2026, 10, 27, 8, 0), new Date(2026, 10, 27, 23, 59))).toBe(true);
    expect(mayUndoMerge(new Date(2026, 10, 27, 23, 59), new Date(2026, 10, 28, 0, 1))).toBe(false);
  });
});

import {
  addDaysIso,
  addMonthsIso,
  completeIsoDate,
  formatDisplayDate,
  formatDisplayDateTime,
  parseDisplayDate,
  todayIso,
} from '@/lib/domain/dates';

describe('display dates (DD.MM.YYYY) without a date library', () => {
  it.each([
    ['2011-01-04', '04.01.2011'],
    ['2024-02-29', '29.02.2024'],
    ['2023-02-29', ''],
    ['2023-13-01', ''],
    ['2023-00-10', ''],
    ['2999-12-31', '31.12.2999'],
    ['0999-05-06', '06.05.0999'],
    ['', ''],
    [null, ''],
    ['garbage', ''],
    ['4.1.2011', ''],
  ])('shows %p as %p', (iso, shown) => {
    expect(formatDisplayDate(iso)).toBe(shown);
  });

  it('shows a timestamp as its local calendar day', () => {
    const stamp = new Date(2026, 10, 23, 23, 30).toISOString();
    expect(formatDisplayDate(stamp)).toBe('23.11.2026');
    expect(formatDisplayDate('2026-11-23T25:00:00Z')).toBe('');
  });

  it.each([
    ['04.01.2011', '2011-01-04'],
    [' 4.1.2011 ', '2011-01-04'],
    ['29.02.2024', '2024-02-29'],
    ['29.02.2023', null],
    ['31.04.2024', null],
    ['1.13.2024', null],
    ['2011-01-04', null],
    ['04.01.11', null],
  ])('reads %p as %p', (text, iso) => {
    expect(parseDisplayDate(text)).toBe(iso);
  });

  it("gives today's local date as YYYY-MM-DD", () => {
    expect(todayIso(new Date(2026, 0, 5, 0, 5))).toBe('2026-01-05');
    expect(todayIso(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('formatDisplayDateTime', () => {
  it('shows a timestamp as DD.MM.YYYY HH:mm in local time', () => {
    const local = new Date(2026, 4, 4, 9, 7);
    expect(formatDisplayDateTime(local.toISOString())).toBe('04.05.2026 09:07');
  });

  it.each([null, undefined, '', '2026-05-04', 'gestern', '2026-13-45T99:99:00Z'])('gives nothing for %p', (value) => {
    expect(formatDisplayDateTime(value)).toBe('');
  });
});

describe('completeIsoDate: partial text is never a date', () => {
  it('passes a complete, real calendar day', () => {
    expect(completeIsoDate('2025-03-01')).toBe('2025-03-01');
    expect(completeIsoDate('2024-02-29')).toBe('2024-02-29');
  });

  it.each(['', '1', '12.0', '01.03.2025', '2025-0', '2025-03-1', '2025-02-30', '2025-13-01', ' 2025-03-01', 'NaN-NaN-NaN'])(
    'refuses %p',
    (text) => {
      expect(completeIsoDate(text)).toBeNull();
    },
  );

  it('refuses nothing at all', () => {
    expect(completeIsoDate(null)).toBeNull();
    expect(completeIsoDate(undefined)).toBeNull();
  });
});

describe('calendar arithmetic on YYYY-MM-DD (the tournament date limits)', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDaysIso('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDaysIso('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysIso('2025-03-30', 1)).toBe('2025-03-31'); // the daylight saving change does not shift the day
  });
  it('adds months, a day the target month lacks becoming its last day', () => {
    expect(addMonthsIso('2025-06-15', 24)).toBe('2027-06-15');
    expect(addMonthsIso('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsIso('2022-02-28', 24)).toBe('2024-02-28');
    expect(addMonthsIso('2024-02-29', 24)).toBe('2026-02-28');
    expect(addMonthsIso('2025-03-31', -1)).toBe('2025-02-28');
  });
});

import {
  addDays,
  addMonths,
  ageClass,
  ageInYear,
  AGE_CLASSES,
  birthDateRange,
  isActiveOn,
  isBirthDateAllowed,
  isLicenceActive,
  isMembershipEndDateAllowed,
  isOpenEnded,
  latestBirthDate,
  licenceSeason,
  membershipEndDateRange,
  periodState,
  trainingValidTo,
} from '@/lib/domain/members';

describe('ageClass: by the age reached in the calendar year', () => {
  // Each row: the class, the youngest and the oldest age reached in the year that still belong to it.
  const table: Array<[string, number, number]> = [
    ['U10', 0, 9],
    ['U13', 10, 12],
    ['U15', 13, 14],
    ['U18', 15, 17],
    ['U21', 18, 20],
    ['Allgem. Klasse', 21, 49],
    ['50+', 50, 64],
    ['65+', 65, 110],
  ];

  it.each(table)('%s covers ages %i to %i', (cls, min, max) => {
    const year = 2026;
    for (const today of [`${year}-01-01`, `${year}-06-30`, `${year}-12-31`]) {
      // Born on 31 December of the year giving the youngest age, and on 1 January of the oldest.
      expect(ageClass(`${year - min}-12-31`, today)).toBe(cls);
      expect(ageClass(`${year - max}-01-01`, today)).toBe(cls);
    }
  });

  it('changes on 1 January, not on the birthday (cut-off days)', () => {
    // Born 31.12.2016: reaches 10 in 2026 → U13 from 1 January 2026, although only 9 until New Year's Eve.
    expect(ageClass('2016-12-31', '2025-12-31')).toBe('U10');
    expect(ageClass('2016-12-31', '2026-01-01')).toBe('U13');
    // Born 01.01.2006: turns 20 on 1 January 2026 → still U21 all of 2026, general class on 1 January 2027.
    expect(ageClass('2006-01-01', '2026-12-31')).toBe('U21');
    expect(ageClass('2005-12-31', '2026-01-01')).toBe('Allgem. Klasse');
    // 50 and 65 on their birthday in the middle of the year: the class applies from 1 January.
    expect(ageClass('1976-07-15', '2026-01-01')).toBe('50+');
    expect(ageClass('1977-01-01', '2026-12-31')).toBe('Allgem. Klasse');
    expect(ageClass('1961-12-31', '2026-01-01')).toBe('65+');
    expect(ageClass('1962-01-01', '2026-12-31')).toBe('50+');
  });

  it('computes the age as current year minus birth year', () => {
    expect(ageInYear('2000-12-31', '2026-01-01')).toBe(26);
  });

  it.each(AGE_CLASSES.map((c) => [c]))('birthDateRange(%s) holds exactly the birth dates of the class', (cls) => {
    const today = '2026-05-05';
    const { from, to } = birthDateRange(cls, today);
    if (from) {
      expect(ageClass(from, today)).toBe(cls);
      expect(ageClass(addDays(from, -1), today)).not.toBe(cls);
    }
    if (to) {
      expect(ageClass(to, today)).toBe(cls);
      expect(ageClass(addDays(to, 1), today)).not.toBe(cls);
    }
  });
});

describe('isLicenceActive: end date plus about one day not past', () => {
  const today = '2026-03-10';
  it('is active when it ends today or later, expired when it ended yesterday', () => {
    expect(isLicenceActive('2026-03-10', today)).toBe(true);
    expect(isLicenceActive('2026-03-11', today)).toBe(true);
    expect(isLicenceActive('2026-03-09', today)).toBe(false);
  });
  it('treats year 2999 and later as never ending', () => {
    expect(isLicenceActive('2999-12-31', today)).toBe(true);
    expect(isLicenceActive('3000-01-01', today)).toBe(true);
  });
  it('is not active before it starts', () => {
    expect(isLicenceActive('2026-12-31', today, '2026-03-11')).toBe(false);
    expect(isLicenceActive('2026-12-31', today, '2026-03-10')).toBe(true);
  });
  it('works across month and year ends', () => {
    expect(isLicenceActive('2025-12-31', '2026-01-01')).toBe(false);
    expect(isLicenceActive('2025-12-31', '2025-12-31')).toBe(true);
    expect(isLicenceActive('2024-02-29', '2024-03-01')).toBe(false);
  });
});

describe('open-ended marker', () => {
  it('starts at year 2999', () => {
    expect(isOpenEnded('2998-12-31')).toBe(false);
    expect(isOpenEnded('2999-01-01')).toBe(true);
    expect(isOpenEnded('2999-12-31')).toBe(true);
    expect(isOpenEnded(null)).toBe(false);
  });
});

describe('isActiveOn', () => {
  it('includes both the first and the last day', () => {
    expect(isActiveOn('2026-01-01', '2026-12-31', '2026-01-01')).toBe(true);
    expect(isActiveOn('2026-01-01', '2026-12-31', '2026-12-31')).toBe(true);
    expect(isActiveOn('2026-01-01', '2026-12-31', '2027-01-01')).toBe(false);
    expect(isActiveOn('2026-01-02', '2026-12-31', '2026-01-01')).toBe(false);
  });
});

describe('licenceSeason: year of (licence date + 1 day) − 1', () => {
  it.each([
    ['2025-12-31', 2025],
    ['2025-12-30', 2024],
    ['2025-09-30', 2024],
    ['2026-01-01', 2025],
    ['2024-12-31', 2024],
  ])('%s → season %i', (date, season) => {
    expect(licenceSeason(date)).toBe(season);
  });
  it('has no season for an open-ended licence', () => {
    expect(licenceSeason('2999-12-31')).toBeNull();
  });
});

describe('membership end date: today up to 364 days ahead', () => {
  const today = '2026-03-10';
  it('allows today and the 364th day, refuses yesterday and the 365th day', () => {
    expect(membershipEndDateRange(today)).toEqual({ min: '2026-03-10', max: '2027-03-09' });
    expect(isMembershipEndDateAllowed('2026-03-10', today)).toBe(true);
    expect(isMembershipEndDateAllowed('2027-03-09', today)).toBe(true);
    expect(isMembershipEndDateAllowed('2026-03-09', today)).toBe(false);
    expect(isMembershipEndDateAllowed('2027-03-10', today)).toBe(false);
  });
  it('refuses anything that is not a date', () => {
    expect(isMembershipEndDateAllowed('10.03.2026', today)).toBe(false);
    expect(isMembershipEndDateAllowed('', today)).toBe(false);
  });
  it('counts a leap year correctly', () => {
    expect(membershipEndDateRange('2027-03-10').max).toBe('2028-03-08');
  });
});

describe('birth date at least 2 years back', () => {
  it('allows exactly two years ago, refuses a day later', () => {
    expect(latestBirthDate('2026-03-10')).toBe('2024-03-10');
    expect(isBirthDateAllowed('2024-03-10', '2026-03-10')).toBe(true);
    expect(isBirthDateAllowed('2024-03-11', '2026-03-10')).toBe(false);
  });
  it('maps 29 February to 28 February two years on', () => {
    expect(latestBirthDate('2026-02-28')).toBe('2024-02-28');
    expect(latestBirthDate('2028-02-29')).toBe('2026-02-28');
  });
});

describe('calendar helpers and training validity', () => {
  it('adds months clamping to the end of the month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-02', 24)).toBe('2027-03-02');
    expect(addMonths('2025-03-02', -3)).toBe('2024-12-02');
  });
  it('gives validTo = completion + validity months, null when valid forever', () => {
    expect(trainingValidTo('2025-03-02', 24)).toBe('2027-03-02');
    expect(trainingValidTo('2025-03-02', null)).toBeNull();
  });
});

describe('periodState: where a period stands on a day', () => {
  it.each([
    ['2027-01-01', '2027-12-31', '2026-11-27', 'upcoming'],
    ['2027-01-01', '2027-12-31', '2027-01-01', 'active'],
    ['2027-01-01', '2027-12-31', '2027-12-31', 'active'],
    ['2027-01-01', '2027-12-31', '2028-01-01', 'ended'],
    ['2020-01-01', '2999-12-31', '2026-11-27', 'active'],
    ['2020-01-01', null, '2026-11-27', 'active'],
  ])('%s – %s on %s is %s', (from, to, today, state) => {
    expect(periodState(from, to, today)).toBe(state);
  });
});

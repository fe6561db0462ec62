import type { AgeBand } from '@/lib/domain/orders/age-bands';
import { eligibility, licenceCoversYear, type PersonFacts } from '@/lib/domain/orders/eligibility';
import { orderLines } from '@/lib/domain/orders/order-lines';

const TODAY = '2026-11-23';
const BANDS: AgeBand[] = [
  { min: 6, max: 20, licenceCents: 2500, printCents: 500 },
  { min: 21, max: 99, licenceCents: 4500, printCents: 700 },
];
const CATEGORY = { year: 2027, ageBands: BANDS };

/** Someone who may be ordered: trained, pictured, last licence for this season (2026), 36 years old. */
const OK: PersonFacts = {
  birthDate: '1990-05-01',
  licences: [{ dateFrom: '2026-01-01', dateTo: '2026-12-31' }],
  hasSafetyFirst: true,
  hasProfileImage: true,
  alreadyOrdered: false,
};

describe('who may be ordered a licence', () => {
  it('lets a trained, pictured person without a licence for the year be ordered, with their band', () => {
    const e = eligibility(OK, CATEGORY, TODAY);
    expect(e).toMatchObject({
      age: 36,
      season: 2026,
      licenceDate: '2026-12-31',
      active: false,
      disabled: false,
      alreadyOrdered: false,
      reasons: [],
      selectable: true,
    });
    expect(e.band?.licenceCents).toBe(4500);
  });

  it('lets a person who never held a licence be ordered', () => {
    expect(eligibility({ ...OK, licences: [] }, CATEGORY, TODAY)).toMatchObject({ season: null, licenceDate: null, selectable: true });
  });

  it.each([
    ['noSafetyFirst', { hasSafetyFirst: false }],
    ['noProfileImage', { hasProfileImage: false }],
    ['alreadyOrdered', { alreadyOrdered: true }],
    ['licenceActive', { licences: [{ dateFrom: '2027-01-01', dateTo: '2027-12-31' }] }],
    ['licenceActive', { licences: [{ dateFrom: '2015-01-01', dateTo: '2999-12-31' }] }],
    ['seasonNotBelowYear', { licences: [{ dateFrom: '2028-01-01', dateTo: '2028-12-31' }] }],
    ['outsideAgeBands', { birthDate: '2021-03-01' }],
    ['outsideAgeBands', { birthDate: '1926-03-01' }],
  ] as const)('refuses with %s', (reason, change) => {
    const e = eligibility({ ...OK, ...change }, CATEGORY, TODAY);
    expect(e.reasons).toEqual([reason]);
    expect(e.selectable).toBe(false);
  });

  it('takes the age bands inclusively at both ends (age = current year − birth year)', () => {
    expect(eligibility({ ...OK, birthDate: '2020-12-31' }, CATEGORY, TODAY)).toMatchObject({ age: 6, selectable: true });
    expect(eligibility({ ...OK, birthDate: '2021-01-01' }, CATEGORY, TODAY)).toMatchObject({
      age: 5,
      disabled: true,
      reasons: ['outsideAgeBands'],
    });
    expect(eligibility({ ...OK, birthDate: '1927-01-01' }, CATEGORY, TODAY)).toMatchObject({ age: 99, selectable: true });
    expect(eligibility({ ...OK, birthDate: '2006-06-06' }, CATEGORY, TODAY).band?.licenceCents).toBe(2500);
    expect(eligibility({ ...OK, birthDate: '2005-06-06' }, CATEGORY, TODAY).band?.licenceCents).toBe(4500);
  });

  it('gives every failed rule, in a fixed order', () => {
    const e = eligibility(
      { ...OK, hasSafetyFirst: false, hasProfileImage: false, alreadyOrdered: true, birthDate: '2022-01-01' },
      CATEGORY,
      TODAY,
    );
    expect(e.reasons).toEqual(['noSafetyFirst', 'outsideAgeBands', 'alreadyOrdered', 'noProfileImage']);
  });

  it('computes the season as year of (licence date + 1 day) − 1', () => {
    // A licence ending 30 September closes the previous season; one ending 31 December its own year.
    expect(eligibility({ ...OK, licences: [{ dateFrom: '2026-10-01', dateTo: '2027-09-30' }] }, CATEGORY, TODAY)).toMatchObject({
      season: 2026,
      selectable: true,
    });
    expect(eligibility({ ...OK, licences: [{ dateFrom: '2026-10-01', dateTo: '2027-12-30' }] }, CATEGORY, TODAY)).toMatchObject({
      season: 2026,
      selectable: true,
    });
    expect(eligibility({ ...OK, licences: [{ dateFrom: '2027-01-01', dateTo: '2027-12-31' }] }, CATEGORY, TODAY)).toMatchObject({
      season: 2027,
      active: true,
      selectable: false,
    });
    // The latest licence decides, whatever order they come in.
    const two = [
      { dateFrom: '2027-01-01', dateTo: '2027-12-31' },
      { dateFrom: '2025-01-01', dateTo: '2025-12-31' },
    ];
    expect(eligibility({ ...OK, licences: two }, CATEGORY, TODAY)).toMatchObject({ licenceDate: '2027-12-31', season: 2027 });
  });

  it('counts an open-ended licence only from the year it starts', () => {
    expect(licenceCoversYear({ dateFrom: '2027-12-31', dateTo: '2999-12-31' }, 2027)).toBe(true);
    expect(licenceCoversYear({ dateFrom: '2028-01-01', dateTo: '2999-12-31' }, 2027)).toBe(false);
    expect(licenceCoversYear({ dateFrom: '2027-01-01', dateTo: null }, 2027)).toBe(true);
    expect(licenceCoversYear({ dateFrom: '2026-01-01', dateTo: '2026-12-31' }, 2027)).toBe(false);
  });
});

describe('order lines from a request', () => {
  const facts = new Map<number, PersonFacts>([
    [1, OK],
    [2, { ...OK, birthDate: '2010-02-02' }],
    [3, { ...OK, hasSafetyFirst: false }],
  ]);

  it('prices each person from the category, with print when asked', () => {
    const result = orderLines(
      [
        { memberId: 1, print: true },
        { memberId: 2, print: false },
      ],
      facts,
      CATEGORY,
      TODAY,
    );
    expect(result).toEqual({
      ok: true,
      lines: [
        { memberId: 1, print: true, priceCents: 4500, printCents: 700, sumCents: 5200 },
        { memberId: 2, print: false, priceCents: 2500, printCents: 0, sumCents: 2500 },
      ],
    });
  });

  it('refuses the first ineligible person, naming them and the reason', () => {
    expect(
      orderLines(
        [
          { memberId: 1, print: false },
          { memberId: 3, print: false },
        ],
        facts,
        CATEGORY,
        TODAY,
      ),
    ).toEqual({
      ok: false,
      refusal: { memberId: 3, reason: 'noSafetyFirst' },
    });
  });

  it('refuses a person twice in one request and a person it knows nothing about', () => {
    expect(
      orderLines(
        [
          { memberId: 1, print: false },
          { memberId: 1, print: true },
        ],
        facts,
        CATEGORY,
        TODAY,
      ),
    ).toMatchObject({ ok: false, refusal: { memberId: 1, reason: 'duplicateInRequest' } });
    expect(orderLines([{ memberId: 9, print: false }], facts, CATEGORY, TODAY)).toMatchObject({
      ok: false,
      refusal: { memberId: 9, reason: 'unknownPerson' },
    });
  });
});

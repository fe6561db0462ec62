import { ageBandProblems, bandForAge, orderAge, type AgeBand } from '@/lib/domain/orders/age-bands';
import { clubFeeTotal, DEFAULT_ORDER_BASE_CENTS, licenceOrderTotal, personPrice } from '@/lib/domain/orders/pricing';

const BANDS: AgeBand[] = [
  { min: 0, max: 9, licenceCents: 1500, printCents: 500 },
  { min: 10, max: 20, licenceCents: 2500, printCents: 500 },
  { min: 21, max: 64, licenceCents: 4500, printCents: 700 },
  { min: 65, max: 99, licenceCents: 3000, printCents: 700 },
];

describe('age for ordering', () => {
  it('is the current year minus the birth year, whatever the birthday', () => {
    expect(orderAge('2016-12-31', '2026-01-01')).toBe(10);
    expect(orderAge('2016-01-01', '2026-12-31')).toBe(10);
  });
});

describe('age bands (both ends inclusive)', () => {
  it.each([
    [0, 1500],
    [9, 1500],
    [10, 2500],
    [20, 2500],
    [21, 4500],
    [64, 4500],
    [65, 3000],
    [99, 3000],
  ])('age %p is in the band costing %p', (age, cents) => {
    expect(bandForAge(BANDS, age)?.licenceCents).toBe(cents);
  });

  it('finds no band outside them', () => {
    expect(bandForAge(BANDS, 100)).toBeNull();
    expect(bandForAge(BANDS, -1)).toBeNull();
    expect(bandForAge([], 30)).toBeNull();
  });

  it('names overlapping, reversed and negative bands', () => {
    expect(ageBandProblems(BANDS)).toEqual([]);
    expect(ageBandProblems([...BANDS, { min: 64, max: 70, licenceCents: 1, printCents: 0 }])).toEqual(
      expect.arrayContaining([expect.stringContaining('overlap')]),
    );
    expect(ageBandProblems([{ min: 30, max: 20, licenceCents: 1, printCents: 0 }])).toHaveLength(1);
    expect(ageBandProblems([{ min: 0, max: 20, licenceCents: -1, printCents: 0 }])).toHaveLength(1);
  });
});

describe('person sum = licence price if ordered + print price if printed', () => {
  it('adds the print price of the band only when printed', () => {
    expect(personPrice(BANDS, 21, { order: true, print: false })).toEqual({ licenceCents: 4500, printCents: 0, sumCents: 4500 });
    expect(personPrice(BANDS, 21, { order: true, print: true })).toEqual({ licenceCents: 4500, printCents: 700, sumCents: 5200 });
    expect(personPrice(BANDS, 9, { order: true, print: true })?.sumCents).toBe(2000);
  });

  it('charges nothing for a person not ordered, even with print ticked', () => {
    expect(personPrice(BANDS, 21, { order: false, print: true })).toEqual({ licenceCents: 0, printCents: 0, sumCents: 0 });
  });

  it('has no price for an age outside every band', () => {
    expect(personPrice(BANDS, 100, { order: true, print: false })).toBeNull();
  });
});

describe('order totals', () => {
  it('adds the base amount of 149 € to the person sums', () => {
    expect(DEFAULT_ORDER_BASE_CENTS).toBe(14900);
    expect(licenceOrderTotal([4500, 5200])).toBe(14900 + 9700);
    expect(licenceOrderTotal([])).toBe(14900);
    expect(licenceOrderTotal([4500], 0)).toBe(4500);
  });

  it('makes a club fee cost the category price', () => {
    expect(clubFeeTotal(12000)).toBe(12000);
    expect(clubFeeTotal(0)).toBe(0);
    expect(clubFeeTotal(null)).toBeNull();
    expect(clubFeeTotal(-1)).toBeNull();
  });
});

/**
 * Age bands of a licence category: ages `min` to `max`, both inclusive, with the licence price
 * and the price of a printed card (cents). A person's age is the current year minus their birth
 * year; the first band containing it applies.
 */
export type AgeBand = { min: number; max: number; licenceCents: number; printCents: number };

/** Age in the year of `today`: current year minus birth year (the birthday itself does not matter). */
export function orderAge(birthDate: string, today: string): number {
  return Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
}

export function bandForAge(bands: readonly AgeBand[], age: number): AgeBand | null {
  return bands.find((b) => b.min <= age && age <= b.max) ?? null;
}

/**
 * The bands (their positions in the list as given) whose ages overlap another band's: each of
 * them is where a form shows the overlap.
 */
export function overlappingBands(bands: readonly Pick<AgeBand, 'min' | 'max'>[]): number[] {
  return bands.flatMap((b, i) => (bands.some((o, j) => j !== i && o.min <= b.max && b.min <= o.max) ? [i] : []));
}

/** Problems of a list of bands as a form would name them; empty when the bands are usable. */
export function ageBandProblems(bands: readonly AgeBand[]): string[] {
  const problems: string[] = [];
  const sorted = [...bands].sort((a, b) => a.min - b.min);
  sorted.forEach((b, i) => {
    if (!Number.isInteger(b.min) || !Number.isInteger(b.max) || b.min < 0) problems.push(`band ${i + 1}: ages must be whole numbers ≥ 0`);
    else if (b.min > b.max) problems.push(`band ${b.min}–${b.max}: the first age is above the last`);
    if (!Number.isSafeInteger(b.licenceCents) || b.licenceCents < 0 || !Number.isSafeInteger(b.printCents) || b.printCents < 0) {
      problems.push(`band ${b.min}–${b.max}: prices must be amounts ≥ 0`);
    }
    const next = sorted[i + 1];
    if (next && next.min <= b.max) problems.push(`bands ${b.min}–${b.max} and ${next.min}–${next.max} overlap`);
  });
  return problems;
}

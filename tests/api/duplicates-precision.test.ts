/** @jest-environment node */
import { seedDemo } from '@/server/db/seed';
import { buildDuplicateSeed } from '@/server/db/seed/duplicate-pairs';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import type { TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * How well the federation's duplicates report tells persons entered twice from persons who only
 * look alike, on the demo data: 500 generated members plus the seed's 50 persons entered twice
 * (umlauts written out, typos, names or day and month swapped, accents dropped, double names in
 * part) and 50 pairs of look-alikes (same name a generation apart, twins, siblings).
 * Precision = reported pairs that are one person ÷ all reported pairs; recall = persons entered
 * twice that the report lists ÷ 50. Both stay at least where they were measured.
 */

const MEMBERS = 500;
const MIN_RECALL = 0.95;
const MIN_PRECISION = 0.9;

type Pair = { a: { id: number }; b: { id: number } };

describe.each(testDrivers())('duplicates report precision and recall on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  const year = new Date().getFullYear();
  const seeded = buildDuplicateSeed(year);
  const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  const truePairs = new Set(seeded.truePairs.map(([a, b]) => key(a, b)));
  const nearMisses = new Set(seeded.nearMisses.map(([a, b]) => key(a, b)));

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband']));
    // the full demo data over the shared small set: the generated members and the duplicates
    await seedDemo(tdb.db, { members: MEMBERS, year });
  }, 180_000);
  afterAll(() => closeApi({ tdb, t }));

  const report = async () => {
    const pairs: Pair[] = [];
    for (let page = 1; ; page++) {
      const res = await callsWith(t, tokens.verband).get(`/api/v1/admin/duplicates?size=100&page=${page}`);
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      pairs.push(...res.body.items);
      if (pairs.length >= res.body.total || res.body.items.length === 0) return pairs;
    }
  };

  it('finds the persons entered twice and leaves most look-alikes out', async () => {
    const reported = (await report()).map((p) => key(p.a.id, p.b.id));
    const found = reported.filter((k) => truePairs.has(k));
    const precision = reported.length ? found.length / reported.length : 0;
    const recall = found.length / truePairs.size;
    const missed = [...truePairs].filter((k) => !reported.includes(k));
    const lookAlikes = reported.filter((k) => nearMisses.has(k));
    const others = reported.filter((k) => !truePairs.has(k) && !nearMisses.has(k));
    console.log(
      `[duplicates ${driver}] ${reported.length} pairs reported: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(missed ${missed.join(' ') || 'none'}; look-alikes reported ${lookAlikes.join(' ') || 'none'}; other pairs ${others.join(' ') || 'none'})`,
    );
    expect(recall).toBeGreaterThanOrEqual(MIN_RECALL);
    expect(precision).toBeGreaterThanOrEqual(MIN_PRECISION);
  });
});

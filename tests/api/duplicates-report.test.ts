/** @jest-environment node */
import { callsWith, closeApi, openApi } from './helpers/open-api';
import type { TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * The duplicates report: pairs scored by the create dialog's duplicate rules (spelling, swapped
 * names, day and month swapped), near misses left out, paged; "not the same person" removes a pair
 * for good; the federation sees everyone, a state association its own clubs, a club nothing.
 */

type Pair = { a: { id: number }; b: { id: number }; score: number; reasons: string[] };

describe.each(testDrivers())('duplicates report on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'land', 'verein']));
    const create = async (key: string, orgId: number, firstName: string, surname: string, birthDate: string) => {
      const res = await as('verband').post('/api/v1/admin/member', { orgId, firstName, surname, birthDate, gender: 'm' });
      if (res.status !== 201) throw new Error(`${key}: ${res.status} ${JSON.stringify(res.body)}`);
      ids[key] = res.body.id;
    };
    await create('mueller', 11, 'Jürgen', 'Müller', '1971-04-23');
    await create('muller', 11, 'Juergen', 'Mueller', '1971-04-23');
    await create('swappedA', 11, 'Quirin', 'Brandstätter', '1966-02-09');
    await create('swappedB', 18, 'Brandstätter', 'Quirin', '1966-02-09');
    await create('dayMonthA', 11, 'Waltraud', 'Oberhuber', '1959-03-07');
    await create('dayMonthB', 11, 'Waltraud', 'Oberhuber', '1959-07-03');
    // near misses: same name, another birth date; same birth date, another person
    await create('missA', 11, 'Leopold', 'Zauner', '1980-01-15');
    await create('missB', 11, 'Leopold', 'Zauner', '1981-01-15');
    await create('missC', 11, 'Leonhard', 'Zeilinger', '1980-01-15');
  }, 60_000);
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  const report = async (who: string, query = '') => {
    const pairs: Pair[] = [];
    for (let page = 1; ; page++) {
      const res = await as(who).get(`/api/v1/admin/duplicates?size=100&page=${page}${query}`);
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      pairs.push(...res.body.items);
      if (pairs.length >= res.body.total) return pairs;
    }
  };
  const pairOf = (pairs: Pair[], x: string, y: string) =>
    pairs.find((p) => [p.a.id, p.b.id].sort().join() === [ids[x], ids[y]].sort().join());

  it('lists the pairs the duplicate rules find, with score and reasons, best first, and leaves near misses out', async () => {
    const pairs = await report('verband');
    expect(pairOf(pairs, 'mueller', 'muller')).toMatchObject({ reasons: ['name_spelling', 'same_birth_date'], score: 90 });
    expect(pairOf(pairs, 'swappedA', 'swappedB')).toMatchObject({ reasons: ['swapped_names', 'same_birth_date'] });
    expect(pairOf(pairs, 'dayMonthA', 'dayMonthB')).toMatchObject({ reasons: ['same_name', 'swapped_day_month'] });
    expect(pairOf(pairs, 'missA', 'missB')).toBeUndefined();
    expect(pairOf(pairs, 'missA', 'missC')).toBeUndefined();
    const scores = pairs.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });

  it('pages', async () => {
    const all = await report('verband');
    const second = await as('verband').get('/api/v1/admin/duplicates?size=1&page=2');
    expect(second.body).toMatchObject({ total: all.length, page: 2, size: 1 });
    expect(second.body.items).toEqual([all[1]]);
  });

  it('shows a state association the pairs within its clubs only, and no club anything', async () => {
    const own = await report('land', '&org=4');
    expect(pairOf(own, 'mueller', 'muller')).toBeDefined();
    // one of the swapped pair is in a club of another state
    expect(pairOf(own, 'swappedA', 'swappedB')).toBeUndefined();
    expect((await as('land').get('/api/v1/admin/duplicates?org=18')).status).toBe(403);
    expect((await as('verein').get('/api/v1/admin/duplicates?org=11')).status).toBe(403);
    expect((await as('verein').post('/api/v1/admin/duplicates/dismiss', { aId: ids.mueller, bId: ids.muller })).status).toBe(403);
  });

  it("takes a pair marked 'not the same person' out of the report for good", async () => {
    const dismissed = await as('land').post('/api/v1/admin/duplicates/dismiss', { aId: ids.dayMonthB, bId: ids.dayMonthA });
    expect(dismissed.status).toBe(200);
    expect(pairOf(await report('verband'), 'dayMonthA', 'dayMonthB')).toBeUndefined();
    // twice is fine; a pair across the state's border is refused
    expect((await as('verband').post('/api/v1/admin/duplicates/dismiss', { aId: ids.dayMonthA, bId: ids.dayMonthB })).status).toBe(200);
    expect((await as('land').post('/api/v1/admin/duplicates/dismiss', { aId: ids.swappedA, bId: ids.swappedB })).status).toBe(403);
    expect((await as('verband').post('/api/v1/admin/duplicates/dismiss', { aId: ids.swappedA, bId: ids.swappedA })).status).toBe(422);
  });
});

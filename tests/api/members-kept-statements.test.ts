/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Member lists and searches keep one statement per shape (sort, direction, number of search words,
 * of organisations and of functions) and fill in the words, the ids, the day and the page each
 * time: one search after another (same shape, other words, other organisations, other functions,
 * other pages) answers each its own members, in the same order and with the same total as the CSV
 * export of the same query, or a filtered list, which build their query anew.
 */

type Item = { surname: string; firstName: string };

describe.each(testDrivers())('member lists and searches, statement kept per shape, on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let token: string;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land']));
    token = tokens.verband;
  });
  afterAll(() => closeApi({ tdb, t }));

  /** The names of the export of the same query, in its order (cells 2 and 3 of each line; no cell here holds ';' or a line break). */
  async function exported(query: string, orgId = 1, who = 'verband'): Promise<string[]> {
    const res = await t.app.request(`/api/v1/admin/members/${orgId}/export.csv?${query}`, {
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1);
    return lines.map((line) => {
      const cells = line.split(';');
      return `${cells[2]} ${cells[3]}`;
    });
  }

  async function listed(url: string, query: string, pageSize: number, who = 'verband') {
    const names: string[] = [];
    let total = -1;
    for (let page = 1; total < 0 || names.length < total; page++) {
      const res = await call(t.app, 'GET', `${url}?${query}&pageSize=${pageSize}&page=${page}`, { token: tokens[who] });
      expect(res.status).toBe(200);
      total = res.body.total;
      if (res.body.items.length === 0) break;
      names.push(...(res.body.items as Item[]).map((m) => `${m.surname} ${m.firstName}`));
    }
    return { names, total };
  }

  it.each([
    ['q=e&sort=surname&dir=asc', 4],
    ['q=a&sort=surname&dir=asc', 4],
    ['q=er&sort=surname&dir=asc', 3],
    ['q=a%20e&sort=birthDate&dir=desc', 5],
    ['q=n%20r&sort=birthDate&dir=desc', 5],
    ['sort=firstName&dir=desc', 25],
    ['sort=surname&dir=asc', 20],
  ])('answers %s page by page as the export lists it', async (query, pageSize) => {
    const expected = await exported(query);
    expect(expected.length).toBeGreaterThan(pageSize); // more than one page
    for (const url of ['/api/v1/admin/members', '/api/v1/admin/members/1']) {
      const { names, total } = await listed(url, query, pageSize);
      expect(total).toBe(expected.length);
      expect(names).toEqual(expected);
    }
  });

  it('finds nobody for words nobody has, and counts a page past the end', async () => {
    const none = await call(t.app, 'GET', '/api/v1/admin/members?q=zzqx', { token });
    expect(none.body).toEqual({ items: [], total: 0 });
    const all = await call(t.app, 'GET', '/api/v1/admin/members?q=e&pageSize=5&page=1', { token });
    const past = await call(t.app, 'GET', '/api/v1/admin/members?q=e&pageSize=5&page=999', { token });
    expect(past.body.items).toEqual([]);
    expect(past.body.total).toBe(all.body.total);
  });

  // Club 11 and state association 4 alone are one organisation each, so the same statement; state
  // association 4 with its clubs is one of more organisations.
  it.each([
    ['verein', 11, 'q=e&sort=surname&dir=asc', 3],
    ['land', 4, 'q=e&sort=surname&dir=asc&onlyInOrg=true', 1],
    ['verein', 11, 'q=a&sort=surname&dir=asc', 2],
    ['land', 4, 'q=e&sort=surname&dir=asc', 4],
    ['land', 4, 'sort=surname&dir=asc', 5],
    ['verein', 11, 'sort=surname&dir=asc', 2],
  ] as const)("%s's list of organisation %s, %s, page by page as the export lists it", async (who, orgId, query, pageSize) => {
    const expected = await exported(query, orgId, who);
    expect(expected.length).toBeGreaterThan(0);
    const { names, total } = await listed(`/api/v1/admin/members/${orgId}`, query, pageSize, who);
    expect(total).toBe(expected.length);
    expect(names).toEqual(expected);
  });

  it('holders of a function, one function after another: the same as a list filtered for it', async () => {
    const searched = async (who: string, roles: string) => listed('/api/v1/admin/members/search', `name=e&roles=${roles}`, 3, who);
    // Function 29 is the licence: the search for its holders answers what the licence filter does.
    for (const [who, url] of [
      ['verband', '/api/v1/admin/members'],
      ['land', '/api/v1/admin/members/4'],
    ] as const) {
      const licensed = await listed(url, 'q=e&licence=active', 3, who);
      expect(licensed.total).toBeGreaterThan(3);
      const members = await searched(who, '1');
      expect(members.names).not.toEqual(licensed.names);
      expect(await searched(who, '29')).toEqual(licensed);
      // Two functions are another shape; with the licence among them, the licensed are all in it.
      const either = await searched(who, '1,29');
      expect(either.total).toBeGreaterThanOrEqual(licensed.total);
      expect(either.names).toEqual(expect.arrayContaining(licensed.names));
    }
  });
});

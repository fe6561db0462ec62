/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * The federation's member list and search over every member keep one statement per sort,
 * direction and number of search words and fill in the words and the page each time: one search
 * after another (same shape, other words, other pages) answers each its own members, in the same
 * order and with the same total as the CSV export of the same query, which builds its query anew.
 */

type Item = { surname: string; firstName: string };

describe.each(testDrivers())('federation member search, statement kept per shape, on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    let tokens: Record<string, string>;
    ({ tdb, t, tokens } = await openApi(driver, ['verband']));
    token = tokens.verband;
  });
  afterAll(() => closeApi({ tdb, t }));

  /** The names of the export of the same query, in its order (cells 2 and 3 of each line; no cell here holds ';' or a line break). */
  async function exported(query: string): Promise<string[]> {
    const res = await t.app.request(`/api/v1/admin/members/1/export.csv?${query}`, { headers: { authorization: `Bearer ${token}` } });
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

  async function listed(url: string, query: string, pageSize: number) {
    const names: string[] = [];
    let total = -1;
    for (let page = 1; total < 0 || names.length < total; page++) {
      const res = await call(t.app, 'GET', `${url}?${query}&pageSize=${pageSize}&page=${page}`, { token });
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
});

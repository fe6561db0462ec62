/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { client, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * The member search without `org` answers only the members the caller could also read one by one
 * through their member-form organisations: a club's trainer finds the club's members, a state
 * association those of itself and its clubs, the federation everyone. It used to answer the full
 * records (e-mail, phone, address, birth date) of the whole federation to any trainer.
 * Demo data: member 1 (federation staff) belongs to club 18 in Vienna; member 3 (state staff) to
 * club 12 in Lower Austria; members 2, 4, 5 to club 11 in Lower Austria.
 */

describe.each(testDrivers())('member search scope on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'trainer']));
  });
  afterAll(() => closeApi({ tdb, t }));

  // Typed calls (hono/testing): the query, the path parameters and the page answered are checked by tsc.
  const api = (who: string) => client(t, tokens[who]).api.v1.admin;
  const search = async (who: string, query: { name?: string; roles?: string; pageSize?: string }) => {
    const res = await api(who).members.search.$get({ query });
    expect(res.status).toBe(200);
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    return res.json();
  };
  const ids = (page: { items: Array<{ id: number }> }) => page.items.map((m) => m.id);

  it("does not give a club's trainer the members of other clubs", async () => {
    const byName = await search('trainer', { name: 'wallner' });
    expect(ids(byName)).not.toContain(1);
    expect(byName.total).toBe(0);
    // Nor by the functions they hold: federation staff (form 52 in organisation 1).
    expect((await search('trainer', { roles: '52' })).total).toBe(0);
    // Own club members are still found.
    expect(ids(await search('trainer', { name: 'steiner' }))).toContain(5);
  });

  it('answers exactly the members the caller may read one by one', async () => {
    for (const [who, home] of [
      ['trainer', 11],
      ['verein', 11],
      ['land', 4],
    ] as const) {
      const found = await search(who, { pageSize: '100' });
      const listed = await api(who).members[':orgId'].$get({ param: { orgId: String(home) }, query: { pageSize: '100' } });
      if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
      const list = await listed.json();
      expect(found.total).toBe(list.total);
      expect(new Set(ids(found))).toEqual(new Set(ids(list)));
      for (const id of ids(found).slice(0, 10)) {
        const one = await api(who).member[':orgId'][':memberId'].$get({ param: { orgId: String(home), memberId: String(id) } });
        expect(one.status).toBe(200);
      }
    }
  });

  it('lets a state association find the members of its clubs, and the federation everyone', async () => {
    expect(ids(await search('land', { name: 'hofer sabine' }))).toContain(3);
    expect(ids(await search('land', { name: 'wallner' }))).not.toContain(1);
    expect(ids(await search('verband', { name: 'wallner' }))).toContain(1);
    expect(ids(await search('verband', { name: 'hofer sabine' }))).toContain(3);
  });
});

/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
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

  const get = (url: string, who: string) => call(t.app, 'GET', url, { token: tokens[who] });
  const ids = (res: { body: { items: Array<{ id: number }> } }) => res.body.items.map((m) => m.id);

  it("does not give a club's trainer the members of other clubs", async () => {
    const byName = await get('/api/v1/admin/members/search?name=wallner', 'trainer');
    expect(byName.status).toBe(200);
    expect(ids(byName)).not.toContain(1);
    expect(byName.body.total).toBe(0);
    // Nor by the functions they hold: federation staff (form 52 in organisation 1).
    const byRole = await get('/api/v1/admin/members/search?roles=52', 'trainer');
    expect(byRole.status).toBe(200);
    expect(byRole.body.total).toBe(0);
    // Own club members are still found.
    expect(ids(await get('/api/v1/admin/members/search?name=steiner', 'trainer'))).toContain(5);
  });

  it('answers exactly the members the caller may read one by one', async () => {
    for (const [who, home] of [['trainer', 11], ['verein', 11], ['land', 4]] as const) {
      const search = await get('/api/v1/admin/members/search?pageSize=100', who);
      const list = await get(`/api/v1/admin/members/${home}?pageSize=100`, who);
      expect(search.status).toBe(200);
      expect(search.body.total).toBe(list.body.total);
      expect(new Set(ids(search))).toEqual(new Set(ids(list)));
      for (const id of ids(search).slice(0, 10)) expect((await get(`/api/v1/admin/member/${home}/${id}`, who)).status).toBe(200);
    }
  });

  it('lets a state association find the members of its clubs, and the federation everyone', async () => {
    const state = await get('/api/v1/admin/members/search?name=hofer%20sabine', 'land');
    expect(ids(state)).toContain(3);
    expect(ids(await get('/api/v1/admin/members/search?name=wallner', 'land'))).not.toContain(1);
    expect(ids(await get('/api/v1/admin/members/search?name=wallner', 'verband'))).toContain(1);
    expect(ids(await get('/api/v1/admin/members/search?name=hofer%20sabine', 'verband'))).toContain(3);
  });
});

/** @jest-environment node */
import { foldSearch } from '@/lib/domain/search-fold';
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Member reads: lists paged, searched and sorted in the database, one member
 * seen from the acting organisation, summary, search forms, role lists, and who is refused.
 * Demo data: verband (org 1, level 1), verein (club 11, BSV Wiener Neustadt), land (org 4, the
 * state association of club 11), trainer (club 11, form 51 only), mitglied (no system role).
 * Member 1 (verband) belongs to club 18 in Vienna, not to club 11 or its state.
 */

describe.each(testDrivers())('member reads on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'trainer', 'mitglied']));
  });
  afterAll(() => closeApi({ tdb, t }));

  const get = (url: string, who = 'verein') => call(t.app, 'GET', url, { token: tokens[who] });
  type Item = {
    id: number;
    surname: string;
    firstName: string;
    organizations: { orgId: number; active: boolean }[];
    functions: { orgId: number; active: boolean; groupId: number }[];
  };

  describe('GET /members/{orgId}', () => {
    it('pages the club list (12 per page) with the total, sorted by surname regardless of umlauts', async () => {
      const res = await get('/api/v1/admin/members/11?pageSize=12');
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(12);
      expect(res.body.total).toBeGreaterThan(12);
      const keys = (res.body.items as Item[]).map((m) => `${foldSearch(m.surname)} ${foldSearch(m.firstName)}`);
      expect([...keys].sort()).toEqual(keys);

      const second = await get('/api/v1/admin/members/11?pageSize=12&page=2');
      expect(second.body.total).toBe(res.body.total);
      const firstIds = new Set((res.body.items as Item[]).map((m) => m.id));
      expect((second.body.items as Item[]).some((m) => firstIds.has(m.id))).toBe(false);
    });

    it("lists only the club's own members (an active function there)", async () => {
      const all: Item[] = (await get('/api/v1/admin/members/11?pageSize=100')).body.items;
      const ids = all.map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining([2, 4, 5]));
      expect(ids).not.toContain(1);
      expect(ids).not.toContain(3);
    });

    it('searches case- and umlaut-insensitively; every word must match', async () => {
      const a = await get('/api/v1/admin/members/11?q=STEINER');
      expect((a.body.items as Item[]).map((m) => m.id)).toContain(5);
      const b = await get('/api/v1/admin/members/11?q=lena%20steiner');
      expect((b.body.items as Item[]).map((m) => m.id)).toEqual([5]);
      expect(b.body.total).toBe(1);
      const none = await get('/api/v1/admin/members/11?q=wallner');
      expect(none.body).toEqual({ items: [], total: 0 });
    });

    it('sorts by another column in the requested direction', async () => {
      const res = await get('/api/v1/admin/members/11?sort=birthDate&dir=desc&pageSize=50');
      const dates = (res.body.items as Array<{ birthDate: string }>).map((m) => m.birthDate);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it("leaves group 6 (membership, licence) out of each member's functions by default, keeps it with excludeGroups=", async () => {
      const res = await get('/api/v1/admin/members/11?q=steiner');
      const lena = (res.body.items as Item[]).find((m) => m.id === 5)!;
      expect(lena.functions.some((f) => f.groupId === 6)).toBe(false);
      expect(lena.organizations.some((o) => o.orgId === 11 && o.active)).toBe(true);
      const all = await get('/api/v1/admin/members/11?q=steiner&excludeGroups=');
      expect((all.body.items as Item[]).find((m) => m.id === 5)!.functions.some((f) => f.groupId === 6)).toBe(true);
    });

    it("gives a state association its clubs' members, and onlyInOrg only its own", async () => {
      const res = await get('/api/v1/admin/members/4?pageSize=100', 'land');
      expect(res.status).toBe(200);
      const ids = (res.body.items as Item[]).map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining([3, 5]));
      expect(ids).not.toContain(1);
      const only = await get('/api/v1/admin/members/4?onlyInOrg=true&pageSize=100', 'land');
      expect((only.body.items as Item[]).map((m) => m.id)).not.toContain(5);
    });

    it('refuses an organisation where the caller holds no member form, and bad paging values', async () => {
      expect((await get('/api/v1/admin/members/18')).status).toBe(403);
      expect((await get('/api/v1/admin/members/11', 'mitglied')).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/v1/admin/members/11')).status).toBe(401);
      const big = await get('/api/v1/admin/members/11?pageSize=500');
      expect(big.status).toBe(422);
      expect(big.body.error).toMatchObject({ code: 'validation', field: 'pageSize' });
      expect((await get('/api/v1/admin/members/11?sort=password')).body.error.field).toBe('sort');
    });
  });

  describe('GET /members (all)', () => {
    it('lists every member for the federation and refuses a club', async () => {
      const res = await get('/api/v1/admin/members?pageSize=1', 'verband');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(65);
      expect((await get('/api/v1/admin/members')).status).toBe(403);
      expect((await get('/api/v1/admin/members', 'land')).status).toBe(403);
    });
  });

  describe('GET /member/{orgId}/{id}', () => {
    it('shows an own member with memberships, licence, certificates, age class and what the caller may do', async () => {
      const res = await get('/api/v1/admin/member/11/5');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: 5,
        firstName: 'Lena',
        surname: 'Steiner',
        birthDate: '2001-05-17',
        orgId: 11,
        licenseOrg: 'BSV Wiener Neustadt',
        licenseOrgBl: expect.any(String),
        access: { canEdit: true, outranked: false, canDelete: false, canEndMembershipIn: [11] },
      });
      expect(res.body.ageClass).toBe(new Date().getFullYear() - 2001 >= 50 ? '50+' : 'Allgem. Klasse');
      expect(res.body.licence).toMatchObject({ active: true, openEnded: false, season: new Date().getFullYear() });
      expect(res.body.certificates[0]).toMatchObject({ certId: 1, certName: 'Safety First', ausb_mg_id: expect.any(Number) });
      expect(res.body).not.toHaveProperty('passwordHash');
    });

    it("refuses another club's member (403) and answers 404 for an unknown id", async () => {
      expect((await get('/api/v1/admin/member/11/1')).status).toBe(403);
      expect((await get('/api/v1/admin/member/11/999999')).status).toBe(404);
      expect((await get('/api/v1/admin/member/18/1')).status).toBe(403);
    });

    it('lets the state association read but not edit, and the federation edit and delete', async () => {
      const land = await get('/api/v1/admin/member/4/5', 'land');
      expect(land.status).toBe(200);
      expect(land.body.access).toEqual({ canEdit: false, outranked: false, canDelete: false, canEndMembershipIn: [] });
      const verband = await get('/api/v1/admin/member/1/5', 'verband');
      expect(verband.body.access).toEqual({ canEdit: true, outranked: false, canDelete: true, canEndMembershipIn: [11] });
    });

    it('lists every assignment of a member with whether the caller may change it', async () => {
      const res = await get('/api/v1/admin/member/role/11/4');
      expect(res.status).toBe(200);
      const byFunc = new Map((res.body as Array<{ funcId: number; editable: boolean }>).map((a) => [a.funcId, a.editable]));
      expect(byFunc.get(12)).toBe(true); // trainer: no editWhitelist
      expect(byFunc.get(51)).toBe(false); // system role: only the federation assigns it
      expect(byFunc.get(29)).toBe(false); // licence: editWhitelist [1]
      expect((await get('/api/v1/admin/member/role/11/1')).status).toBe(403);
    });
  });

  describe('summary, search and role lists', () => {
    it('counts memberships, licences, genders and age classes', async () => {
      const res = await get('/api/v1/admin/members/11/summary');
      expect(res.status).toBe(200);
      const list = await get('/api/v1/admin/members/11?pageSize=1');
      const byAge = Object.values(res.body.byAgeClass as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(byAge).toBe(list.body.total);
      expect(res.body.byGender.m + res.body.byGender.w + res.body.byGender.d).toBe(list.body.total);
      expect(res.body.members).toBeGreaterThan(0);
      expect(res.body.licences).toBeGreaterThan(0);
      expect(res.body).toMatchObject({
        orgName: 'BSV Wiener Neustadt',
        orgLevel: 3,
        access: { canCreate: true, canEdit: true, canDelete: false },
      });
      expect((await get('/api/v1/admin/members/4/summary', 'land')).body).toMatchObject({
        orgLevel: 2,
        access: { canCreate: false, canEdit: false, canDelete: false },
      });
      expect((await get('/api/v1/admin/members/1/summary', 'verband')).body.access).toEqual({
        canCreate: true,
        canEdit: true,
        canDelete: true,
      });
      expect((await get('/api/v1/admin/members/12/summary')).status).toBe(403);
    });

    it('searches across the federation by name and active function', async () => {
      const res = await get('/api/v1/admin/members/search?name=huber&roles=12');
      expect(res.status).toBe(200);
      expect((res.body.items as Item[]).map((m) => m.id)).toContain(4);
      const wrongRole = await get('/api/v1/admin/members/search?name=huber%20thomas&roles=20,21');
      expect((wrongRole.body.items as Item[]).map((m) => m.id)).not.toContain(4);
      expect((await get('/api/v1/admin/members/search?name=huber', 'mitglied')).status).toBe(403);
    });

    it("searches within an organisation's own members", async () => {
      const res = await get('/api/v1/admin/members/search?org=11&name=wallner');
      expect(res.body.total).toBe(0);
      const fed = await get('/api/v1/admin/members/search?org=1&name=wallner', 'verband');
      expect((fed.body.items as Item[]).map((m) => m.id)).toContain(1);
      expect((await get('/api/v1/admin/members/search?org=18&name=wallner')).status).toBe(403);
    });

    it('lists the holders of functions of an organisation, without plain members', async () => {
      const res = await get('/api/v1/admin/members/roles/11?pageSize=100');
      expect(res.status).toBe(200);
      const items = res.body.items as Item[];
      expect(items.map((m) => m.id)).toEqual(expect.arrayContaining([2, 4]));
      expect(items.map((m) => m.id)).not.toContain(5);
      for (const m of items) expect(m.functions.every((f) => f.orgId === 11 && f.groupId !== 6)).toBe(true);
    });
  });

  it('documents the member paths and the page shape in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    for (const p of [
      '/api/v1/admin/members',
      '/api/v1/admin/members/{orgId}',
      '/api/v1/admin/members/{orgId}/summary',
      '/api/v1/admin/members/search',
      '/api/v1/admin/member/{orgId}/{memberId}',
      '/api/v1/admin/member/role/{orgId}/{memberId}',
      '/api/v1/admin/members/roles/{orgId}',
      '/api/v1/admin/member/duplicates',
      '/api/v1/admin/member',
      '/api/v1/admin/member/{memberId}',
      '/api/v1/admin/member/cancel/{orgId}/{memberId}',
      '/api/v1/admin/member/membership',
      '/api/v1/admin/trainings',
      '/api/v1/admin/training/{id}',
      '/api/v1/admin/training/{memberId}/{ausbMgId}',
      '/api/v1/admin/functions/{id}',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
    const params = (doc.paths['/api/v1/admin/members/{orgId}'].get.parameters as Array<{ name: string }>).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'pageSize', 'q', 'sort', 'dir', 'onlyInOrg', 'excludeGroups']));
    expect(doc.components.schemas.MemberPage.properties).toHaveProperty('total');
  });
});

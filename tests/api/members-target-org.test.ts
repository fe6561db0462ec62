/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { functionAssignments, members } from '@/server/db/schema';
import { callsWith, closeApi, openApi, type DemoUser, type OpenApi } from './helpers/open-api';
import { testDrivers } from './helpers/test-db';

/**
 * The federation puts memberships and functions into a club it chooses (the member screen's
 * organisation picker), while a club stays confined to itself; and a member's nationality and
 * country can be cleared again (null).
 */

describe.each(testDrivers())('chosen target organisation on %s', (driver) => {
  let api: OpenApi;
  let today: string;
  let memberId: number;

  beforeAll(async () => {
    api = await openApi(driver, ['verband', 'verein', 'land']);
    today = todayIso(api.t.clock.now());
    // A member of club 11 only (created by the club, so it has its membership there).
    const created = await as('verein').post('/api/v1/admin/member', {
      orgId: 11,
      firstName: 'Zora',
      surname: 'Wandersleben',
      birthDate: '1988-08-08',
      gender: 'w',
      nationality: 40,
      country: 276,
    });
    expect(created.status).toBe(201);
    memberId = created.body.id;
  });
  afterAll(async () => {
    await closeApi(api ?? {});
  });

  const as = (who: DemoUser) => callsWith(api.t, api.tokens[who]);
  const assignmentsIn = async (orgId: number) =>
    api.tdb.db
      .select({ roleId: functionAssignments.roleId, dateFrom: functionAssignments.dateFrom, dateTo: functionAssignments.dateTo })
      .from(functionAssignments)
      .where(and(eq(functionAssignments.memberId, memberId), eq(functionAssignments.orgId, orgId)));

  describe('organisations to choose from', () => {
    type Org = { id: number; name: string; level: number };

    it('offers the federation every organisation that is not dissolved, sorted by name', async () => {
      const res = await as('verband').get('/api/v1/admin/members/1/organisations');
      expect(res.status).toBe(200);
      const ids = (res.body as Org[]).map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([1, 4, 11, 12, 30, 45]));
      expect(ids).not.toContain(25); // BS Eisenerz, dissolved 2019
      expect(res.body.find((o: Org) => o.id === 12)).toEqual({
        id: 12,
        name: 'Union Bogenschützen St. Pölten',
        nameShort: 'UBS St. Pölten',
        level: 3,
        bso: expect.anything(),
      });
      const names = (res.body as Org[]).map((o) => o.name);
      expect(names).toEqual([...names].sort(new Intl.Collator('de', { sensitivity: 'base', numeric: true }).compare));
    });

    it('offers a club only itself, a state association nothing, and refuses an organisation the caller does not act in', async () => {
      expect((await as('verein').get('/api/v1/admin/members/11/organisations')).body.map((o: Org) => o.id)).toEqual([11]);
      expect((await as('land').get('/api/v1/admin/members/4/organisations')).body).toEqual([]);
      expect((await as('verein').get('/api/v1/admin/members/1/organisations')).status).toBe(403);
      expect((await as('verein').get('/api/v1/admin/members/12/organisations')).status).toBe(403);
    });
  });

  describe('membership in a chosen club', () => {
    it('is refused to a club for another club, and nothing is written', async () => {
      const res = await as('verein').post('/api/v1/admin/member/membership', { orgId: 12, memberId });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(await assignmentsIn(12)).toEqual([]);
    });

    it('is added by the federation in the club it chose: from today, open-ended', async () => {
      const res = await as('verband').post('/api/v1/admin/member/membership', { orgId: 12, memberId });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orgId: 12, memberId, roleId: 32, dateFrom: today, dateTo: '2999-12-31' });
      expect(await assignmentsIn(12)).toEqual([{ roleId: 32, dateFrom: today, dateTo: '2999-12-31' }]);
      const member = await as('verband').get(`/api/v1/admin/member/1/${memberId}`);
      expect(member.body.organizations.map((o: { orgId: number }) => o.orgId).sort()).toEqual([11, 12]);
      // the club that created the member keeps its membership
      expect(await assignmentsIn(11)).toEqual([{ roleId: 32, dateFrom: today, dateTo: '2999-12-31' }]);
    });
  });

  describe('function in a chosen organisation', () => {
    const body = () => ({ orgId: 12, memberId, roleId: 27, from: today });

    it('is refused to a club for another club (also its role catalogue there), and nothing is written', async () => {
      expect((await as('verein').get('/api/v1/admin/functions/12')).status).toBe(403);
      const before = (await assignmentsIn(12)).length;
      const res = await as('verein').post(`/api/v1/admin/functions/${memberId}`, body());
      expect(res.status).toBe(403);
      expect((await assignmentsIn(12)).length).toBe(before);
    });

    it('is assigned by the federation in the organisation it chose', async () => {
      const offered = (await as('verband').get('/api/v1/admin/functions/12')).body as { roles: { id: number }[] }[];
      expect(offered.flatMap((g) => g.roles.map((r) => r.id))).toContain(27);
      const res = await as('verband').post(`/api/v1/admin/functions/${memberId}`, body());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        funcId: 27,
        orgId: 12,
        orgName: 'Union Bogenschützen St. Pölten',
        dateFrom: today,
        dateTo: '2999-12-31',
        active: true,
      });
      expect(await assignmentsIn(12)).toEqual(expect.arrayContaining([{ roleId: 27, dateFrom: today, dateTo: '2999-12-31' }]));
    });
  });

  describe('clearing nationality and country', () => {
    it('stores null for both and answers the member without them', async () => {
      const before = await as('verein').get(`/api/v1/admin/member/11/${memberId}`);
      expect(before.body).toMatchObject({ nationality: 40, country: 276 });
      const { firstName, surname, birthDate, gender, updatedAt } = before.body;
      const res = await as('verein').put('/api/v1/admin/member', {
        orgId: 11,
        id: memberId,
        updatedAt,
        firstName,
        surname,
        birthDate,
        gender,
        nationality: null,
        country: null,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ nationality: null, country: null });
      const [row] = await api.tdb.db
        .select({ nationality: members.nationality, country: members.country })
        .from(members)
        .where(eq(members.id, memberId));
      expect(row).toEqual({ nationality: null, country: null });
    });
  });
});

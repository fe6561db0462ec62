/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/members';
import { functionAssignments, memberTrainings } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import type { TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Trainings and functions of members: training types filtered by
 * rules.editAtOrgLevel and params.orgWhitelist, validity, recording and removing; the function
 * catalogue filtered by org white/blacklist and editWhitelist, create and update with stale check.
 * Seed: training 1 Safety First (all levels), 4 Trainer B (level 1 only), 8 Erste Hilfe (24 months),
 * 10 Parcoursbau (levels 1–2, orgs 1, 7, 8), 11 Landes-Übungsleiter NÖ (level 2, org 4).
 * Member 4 (trainer) holds Trainer B (entry 42). Roles: 1 Obmann, 8 Präsident (federation and
 * states only), 27 Zeugwart (not federation/states), 29 Lizenz (editWhitelist [1]).
 */

describe.each(testDrivers())('trainings and functions on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let today: string;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'mitglied']));
    today = todayIso(t.clock.now());
  });
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  const ids = (list: Array<{ trainingId: number }>) => list.map((d) => d.trainingId).sort((a, b) => a - b);

  describe('training types', () => {
    it('offers a club only the types clubs may record, the federation its own, the state its whitelisted one', async () => {
      const club = await as('verein').get('/api/v1/admin/trainings?org=11');
      expect(club.status).toBe(200);
      expect(ids(club.body)).toEqual(expect.arrayContaining([1, 8]));
      expect(ids(club.body)).not.toContain(4);
      expect(ids(club.body)).not.toContain(10);
      expect(ids(club.body)).not.toContain(11);
      const fed = await as('verband').get('/api/v1/admin/trainings?org=1');
      expect(ids(fed.body)).toEqual(expect.arrayContaining([1, 4, 10, 12]));
      expect(ids(fed.body)).not.toContain(11);
      expect(ids((await as('land').get('/api/v1/admin/trainings?org=4')).body)).toContain(11);
      // Without org: every type, for showing names.
      expect((await as('verein').get('/api/v1/admin/trainings')).body.length).toBe(12);
      expect((await as('verein').get('/api/v1/admin/trainings?org=12')).status).toBe(403);
    });

    it('answers until when a training is valid (validTo), null for forever, 404 for an unknown type', async () => {
      expect((await as('verein').get('/api/v1/admin/training/8?date=2025-03-02')).body).toEqual({
        trainingId: 8,
        dateFrom: '2025-03-02',
        validTo: '2027-03-02',
      });
      expect((await as('verein').get('/api/v1/admin/training/1?date=2025-03-02')).body.validTo).toBeNull();
      expect((await as('verein').get('/api/v1/admin/training/999?date=2025-03-02')).status).toBe(404);
      expect((await as('verein').get('/api/v1/admin/training/8?date=02.03.2025')).status).toBe(422);
    });
  });

  describe('member trainings', () => {
    const add = (who: string, memberId: number, body: Record<string, unknown>) =>
      as(who).post(`/api/v1/admin/training/${memberId}`, {
        orgId: 11,
        trainingId: 8,
        dateFrom: '2025-03-02',
        dateTo: '2027-03-02',
        controller: 'Rotes Kreuz',
        ...body,
      });

    it('records a training for an own member, shows it on the member, and removes it', async () => {
      const res = await add('verein', 5, {});
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        certId: 8,
        certName: 'Erste-Hilfe-Kurs (16 Stunden)',
        certGroupName: 'Sicherheit',
        certController: 'Rotes Kreuz',
        dateFrom: '2025-03-02',
        dateTo: '2027-03-02',
        orgId: 11,
      });
      const member = await as('verein').get('/api/v1/admin/member/11/5');
      expect(member.body.certificates.map((c: { ausb_mg_id: number }) => c.ausb_mg_id)).toContain(res.body.ausb_mg_id);

      expect((await as('verein').del(`/api/v1/admin/training/5/${res.body.ausb_mg_id}?org=11`)).status).toBe(200);
      expect(await tdb.db.select().from(memberTrainings).where(eq(memberTrainings.id, res.body.ausb_mg_id))).toEqual([]);
      expect((await as('verein').del(`/api/v1/admin/training/5/${res.body.ausb_mg_id}?org=11`)).status).toBe(404);
    });

    it('records without an end date (valid forever)', async () => {
      const res = await add('verein', 5, { trainingId: 1, dateTo: null, controller: undefined });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ dateTo: null, certController: null });
    });

    it('refuses a type the club may not record, another club’s member, a state association and a bad date range', async () => {
      const before = (await tdb.db.select().from(memberTrainings)).length;
      expect((await add('verein', 5, { trainingId: 4 })).status).toBe(403);
      expect((await add('verein', 1, {})).status).toBe(403);
      expect((await add('land', 5, { orgId: 4, trainingId: 11 })).status).toBe(403);
      expect((await add('verein', 5, { orgId: 12 })).status).toBe(403);
      const range = await add('verein', 5, { dateFrom: '2025-03-02', dateTo: '2025-03-01' });
      expect(range.status).toBe(422);
      expect(range.body.error).toMatchObject({ code: 'validation', field: 'dateTo' });
      const noType = await add('verein', 5, { trainingId: undefined });
      expect(noType.status).toBe(422);
      expect(noType.body.error.field).toBe('trainingId');
      const noStart = await add('verein', 5, { dateFrom: undefined });
      expect(noStart.body.error.field).toBe('dateFrom');
      expect((await tdb.db.select().from(memberTrainings)).length).toBe(before);
    });

    it('lets only an organisation whose rule matches remove a training (Trainer B: the federation)', async () => {
      expect((await as('verein').del('/api/v1/admin/training/4/42?org=11')).status).toBe(403);
      expect((await as('land').del('/api/v1/admin/training/4/42?org=4')).status).toBe(403);
      expect(await tdb.db.select({ id: memberTrainings.id }).from(memberTrainings).where(eq(memberTrainings.id, 42))).toHaveLength(1);
      expect((await as('verband').del('/api/v1/admin/training/4/42?org=1')).status).toBe(200);
    });
  });

  describe('functions', () => {
    type Group = { id: number; roles: { id: number }[] };
    const roleIds = (groups: Group[]) => groups.flatMap((g) => g.roles.map((r) => r.id));

    it('offers a club the functions it may assign there: no federation-only, licence or system roles', async () => {
      const res = await as('verein').get('/api/v1/admin/functions/11');
      expect(res.status).toBe(200);
      const offered = roleIds(res.body);
      expect(offered).toEqual(expect.arrayContaining([1, 12, 27, 32]));
      for (const id of [8, 29, 51, 18]) expect(offered).not.toContain(id);
      expect((await as('verein').get('/api/v1/admin/functions/18')).status).toBe(403);
      expect((await as('land').get('/api/v1/admin/functions/4')).body).toEqual([]);
      const fed = roleIds((await as('verband').get('/api/v1/admin/functions/11')).body);
      expect(fed).toEqual(expect.arrayContaining([29, 51]));
      expect(fed).not.toContain(8);
    });

    it('creates an open-ended function, updates it with its version, and answers 409 stale for an old one', async () => {
      const created = await as('verein').post('/api/v1/admin/functions/5', { orgId: 11, memberId: 5, roleId: 27, from: today });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        funcId: 27,
        funcName: 'Zeugwart',
        orgId: 11,
        dateFrom: today,
        dateTo: '2999-12-31',
        active: true,
        editable: true,
      });

      const end = addDays(today, 30);
      const updated = await as('verein').post('/api/v1/admin/functions/5', {
        id: created.body.funkMgId,
        updatedAt: created.body.updatedAt,
        orgId: 11,
        memberId: 5,
        roleId: 27,
        from: today,
        to: end,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ funkMgId: created.body.funkMgId, dateTo: end });

      const stale = await as('verein').post('/api/v1/admin/functions/5', {
        id: created.body.funkMgId,
        updatedAt: created.body.updatedAt,
        orgId: 11,
        memberId: 5,
        roleId: 27,
        from: today,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale');
      const [row] = await tdb.db
        .select({ dateTo: functionAssignments.dateTo })
        .from(functionAssignments)
        .where(eq(functionAssignments.id, created.body.funkMgId));
      expect(row.dateTo).toBe(end);
    });

    it('refuses what the caller may not assign, where, or for whom, and bad dates; nothing is written', async () => {
      const count = async () =>
        (await tdb.db.select({ id: functionAssignments.id }).from(functionAssignments).where(eq(functionAssignments.memberId, 5))).length;
      const before = await count();
      const body = { orgId: 11, memberId: 5, roleId: 27, from: today };
      expect((await as('verein').post('/api/v1/admin/functions/5', { ...body, roleId: 29 })).status).toBe(403);
      const notOffered = await as('verein').post('/api/v1/admin/functions/5', { ...body, roleId: 8 });
      expect(notOffered.status).toBe(422);
      expect(notOffered.body.error.code).toBe('role_not_offered');
      expect((await as('verein').post('/api/v1/admin/functions/5', { ...body, orgId: 18 })).status).toBe(403);
      expect((await as('verein').post('/api/v1/admin/functions/1', { ...body, memberId: 1 })).status).toBe(403);
      expect((await as('land').post('/api/v1/admin/functions/5', { ...body, orgId: 4, roleId: 23 })).status).toBe(403);
      expect((await as('mitglied').post('/api/v1/admin/functions/5', body)).status).toBe(403);
      const range = await as('verein').post('/api/v1/admin/functions/5', { ...body, to: addDays(today, -1) });
      expect(range.status).toBe(422);
      expect(range.body.error.field).toBe('to');
      const mismatch = await as('verein').post('/api/v1/admin/functions/5', { ...body, memberId: 4 });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.error.field).toBe('memberId');
      // A club cannot change the licence (29) the federation assigned.
      const [licence] = await tdb.db
        .select({ id: functionAssignments.id, updatedAt: functionAssignments.updatedAt })
        .from(functionAssignments)
        .where(and(eq(functionAssignments.memberId, 5), eq(functionAssignments.roleId, 29)));
      expect((await as('verein').post('/api/v1/admin/functions/5', { ...body, id: licence.id, updatedAt: licence.updatedAt })).status).toBe(
        403,
      );
      expect(await count()).toBe(before);
    });

    it('lets the federation assign a licence in a club', async () => {
      const res = await as('verband').post('/api/v1/admin/functions/5', {
        orgId: 11,
        memberId: 5,
        roleId: 29,
        from: `${today.slice(0, 4)}-01-01`,
        to: `${today.slice(0, 4)}-12-31`,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ funcId: 29, orgId: 11 });
    });
  });
});

/** @jest-environment node */
import { eq, sql } from 'drizzle-orm';
import { auditEntries, members } from '@/server/db/schema';
import { callsWith, closeApi, openApi, type OpenApi } from './helpers/open-api';
import { call } from './helpers/test-app';
import { testDrivers } from './helpers/test-db';
import { saveOrg } from './organisations-fixtures';

/**
 * The audit trail: every write leaves one entry (actor, acting organisation, entity, the changed
 * fields before and after) in the same transaction; a refused write leaves none; the history is
 * readable by whoever may read the record, the whole trail by the federation only.
 */

describe.each(testDrivers())('audit trail on %s', (driver) => {
  let api: OpenApi;
  const as = (who: string) => callsWith(api.t, api.tokens[who]);
  const entryCount = async () => (await api.tdb.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditEntries))[0].n;
  const history = (who: string, entity: string, id: number) => as(who).get(`/api/v1/admin/audit?entity=${entity}&id=${id}`);
  const meId = async (who: string) =>
    (await api.tdb.db.select({ id: members.id }).from(members).where(eq(members.email, `${who}@example.org`)))[0].id;

  beforeAll(async () => {
    api = await openApi(driver, ['verband', 'verein', 'land', 'trainer']);
  });
  afterAll(() => closeApi(api));

  it('records who changed which fields of an organisation, before and after', async () => {
    const res = await saveOrg(api.t, api.tokens.verein, 11, 11, { phoneOffice: '+43 1 234 5678' });
    expect(res.status).toBe(200);
    const page = await history('verein', 'organisation', 11);
    expect(page.status).toBe(200);
    const [latest] = page.body.entries;
    expect(latest).toMatchObject({
      entity: 'organisation',
      entityId: '11',
      action: 'update',
      actorId: await meId('verein'),
      actingOrgId: 11,
      changes: { phoneOffice: { after: '+43 1 234 5678' } },
    });
    expect(latest.actorName).toEqual(expect.any(String));
    expect(Object.keys(latest.changes)).not.toContain('updatedAt');
    expect(new Date(latest.at).toISOString()).toBe(latest.at);
  });

  it('writes no entry for a refused or stale write', async () => {
    const before = await entryCount();
    const current = await as('verein').get('/api/v1/admin/org/11?actingOrgId=11');
    const stale = await as('verein').put('/api/v1/admin/org?actingOrgId=11', { ...current.body, updatedAt: '2000-01-01T00:00:00.000Z', name: 'Stale' });
    expect(stale.status).toBe(409);
    const other = await as('verband').get('/api/v1/admin/org/12?actingOrgId=1');
    const foreign = await as('verein').put('/api/v1/admin/org?actingOrgId=11', { ...other.body, name: 'Hijacked' });
    expect(foreign.status).toBe(403);
    expect(await entryCount()).toBe(before);
  });

  it('records places, functions, memberships and trainings with their own entity', async () => {
    const place = await as('verein').post('/api/v1/admin/org/places?actingOrgId=11', {
      orgId: 11,
      pname: 'Audit-Platz',
      address: 'Neuklostergasse 1',
      city: 'Wiener Neustadt',
      zip: '2700',
      coordinates: '47.81, 16.24',
      params: { openingHours: 'Mo 17:00–20:00', training: ['Outdoor'] },
    });
    expect(place.status).toBe(201);
    expect((await as('verein').del(`/api/v1/admin/org/places/11/${place.body.id}?actingOrgId=11`)).status).toBe(200);
    const placeHistory = await as('verband').get(`/api/v1/admin/audit?entity=place&id=${place.body.id}`);
    expect(placeHistory.body.entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'create']);
    expect(placeHistory.body.entries[1].changes.pname).toEqual({ before: null, after: 'Audit-Platz' });

    const today = new Date().toISOString().slice(0, 10);
    const fn = await as('verein').post('/api/v1/admin/functions/5', { orgId: 11, memberId: 5, roleId: 27, from: today });
    expect(fn.status).toBe(201);
    const fnHistory = await as('verband').get(`/api/v1/admin/audit?entity=function&id=${fn.body.funkMgId}`);
    expect(fnHistory.body.entries).toEqual([expect.objectContaining({ action: 'assign', actingOrgId: 11, changes: expect.objectContaining({ roleId: { before: null, after: 27 } }) })]);

    const training = await as('verein').post('/api/v1/admin/training/5', { orgId: 11, trainingId: 8, dateFrom: '2025-03-02', dateTo: '2027-03-02' });
    expect(training.status).toBe(201);
    const trHistory = await as('verband').get(`/api/v1/admin/audit?entity=training&id=${training.body.ausb_mg_id}`);
    expect(trHistory.body.entries[0]).toMatchObject({ action: 'create', changes: { trainingId: { before: null, after: 8 } } });
  });

  it('lets a club read the history of its own organisation only; a state association its clubs; the federation everything', async () => {
    expect((await history('verein', 'organisation', 12)).status).toBe(403);
    expect((await history('land', 'organisation', 11)).status).toBe(200);
    expect((await history('trainer', 'organisation', 11)).status).toBe(403);
    expect((await history('verband', 'organisation', 11)).status).toBe(200);
    const all = await as('verband').get('/api/v1/admin/audit?size=5');
    expect(all.status).toBe(200);
    expect(all.body.entries.length).toBeGreaterThan(0);
    expect(all.body.total).toBeGreaterThanOrEqual(all.body.entries.length);
    expect((await as('verein').get('/api/v1/admin/audit')).status).toBe(403);
    expect((await as('verein').get('/api/v1/admin/audit?entity=place&id=1')).status).toBe(403);
    expect((await call(api.t.app, 'GET', '/api/v1/admin/audit')).status).toBe(401);
  });

  it('refuses a malformed query', async () => {
    expect((await as('verband').get('/api/v1/admin/audit?id=11')).status).toBe(422);
    expect((await as('verband').get('/api/v1/admin/audit?entity=organisation&id=0x1f')).status).toBeGreaterThanOrEqual(400);
    expect((await as('verband').get('/api/v1/admin/audit?entity=nonsense')).status).toBeGreaterThanOrEqual(400);
    expect((await as('verband').get('/api/v1/admin/audit?size=1000')).status).toBeGreaterThanOrEqual(400);
  });
});

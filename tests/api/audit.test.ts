/** @jest-environment node */
import { eq, sql } from 'drizzle-orm';
import { auditEntries, members } from '@/server/db/schema';
import { callsWith, closeApi, openApi, type OpenApi } from './helpers/open-api';
import { call } from './helpers/test-app';
import { testDrivers } from './helpers/test-db';
import { documentForm, imageForm } from './helpers/matrix-fixtures';
import { DEMO_PASSWORD } from './helpers/test-app';
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
    (
      await api.tdb.db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.email, `${who}@example.org`))
    )[0].id;

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
    const stale = await as('verein').put('/api/v1/admin/org?actingOrgId=11', {
      ...current.body,
      updatedAt: '2000-01-01T00:00:00.000Z',
      name: 'Stale',
    });
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
    expect(fnHistory.body.entries).toEqual([
      expect.objectContaining({
        action: 'assign',
        actingOrgId: 11,
        changes: expect.objectContaining({ roleId: { before: null, after: 27 } }),
      }),
    ]);

    const training = await as('verein').post('/api/v1/admin/training/5', {
      orgId: 11,
      trainingId: 8,
      dateFrom: '2025-03-02',
      dateTo: '2027-03-02',
    });
    expect(training.status).toBe(201);
    const trHistory = await as('verband').get(`/api/v1/admin/audit?entity=training&id=${training.body.ausb_mg_id}`);
    expect(trHistory.body.entries[0]).toMatchObject({ action: 'create', changes: { trainingId: { before: null, after: 8 } } });
  });

  it('records a member created, changed and deleted, with the acting organisation', async () => {
    const created = await as('verein').post('/api/v1/admin/member', {
      orgId: 11,
      firstName: 'Ada',
      surname: 'Audit',
      birthDate: '1990-04-01',
      gender: 'w',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const loaded = await as('verein').get(`/api/v1/admin/member/11/${id}`);
    const m = loaded.body;
    const changed = await as('verein').put('/api/v1/admin/member', {
      id,
      updatedAt: m.updatedAt,
      orgId: 11,
      firstName: m.firstName,
      surname: m.surname,
      birthDate: m.birthDate,
      gender: m.gender,
      city: 'Baden',
    });
    expect(changed.status).toBe(200);
    const picture = await call(api.t.app, 'POST', `/api/v1/profile/image/${id}`, { token: api.tokens.verein, body: imageForm() });
    expect(picture.status).toBeLessThan(300);
    let page = await history('verein', 'member', id);
    expect(page.body.entries.map((e: { action: string }) => e.action)).toEqual(['upload', 'update', 'create']);
    expect(page.body.entries[1]).toMatchObject({ actingOrgId: 11, changes: { city: { before: null, after: 'Baden' } } });
    expect(Object.keys(page.body.entries[1].changes)).toEqual(['city']);
    expect(page.body.entries[2].changes).toMatchObject({ surname: { before: null, after: 'Audit' } });
    expect(page.body.entries[0].changes.image.after).toEqual(expect.any(String));

    expect((await as('verband').del(`/api/v1/admin/member/${id}`)).status).toBe(200);
    page = await history('verband', 'member', id);
    expect(page.body.entries[0]).toMatchObject({ action: 'delete', changes: { surname: { before: 'Audit', after: null } } });
  });

  it('records documents added and removed on the organisation', async () => {
    const doc = await call(api.t.app, 'POST', '/api/v1/admin/org/11/documents?actingOrgId=11', {
      token: api.tokens.verein,
      body: documentForm(),
    });
    expect(doc.status).toBe(201);
    expect((await as('verein').del(`/api/v1/admin/org/11/documents/${doc.body.uuid}?actingOrgId=11`)).status).toBe(200);
    const [removed, added] = (await history('verein', 'organisation', 11)).body.entries;
    expect(added).toMatchObject({ action: 'upload', changes: { document: { before: null, after: 'statuten.pdf' } } });
    expect(removed).toMatchObject({ action: 'update', changes: { document: { before: 'statuten.pdf', after: null } } });
  });

  it('records a password change without any trace of the password, and a sign-in lockout', async () => {
    const own = await meId('trainer');
    const changed = await call(api.t.app, 'PUT', '/api/v1/auth/update_password', {
      token: api.tokens.trainer,
      json: { oldPassword: DEMO_PASSWORD, newPassword: 'Audit2026!neu' },
    });
    expect(changed.status).toBe(200);
    const [entry] = (await history('verband', 'member', own)).body.entries;
    expect(entry).toMatchObject({ action: 'password', actorId: own, changes: {} });
    const rows = await api.tdb.db.select().from(auditEntries);
    expect(JSON.stringify(rows)).not.toMatch(/Audit2026|scrypt|\$[0-9a-z]+\$/i);

    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(api.t.app, 'POST', '/api/v1/auth/login', {
            json: { email: 'land@example.org', password: 'falsch' },
            ip: '198.51.100.7',
          })
        ).status,
      ).toBe(401);
    }
    const lockouts = await as('verband').get('/api/v1/admin/audit?entity=login');
    expect(lockouts.body.entries).toEqual([
      expect.objectContaining({
        action: 'lockout',
        entityId: 'land@example.org',
        actorId: null,
        changes: { client: { before: null, after: '198.51.100.7' } },
      }),
    ]);
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

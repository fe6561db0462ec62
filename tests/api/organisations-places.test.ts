/** @jest-environment node */
import { eq, sql } from 'drizzle-orm';
import { places } from '@/server/db/schema';
import { closeApi, openApi } from './helpers/open-api';
import { answerOf, call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';
import { getOrg } from './organisations-fixtures';

/** Training places: create, update, delete, rights, coordinates and required fields. */

describe.each(testDrivers())('organisation places on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let fed: string;
  let club: string;
  let state: string;

  const placeCount = async () => (await tdb.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(places))[0].n;
  const save = (token: string, acting: number, json: unknown) =>
    call(t.app, 'POST', `/api/v1/admin/org/places?actingOrgId=${acting}`, { token, json });

  const valid = {
    orgId: 11,
    pname: 'Bogenplatz Akademiepark',
    address: 'Neuklostergasse 1',
    city: 'Wiener Neustadt',
    zip: '2700',
    coordinates: '47.8136, 16.2433',
    params: { openingHours: 'Mo, Mi 17:00–20:00', training: ['Outdoor', '3D'] },
  };

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verband: fed, verein: club, land: state },
    } = await openApi(driver, ['verband', 'verein', 'land']));
  });

  afterAll(() => closeApi({ tdb, t }));

  it("a club adds a place with 'lat, lon' coordinates, updates and deletes it", async () => {
    const created = await save(club, 11, valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ orgId: 11, pname: valid.pname, lat: 47.8136, lon: 16.2433, params: valid.params });
    const org = await answerOf(getOrg(t, club, 11, 11), 200);
    expect(org.places.map((p) => p.id)).toContain(created.body.id);

    const updated = await save(club, 11, {
      ...valid,
      id: created.body.id,
      updatedAt: created.body.updatedAt,
      coordinates: undefined,
      lat: 47.9,
      lon: 16.3,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, lat: 47.9, lon: 16.3 });

    const stale = await save(club, 11, { ...valid, id: created.body.id, updatedAt: created.body.updatedAt, pname: 'Old edit' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale');
    const [row] = await tdb.db.select().from(places).where(eq(places.id, created.body.id));
    expect(row.pname).toBe(valid.pname);

    const removed = await call(t.app, 'DELETE', `/api/v1/admin/org/places/11/${created.body.id}?actingOrgId=11`, { token: club });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect(await tdb.db.select().from(places).where(eq(places.id, created.body.id))).toEqual([]);
    const again = await call(t.app, 'DELETE', `/api/v1/admin/org/places/11/${created.body.id}?actingOrgId=11`, { token: club });
    expect(again.status).toBe(404);
  });

  it('coordinates are optional', async () => {
    const res = await save(club, 11, { ...valid, coordinates: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ lat: null, lon: null });
  });

  it.each([
    [{ coordinates: '47.8 16.2' }, 'coordinates'],
    [{ coordinates: 'north, east' }, 'coordinates'],
    [{ coordinates: '91, 16' }, 'coordinates'],
    [{ coordinates: undefined, lat: 47.1 }, 'lon'],
    [{ coordinates: undefined, lat: -90.5, lon: 16 }, 'lat'],
    [{ coordinates: undefined, lat: 47, lon: 181 }, 'lon'],
    [{ coordinates: undefined, lat: '47', lon: 16 }, 'lat'],
    [{ pname: '' }, 'pname'],
    [{ params: { openingHours: '', training: ['Indoor'] } }, 'params.openingHours'],
    [{ params: { openingHours: 'Mo', training: [] } }, 'params.training'],
    [{ params: { openingHours: 'Mo', training: ['Halle'] } }, 'params.training.0'],
    [{ params: { openingHours: 'Mo' } }, 'params.training'],
    [{ params: undefined }, 'params'],
  ])('bad input %p → 422 on %s, nothing stored', async (changes, field) => {
    const before = await placeCount();
    const res = await save(club, 11, { ...valid, ...changes });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation', field });
    expect(await placeCount()).toBe(before);
  });

  it('an update without updatedAt is refused', async () => {
    const res = await save(club, 11, { ...valid, id: 111 });
    expect(res.status).toBe(422);
    expect(res.body.error.field).toBe('updatedAt');
  });

  it("a club may not add, change or delete another club's places", async () => {
    const before = await placeCount();
    expect((await save(club, 11, { ...valid, orgId: 12 })).status).toBe(403);
    const other = (await answerOf(getOrg(t, fed, 12, 1), 200)).places[0];
    const change = await save(club, 11, { ...valid, orgId: 12, id: other.id, updatedAt: other.updatedAt });
    expect(change.status).toBe(403);
    // Smuggling: naming its own organisation with another club's place id finds no such place.
    const smuggle = await save(club, 11, { ...valid, orgId: 11, id: other.id, updatedAt: other.updatedAt });
    expect(smuggle.status).toBe(404);
    const del = await call(t.app, 'DELETE', `/api/v1/admin/org/places/12/${other.id}?actingOrgId=11`, { token: club });
    expect(del.status).toBe(403);
    const delSmuggle = await call(t.app, 'DELETE', `/api/v1/admin/org/places/11/${other.id}?actingOrgId=11`, { token: club });
    expect(delSmuggle.status).toBe(404);
    expect(await placeCount()).toBe(before);
    const [row] = await tdb.db.select().from(places).where(eq(places.id, other.id));
    expect(row.pname).toBe(other.pname);
  });

  it("a state association reads its clubs' places but may not change them; the federation may", async () => {
    expect((await save(state, 4, valid)).status).toBe(403);
    const byFed = await save(fed, 1, { ...valid, orgId: 12, pname: 'Verbandsplatz' });
    expect(byFed.status).toBe(201);
    expect(byFed.body.orgId).toBe(12);
  });
});

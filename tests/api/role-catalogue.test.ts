/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditEntries, roles } from '@/server/db/schema';
import { rfc3339 } from '@/server/services/timestamps';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * The federation's role catalogue (POST / PUT /api/v1/admin/role): the federation adds and changes
 * roles, the answer goes back unchanged with PUT, a stale updatedAt changes nothing, and nobody
 * else writes it. Groups, organisation lists and names are checked; system roles keep their group.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SPORTS_GROUP = 3; // Sportbetrieb / Trainer (holds 'Trainer', id 12)
const BOARD_GROUP = 1;
const SYSTEM_GROUP = 11;
const ROLE_EDIT = 66; // a system role

describe.each(testDrivers())('role catalogue on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    tokens = Object.fromEntries(await Promise.all(['verband', 'verein', 'land'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const post = (who: string, body: Json) => call(t.app, 'POST', '/api/v1/admin/role', { token: tokens[who], json: body });
  const put = (who: string, body: Json) => call(t.app, 'PUT', '/api/v1/admin/role', { token: tokens[who], json: body });
  const stored = async (id: number) => (await db.select().from(roles).where(eq(roles.id, id)))[0];
  const roleCount = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(roles))[0].n;
  const auditOf = (id: number) => db.select().from(auditEntries).where(and(eq(auditEntries.entity, 'role'), eq(auditEntries.entityId, String(id))));
  const asApi = (row: typeof roles.$inferSelect) => ({ id: row.id, name: row.name, groupId: row.groupId, params: row.params, updatedAt: rfc3339(row.updatedAt) });

  it('lets the federation create a role that GET /admin/roles and /admin/rolegroups then list', async () => {
    const [{ max }] = await db.select({ max: sql<number>`max(${roles.id})`.mapWith(Number) }).from(roles);
    const res = await post('verband', { name: '  Bogenbauer  ', groupId: SPORTS_GROUP, params: { orgWhitelist: [1, 4, 4] } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: max + 1, name: 'Bogenbauer', groupId: SPORTS_GROUP, params: { orgWhitelist: [1, 4] }, updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/) });

    const list: Json[] = (await call(t.app, 'GET', '/api/v1/admin/roles', { token: tokens.verein })).body;
    expect(list.find((r) => r.id === res.body.id)).toEqual({ id: res.body.id, name: 'Bogenbauer', groupId: SPORTS_GROUP, params: { orgWhitelist: [1, 4] } });
    const groups: Json[] = (await call(t.app, 'GET', '/api/v1/admin/rolegroups', { token: tokens.land })).body;
    expect(groups.find((g) => g.id === SPORTS_GROUP).roles).toContainEqual({ id: res.body.id, name: 'Bogenbauer', params: { orgWhitelist: [1, 4] } });

    const audit = await auditOf(res.body.id);
    expect(audit).toEqual([expect.objectContaining({ actorId: 1, actingOrgId: 1, action: 'create' })]);
    expect(audit[0].changes.name).toEqual({ before: null, after: 'Bogenbauer' });
  });

  it('renames a role, keeping its lists when params are left out, and refuses a stale updatedAt', async () => {
    const created = (await post('verband', { name: 'Pfeilbauer', groupId: SPORTS_GROUP, params: { orgBlacklist: [18], editWhitelist: [1] } })).body;
    const renamed = await put('verband', { id: created.id, updatedAt: created.updatedAt, name: 'Pfeilbaumeister', groupId: SPORTS_GROUP });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.id, name: 'Pfeilbaumeister', groupId: SPORTS_GROUP, params: { orgBlacklist: [18], editWhitelist: [1] } });
    expect(renamed.body.updatedAt).not.toBe(created.updatedAt);
    expect(asApi(await stored(created.id))).toEqual(renamed.body);
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audit.find((a) => a.action === 'update')!.changes).toEqual({ name: { before: 'Pfeilbauer', after: 'Pfeilbaumeister' } });

    // The updatedAt of the first answer is out of date now.
    const stale = await put('verband', { id: created.id, updatedAt: created.updatedAt, name: 'Sehnenbauer', groupId: BOARD_GROUP, params: {} });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'stale', value: renamed.body.updatedAt });
    expect(asApi(await stored(created.id))).toEqual(renamed.body);
    expect(await auditOf(created.id)).toHaveLength(2);
  });

  it('takes back exactly what POST answered, with a changed name (unknown and read-only keys ignored)', async () => {
    const created = (await post('verband', { name: 'Kampfrichter', groupId: 7, params: { orgWhitelist: [1] } })).body;
    const res = await put('verband', { ...created, name: 'Kampfrichterin', createdAt: '2020-01-01T00:00:00Z', group: 'Schiedsrichter', extra: { a: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: 'Kampfrichterin', updatedAt: expect.any(String) });
    // And the PUT answer goes back as well.
    const again = await put('verband', { ...res.body, params: {} });
    expect([again.status, again.body.params]).toEqual([200, {}]);
    // A POST of an answer ignores its id and updatedAt: a new role.
    const copy = await post('verband', { ...again.body, name: 'Kampfrichter Kopie' });
    expect(copy.status).toBe(201);
    expect(copy.body.id).toBeGreaterThan(created.id);
  });

  it('refuses the club administrator and the state staff, changing nothing', async () => {
    const created = (await post('verband', { name: 'Scheibenwart', groupId: 9 })).body;
    const before = await roleCount();
    for (const who of ['verein', 'land']) {
      const p = await post(who, { name: `Scheibenwart ${who}`, groupId: 9 });
      expect([who, p.status, p.body.error.code]).toEqual([who, 403, 'forbidden']);
      const u = await put(who, { ...created, name: `Umbenannt ${who}` });
      expect([who, u.status, u.body.error.code]).toEqual([who, 403, 'forbidden']);
      const sys = await put(who, { id: ROLE_EDIT, updatedAt: rfc3339((await stored(ROLE_EDIT)).updatedAt), name: 'Rollen', groupId: SYSTEM_GROUP });
      expect([who, sys.status]).toEqual([who, 403]);
    }
    expect(await roleCount()).toBe(before);
    expect(asApi(await stored(created.id))).toEqual(created);
    expect(await auditOf(created.id)).toHaveLength(1);
    expect((await stored(ROLE_EDIT)).name).toBe('Funktionen');
  });

  it('refuses an unknown group, unknown organisations, and a whitelist with a blacklist (422)', async () => {
    const before = await roleCount();
    const badGroup = await post('verband', { name: 'Ohne Gruppe', groupId: 999 });
    expect([badGroup.status, badGroup.body.error.code, badGroup.body.error.field]).toEqual([422, 'validation', 'groupId']);
    const both = await post('verband', { name: 'Beides', groupId: SPORTS_GROUP, params: { orgWhitelist: [1], orgBlacklist: [4] } });
    expect([both.status, both.body.error.code, both.body.error.field]).toEqual([422, 'validation', 'params.orgBlacklist']);
    const unknownOrg = await post('verband', { name: 'Nirgends', groupId: SPORTS_GROUP, params: { orgWhitelist: [1, 999999] } });
    expect([unknownOrg.status, unknownOrg.body.error.field, unknownOrg.body.error.value]).toEqual([422, 'params.orgWhitelist', 999999]);
    const unknownEditor = await post('verband', { name: 'Nirgends', groupId: SPORTS_GROUP, params: { editWhitelist: [999999] } });
    expect([unknownEditor.status, unknownEditor.body.error.field]).toEqual([422, 'params.editWhitelist']);
    const tooMany = await post('verband', { name: 'Überall', groupId: SPORTS_GROUP, params: { orgWhitelist: Array.from({ length: 501 }, (_, i) => i + 1) } });
    expect([tooMany.status, tooMany.body.error.field]).toEqual([422, 'params.orgWhitelist']);
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const bad = await post('verband', { name, groupId: SPORTS_GROUP });
      expect([bad.status, bad.body.error.field]).toEqual([422, 'name']);
    }
    expect(await roleCount()).toBe(before);

    const created = (await post('verband', { name: 'Gruppenwechsler', groupId: SPORTS_GROUP })).body;
    const moved = await put('verband', { ...created, groupId: 999 });
    expect([moved.status, moved.body.error.field]).toEqual([422, 'groupId']);
    const listed = await put('verband', { ...created, params: { orgWhitelist: [4], orgBlacklist: [18] } });
    expect([listed.status, listed.body.error.field]).toEqual([422, 'params.orgBlacklist']);
    expect(asApi(await stored(created.id))).toEqual(created);
    // Into another ordinary group is fine.
    expect((await put('verband', { ...created, groupId: BOARD_GROUP })).body.groupId).toBe(BOARD_GROUP);
  });

  it('refuses a name its group has already, regardless of case (409 role_exists)', async () => {
    const before = await roleCount();
    const dup = await post('verband', { name: 'TRAINER', groupId: SPORTS_GROUP });
    expect([dup.status, dup.body.error.code, dup.body.error.field]).toEqual([409, 'role_exists', 'name']);
    expect(await roleCount()).toBe(before);
    // Another group may have the name.
    const elsewhere = await post('verband', { name: 'Trainer', groupId: 9 });
    expect(elsewhere.status).toBe(201);
    const renamed = await put('verband', { ...elsewhere.body, groupId: SPORTS_GROUP });
    expect([renamed.status, renamed.body.error.code]).toEqual([409, 'role_exists']);
    const clash = await put('verband', { ...elsewhere.body, name: 'webmaster' });
    expect([clash.status, clash.body.error.code]).toEqual([409, 'role_exists']);
    expect(asApi(await stored(elsewhere.body.id))).toEqual(elsewhere.body);
    // Its own name in another case is no clash.
    expect((await put('verband', { ...elsewhere.body, name: 'trainer' })).status).toBe(200);
  });

  it('keeps system roles in their group and ordinary roles out of it', async () => {
    const system = await stored(ROLE_EDIT);
    expect(system.groupId).toBe(SYSTEM_GROUP);
    const current = asApi(system);
    const moved = await put('verband', { ...current, groupId: SPORTS_GROUP });
    expect([moved.status, moved.body.error.code, moved.body.error.field]).toEqual([422, 'validation', 'groupId']);
    expect(asApi(await stored(ROLE_EDIT))).toEqual(current);

    // Renamed, with other lists, it stays a system role.
    const renamed = await put('verband', { ...current, name: 'Funktionsverwaltung', params: { editWhitelist: [1], orgWhitelist: [1] } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: ROLE_EDIT, name: 'Funktionsverwaltung', groupId: SYSTEM_GROUP, params: { editWhitelist: [1], orgWhitelist: [1] } });
    const back = await put('verband', { ...renamed.body, name: 'Funktionen', params: current.params });
    expect(back.status).toBe(200);

    const ordinary = (await post('verband', { name: 'Möchtegern-Systemrolle', groupId: SPORTS_GROUP })).body;
    const into = await put('verband', { ...ordinary, groupId: SYSTEM_GROUP });
    expect([into.status, into.body.error.field]).toEqual([422, 'groupId']);
    const created = await post('verband', { name: 'Neue Systemrolle', groupId: SYSTEM_GROUP });
    expect([created.status, created.body.error.field]).toEqual([422, 'groupId']);
    expect(asApi(await stored(ordinary.id))).toEqual(ordinary);
  });

  it('gives parallel creations ids of their own and lets only one of them take a name', async () => {
    const distinct = await Promise.all(['Parallel A', 'Parallel B', 'Parallel C'].map((name) => post('verband', { name, groupId: 9 })));
    expect(distinct.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(distinct.map((r) => r.body.id)).size).toBe(3);
    const same = await Promise.all([1, 2].map(() => post('verband', { name: 'Parallel D', groupId: 9 })));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await put('verband', { id: 999_999, updatedAt: '2026-01-01T00:00:00Z', name: 'Niemand', groupId: SPORTS_GROUP });
    expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
  });
});

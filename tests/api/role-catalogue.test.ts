/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditEntries, roles } from '@/server/db/schema';
import { rfc3339 } from '@/server/services/timestamps';
import { answerOf, client, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * The federation's role catalogue (POST / PUT /api/v1/admin/role): the federation adds and changes
 * roles, the answer goes back unchanged with PUT, a stale updatedAt changes nothing, and nobody
 * else writes it. Groups, organisation lists and names are checked; system roles keep their group.
 */

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
    tokens = Object.fromEntries(
      await Promise.all(['verband', 'verein', 'land'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  // Typed calls (hono/testing): bodies and answers are checked against the route definitions.
  const admin = (who: string) => client(t, tokens[who]).api.v1.admin;
  type RoleCreate = Parameters<ReturnType<typeof admin>['role']['$post']>[0]['json'];
  type RoleUpdate = Parameters<ReturnType<typeof admin>['role']['$put']>[0]['json'];
  const post = (who: string, json: RoleCreate) => admin(who).role.$post({ json });
  const put = (who: string, json: RoleUpdate) => admin(who).role.$put({ json });
  const created201 = (json: RoleCreate) => answerOf(post('verband', json), 201);
  /** The error an answer with `status` carries. */
  const refusal = async (res: ReturnType<typeof post> | ReturnType<typeof put>, status: number) => {
    const answered = await res;
    return (await answerOf(answered, status)).error;
  };
  const stored = async (id: number) => (await db.select().from(roles).where(eq(roles.id, id)))[0];
  const roleCount = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(roles))[0].n;
  const auditOf = (id: number) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'role'), eq(auditEntries.entityId, String(id))));
  const asApi = (row: typeof roles.$inferSelect) => ({
    id: row.id,
    name: row.name,
    groupId: row.groupId,
    params: row.params,
    updatedAt: rfc3339(row.updatedAt),
  });

  it('lets the federation create a role that GET /admin/roles and /admin/rolegroups then list', async () => {
    const [{ max }] = await db.select({ max: sql<number>`max(${roles.id})`.mapWith(Number) }).from(roles);
    const res = await created201({ name: '  Bogenbauer  ', groupId: SPORTS_GROUP, params: { orgWhitelist: [1, 4, 4] } });
    expect(res).toEqual({
      id: max + 1,
      name: 'Bogenbauer',
      groupId: SPORTS_GROUP,
      params: { orgWhitelist: [1, 4] },
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/),
    });

    const list = await answerOf(admin('verein').roles.$get(), 200);
    expect(list.find((r) => r.id === res.id)).toEqual({
      id: res.id,
      name: 'Bogenbauer',
      groupId: SPORTS_GROUP,
      params: { orgWhitelist: [1, 4] },
    });
    const groups = await answerOf(admin('land').rolegroups.$get(), 200);
    expect(groups.find((g) => g.id === SPORTS_GROUP)?.roles).toContainEqual({
      id: res.id,
      name: 'Bogenbauer',
      params: { orgWhitelist: [1, 4] },
    });

    const audit = await auditOf(res.id);
    expect(audit).toEqual([expect.objectContaining({ actorId: 1, actingOrgId: 1, action: 'create' })]);
    expect(audit[0].changes.name).toEqual({ before: null, after: 'Bogenbauer' });
  });

  it('renames a role, keeping its lists when params are left out, and refuses a stale updatedAt', async () => {
    const created = await created201({ name: 'Pfeilbauer', groupId: SPORTS_GROUP, params: { orgBlacklist: [18], editWhitelist: [1] } });
    const renamed = await answerOf(
      put('verband', { id: created.id, updatedAt: created.updatedAt, name: 'Pfeilbaumeister', groupId: SPORTS_GROUP }),
      200,
    );
    expect(renamed).toMatchObject({
      id: created.id,
      name: 'Pfeilbaumeister',
      groupId: SPORTS_GROUP,
      params: { orgBlacklist: [18], editWhitelist: [1] },
    });
    expect(renamed.updatedAt).not.toBe(created.updatedAt);
    expect(asApi(await stored(created.id))).toEqual(renamed);
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audit.find((a) => a.action === 'update')!.changes).toEqual({ name: { before: 'Pfeilbauer', after: 'Pfeilbaumeister' } });

    // The updatedAt of the first answer is out of date now.
    const stale = await refusal(
      put('verband', { id: created.id, updatedAt: created.updatedAt, name: 'Sehnenbauer', groupId: BOARD_GROUP, params: {} }),
      409,
    );
    expect(stale).toMatchObject({ code: 'stale', value: renamed.updatedAt });
    expect(asApi(await stored(created.id))).toEqual(renamed);
    expect(await auditOf(created.id)).toHaveLength(2);
  });

  it('takes back exactly what POST answered, with a changed name (unknown and read-only keys ignored)', async () => {
    const created = await created201({ name: 'Kampfrichter', groupId: 7, params: { orgWhitelist: [1] } });
    // Keys the body does not define go along (not a literal here, so tsc lets them through).
    const withExtras = { ...created, name: 'Kampfrichterin', createdAt: '2020-01-01T00:00:00Z', group: 'Schiedsrichter', extra: { a: 1 } };
    const res = await answerOf(put('verband', withExtras), 200);
    expect(res).toEqual({ ...created, name: 'Kampfrichterin', updatedAt: expect.any(String) });
    // And the PUT answer goes back as well.
    const again = await answerOf(put('verband', { ...res, params: {} }), 200);
    expect(again.params).toEqual({});
    // A POST of an answer ignores its id and updatedAt: a new role.
    const copy = await created201({ ...again, name: 'Kampfrichter Kopie' });
    expect(copy.id).toBeGreaterThan(created.id);
  });

  it('refuses the club administrator and the state staff, changing nothing', async () => {
    const created = await created201({ name: 'Scheibenwart', groupId: 9 });
    const before = await roleCount();
    for (const who of ['verein', 'land']) {
      expect([who, (await refusal(post(who, { name: `Scheibenwart ${who}`, groupId: 9 }), 403)).code]).toEqual([who, 'forbidden']);
      expect([who, (await refusal(put(who, { ...created, name: `Umbenannt ${who}` }), 403)).code]).toEqual([who, 'forbidden']);
      const sys = await put(who, {
        id: ROLE_EDIT,
        updatedAt: rfc3339((await stored(ROLE_EDIT)).updatedAt),
        name: 'Rollen',
        groupId: SYSTEM_GROUP,
      });
      expect([who, sys.status]).toEqual([who, 403]);
    }
    expect(await roleCount()).toBe(before);
    expect(asApi(await stored(created.id))).toEqual(created);
    expect(await auditOf(created.id)).toHaveLength(1);
    expect((await stored(ROLE_EDIT)).name).toBe('Funktionen');
  });

  it('refuses an unknown group, unknown organisations, and a whitelist with a blacklist (422)', async () => {
    const before = await roleCount();
    const badGroup = await refusal(post('verband', { name: 'Ohne Gruppe', groupId: 999 }), 422);
    expect([badGroup.code, badGroup.field]).toEqual(['validation', 'groupId']);
    const both = await refusal(
      post('verband', { name: 'Beides', groupId: SPORTS_GROUP, params: { orgWhitelist: [1], orgBlacklist: [4] } }),
      422,
    );
    expect([both.code, both.field]).toEqual(['validation', 'params.orgBlacklist']);
    const unknownOrg = await refusal(
      post('verband', { name: 'Nirgends', groupId: SPORTS_GROUP, params: { orgWhitelist: [1, 999999] } }),
      422,
    );
    expect([unknownOrg.field, unknownOrg.value]).toEqual(['params.orgWhitelist', 999999]);
    const unknownEditor = await refusal(
      post('verband', { name: 'Nirgends', groupId: SPORTS_GROUP, params: { editWhitelist: [999999] } }),
      422,
    );
    expect(unknownEditor.field).toBe('params.editWhitelist');
    const tooMany = await refusal(
      post('verband', { name: 'Überall', groupId: SPORTS_GROUP, params: { orgWhitelist: Array.from({ length: 501 }, (_, i) => i + 1) } }),
      422,
    );
    expect(tooMany.field).toBe('params.orgWhitelist');
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      expect([name, (await refusal(post('verband', { name, groupId: SPORTS_GROUP }), 422)).field]).toEqual([name, 'name']);
    }
    expect(await roleCount()).toBe(before);

    const created = await created201({ name: 'Gruppenwechsler', groupId: SPORTS_GROUP });
    expect((await refusal(put('verband', { ...created, groupId: 999 }), 422)).field).toBe('groupId');
    expect((await refusal(put('verband', { ...created, params: { orgWhitelist: [4], orgBlacklist: [18] } }), 422)).field).toBe(
      'params.orgBlacklist',
    );
    expect(asApi(await stored(created.id))).toEqual(created);
    // Into another ordinary group is fine.
    expect((await answerOf(put('verband', { ...created, groupId: BOARD_GROUP }), 200)).groupId).toBe(BOARD_GROUP);
  });

  it('refuses a name its group has already, regardless of case (409 role_exists)', async () => {
    const before = await roleCount();
    const dup = await refusal(post('verband', { name: 'TRAINER', groupId: SPORTS_GROUP }), 409);
    expect([dup.code, dup.field]).toEqual(['role_exists', 'name']);
    expect(await roleCount()).toBe(before);
    // Another group may have the name.
    const elsewhere = await created201({ name: 'Trainer', groupId: 9 });
    expect((await refusal(put('verband', { ...elsewhere, groupId: SPORTS_GROUP }), 409)).code).toBe('role_exists');
    expect((await refusal(put('verband', { ...elsewhere, name: 'webmaster' }), 409)).code).toBe('role_exists');
    expect(asApi(await stored(elsewhere.id))).toEqual(elsewhere);
    // Its own name in another case is no clash.
    expect((await put('verband', { ...elsewhere, name: 'trainer' })).status).toBe(200);
  });

  it('keeps system roles in their group and ordinary roles out of it', async () => {
    const system = await stored(ROLE_EDIT);
    expect(system.groupId).toBe(SYSTEM_GROUP);
    const current = asApi(system);
    const moved = await refusal(put('verband', { ...current, groupId: SPORTS_GROUP }), 422);
    expect([moved.code, moved.field]).toEqual(['validation', 'groupId']);
    expect(asApi(await stored(ROLE_EDIT))).toEqual(current);

    // Renamed, with other lists, it stays a system role.
    const renamed = await answerOf(
      put('verband', { ...current, name: 'Funktionsverwaltung', params: { editWhitelist: [1], orgWhitelist: [1] } }),
      200,
    );
    expect(renamed).toMatchObject({
      id: ROLE_EDIT,
      name: 'Funktionsverwaltung',
      groupId: SYSTEM_GROUP,
      params: { editWhitelist: [1], orgWhitelist: [1] },
    });
    const back = await put('verband', { ...renamed, name: 'Funktionen', params: current.params });
    expect(back.status).toBe(200);

    const ordinary = await created201({ name: 'Möchtegern-Systemrolle', groupId: SPORTS_GROUP });
    expect((await refusal(put('verband', { ...ordinary, groupId: SYSTEM_GROUP }), 422)).field).toBe('groupId');
    expect((await refusal(post('verband', { name: 'Neue Systemrolle', groupId: SYSTEM_GROUP }), 422)).field).toBe('groupId');
    expect(asApi(await stored(ordinary.id))).toEqual(ordinary);
  });

  it('gives parallel creations ids of their own and lets only one of them take a name', async () => {
    const distinct = await Promise.all(['Parallel A', 'Parallel B', 'Parallel C'].map((name) => created201({ name, groupId: 9 })));
    expect(new Set(distinct.map((r) => r.id)).size).toBe(3);
    const same = await Promise.all([1, 2].map(() => post('verband', { name: 'Parallel D', groupId: 9 })));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('answers 404 for an unknown id', async () => {
    expect(
      (await refusal(put('verband', { id: 999_999, updatedAt: '2026-01-01T00:00:00Z', name: 'Niemand', groupId: SPORTS_GROUP }), 404)).code,
    ).toBe('not_found');
  });
});

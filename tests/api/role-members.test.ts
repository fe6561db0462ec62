/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments, members } from '@/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * What the role administration screen (form 66) reads: where the caller may assign, an
 * organisation's members with their functions there (per role group), persons to add, and a
 * membership given in the same batch making the person a member for the batch's other roles.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;
const OTHER_CLUB = 18;
const TRAINER = 12;
const MEMBERSHIP = 32;

describe.each(testDrivers())('role screen reads on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let tokens: Record<string, string>;
  let outsider: { id: number; surname: string };

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    tokens = Object.fromEntries(await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
    // A member of another club who never was anything in the demo club.
    [outsider] = await db
      .select({ id: members.id, surname: members.surname })
      .from(members)
      .where(sql`${members.id} in (select member_id from function_assignments where org_id = ${OTHER_CLUB} and role_id = 32 and date_to >= current_date) and ${members.id} not in (select member_id from function_assignments where org_id = ${CLUB})`)
      .limit(1);
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const get = (who: string, path: string) => call(t.app, 'GET', path, { token: tokens[who] });

  it('lists where the caller may assign: the club itself, everything for the federation', async () => {
    const club = await get('verein', `/api/v1/admin/role/organisations/${CLUB}`);
    expect(club.status).toBe(200);
    expect(club.body.map((o: Json) => o.id)).toEqual([CLUB]);
    const fed: Json[] = (await get('verband', '/api/v1/admin/role/organisations/1')).body;
    expect(fed.length).toBeGreaterThan(40);
    expect(fed.map((o) => o.id)).toEqual(expect.arrayContaining([1, 4, CLUB, OTHER_CLUB]));
    // Dissolved organisations come last.
    const firstEnded = fed.findIndex((o) => o.endDate !== null);
    expect(firstEnded).toBeGreaterThan(0);
    expect(fed.slice(firstEnded).every((o) => o.endDate !== null)).toBe(true);
    expect((await get('land', '/api/v1/admin/role/organisations/4')).status).toBe(403);
    expect((await get('trainer', `/api/v1/admin/role/organisations/${CLUB}`)).status).toBe(403);
    expect((await get('verein', `/api/v1/admin/role/organisations/${OTHER_CLUB}`)).status).toBe(403);
  });

  it("lists the organisation's members with their functions there, per role group", async () => {
    const all = await get('verein', `/api/v1/admin/role/members/${CLUB}?pageSize=100`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(5);
    const row = all.body.items[0];
    expect(Object.keys(row).sort()).toEqual(['birthDate', 'firstName', 'functions', 'gender', 'id', 'regNr', 'surname', 'uuid']);
    for (const m of all.body.items) for (const f of m.functions) expect(f.orgId).toBe(CLUB);
    // Tab "Sportbetrieb / Trainer" (group 3): only holders of one of its roles.
    const trainers = await get('verein', `/api/v1/admin/role/members/${CLUB}?group=3`);
    expect(trainers.body.total).toBeGreaterThan(0);
    expect(trainers.body.total).toBeLessThan(all.body.total);
    for (const m of trainers.body.items) expect(m.functions.some((f: Json) => f.groupId === 3)).toBe(true);
    // Searched by name in the database.
    const name = all.body.items[3].surname;
    const found = await get('verein', `/api/v1/admin/role/members/${CLUB}?q=${encodeURIComponent(name)}`);
    expect(found.body.items.every((m: Json) => m.surname === name || m.firstName.includes(name) || m.surname.includes(name))).toBe(true);
  });

  it('refuses other clubs, trainers and state staff; the federation reads any club', async () => {
    expect((await get('verein', `/api/v1/admin/role/members/${OTHER_CLUB}`)).status).toBe(403);
    expect((await get('trainer', `/api/v1/admin/role/members/${CLUB}`)).status).toBe(403);
    expect((await get('land', `/api/v1/admin/role/members/${CLUB}`)).status).toBe(403);
    expect((await get('verband', `/api/v1/admin/role/members/${OTHER_CLUB}`)).body.total).toBeGreaterThan(0);
    expect((await get('verband', '/api/v1/admin/role/members/999999')).status).toBe(404);
    expect((await get('verein', `/api/v1/admin/role/members/${CLUB}?group=abc`)).status).toBe(422);
  });

  it('finds persons to add once the text is longer than 2 characters; a club only among its members', async () => {
    const q = encodeURIComponent(outsider.surname);
    expect((await get('verband', `/api/v1/admin/role/members/${CLUB}?candidates=true&q=ab`)).body).toEqual({ items: [], total: 0 });
    const fed = await get('verband', `/api/v1/admin/role/members/${CLUB}?candidates=true&q=${q}`);
    expect(fed.body.items.map((m: Json) => m.id)).toContain(outsider.id);
    const club = await get('verein', `/api/v1/admin/role/members/${CLUB}?candidates=true&q=${q}`);
    expect(club.body.items.map((m: Json) => m.id)).not.toContain(outsider.id);
  });

  it('a membership in the same batch makes the person a member for its other roles', async () => {
    const assign = (body: Json) => call(t.app, 'POST', '/api/v1/admin/role/assign', { token: tokens.verband, json: body });
    const without = await assign({ orgId: CLUB, memberIds: [outsider.id], roleIds: [TRAINER], dryRun: true });
    expect(without.body.errors.map((e: Json) => e.reason)).toEqual(['notAMember']);
    const withMembership = await assign({ orgId: CLUB, memberIds: [outsider.id], roleIds: [TRAINER, MEMBERSHIP] });
    expect(withMembership.body.errors).toEqual([]);
    expect(withMembership.body.success.map((s: Json) => s.roleId)).toEqual([TRAINER, MEMBERSHIP]);
    const rows = await db.select().from(functionAssignments).where(and(eq(functionAssignments.memberId, outsider.id), eq(functionAssignments.orgId, CLUB)));
    expect(rows.map((r) => r.roleId).sort()).toEqual([TRAINER, MEMBERSHIP]);
    // Now a member: the club's own list shows them with both functions.
    const listed = await get('verein', `/api/v1/admin/role/members/${CLUB}?q=${encodeURIComponent(outsider.surname)}`);
    const me = listed.body.items.find((m: Json) => m.id === outsider.id);
    expect(me.functions.map((f: Json) => f.funcId).sort()).toEqual([TRAINER, MEMBERSHIP]);
  });
});

/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments, members } from '@/server/db/schema';
import { answerOf, client, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * What the role administration screen (form 66) reads: where the caller may assign, an
 * organisation's members with their functions there (per role group), persons to add, and a
 * membership given in the same batch making the person a member for the batch's other roles.
 */

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
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
    // A member of another club who never was anything in the demo club.
    [outsider] = await db
      .select({ id: members.id, surname: members.surname })
      .from(members)
      .where(
        sql`${members.id} in (select member_id from function_assignments where org_id = ${OTHER_CLUB} and role_id = 32 and date_to >= current_date) and ${members.id} not in (select member_id from function_assignments where org_id = ${CLUB})`,
      )
      .limit(1);
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  // Typed calls (hono/testing): parameters, queries, bodies and answers are checked against the route definitions.
  const role = (who: string) => client(t, tokens[who]).api.v1.admin.role;
  const organisations = (who: string, orgId: number) => role(who).organisations[':orgId'].$get({ param: { orgId: String(orgId) } });
  type MembersQuery = Parameters<ReturnType<typeof role>['members'][':orgId']['$get']>[0]['query'];
  const memberList = (who: string, orgId: number, query: MembersQuery = {}) =>
    role(who).members[':orgId'].$get({ param: { orgId: String(orgId) }, query });
  const page = (who: string, orgId: number, query: MembersQuery = {}) => answerOf(memberList(who, orgId, query), 200);

  it('lists where the caller may assign: the club itself, everything for the federation', async () => {
    const club = await answerOf(organisations('verein', CLUB), 200);
    expect(club.map((o) => o.id)).toEqual([CLUB]);
    const fed = await answerOf(organisations('verband', 1), 200);
    expect(fed.length).toBeGreaterThan(40);
    expect(fed.map((o) => o.id)).toEqual(expect.arrayContaining([1, 4, CLUB, OTHER_CLUB]));
    // Dissolved organisations come last.
    const firstEnded = fed.findIndex((o) => o.endDate !== null);
    expect(firstEnded).toBeGreaterThan(0);
    expect(fed.slice(firstEnded).every((o) => o.endDate !== null)).toBe(true);
    expect((await organisations('land', 4)).status).toBe(403);
    expect((await organisations('trainer', CLUB)).status).toBe(403);
    expect((await organisations('verein', OTHER_CLUB)).status).toBe(403);
  });

  it("lists the organisation's members with their functions there, per role group", async () => {
    const all = await page('verein', CLUB, { pageSize: '100' });
    expect(all.total).toBeGreaterThan(5);
    const row = all.items[0];
    expect(Object.keys(row).sort()).toEqual(['birthDate', 'firstName', 'functions', 'gender', 'id', 'regNr', 'surname', 'uuid']);
    for (const m of all.items) for (const f of m.functions) expect(f.orgId).toBe(CLUB);
    // Tab "Sportbetrieb / Trainer" (group 3): only holders of one of its roles.
    const trainers = await page('verein', CLUB, { group: '3' });
    expect(trainers.total).toBeGreaterThan(0);
    expect(trainers.total).toBeLessThan(all.total);
    for (const m of trainers.items) expect(m.functions.some((f) => f.groupId === 3)).toBe(true);
    // Searched by name in the database.
    const name = all.items[3].surname;
    const found = await page('verein', CLUB, { q: name });
    expect(found.items.every((m) => m.surname === name || m.firstName.includes(name) || m.surname.includes(name))).toBe(true);
  });

  it('refuses other clubs, trainers and state staff; the federation reads any club', async () => {
    expect((await memberList('verein', OTHER_CLUB)).status).toBe(403);
    expect((await memberList('trainer', CLUB)).status).toBe(403);
    expect((await memberList('land', CLUB)).status).toBe(403);
    expect((await page('verband', OTHER_CLUB)).total).toBeGreaterThan(0);
    expect((await memberList('verband', 999999)).status).toBe(404);
    expect((await memberList('verein', CLUB, { group: 'abc' })).status).toBe(422);
  });

  it('finds persons to add once the text is longer than 2 characters; a club only among its members', async () => {
    const q = outsider.surname;
    expect(await page('verband', CLUB, { candidates: 'true', q: 'ab' })).toEqual({ items: [], total: 0 });
    const fed = await page('verband', CLUB, { candidates: 'true', q });
    expect(fed.items.map((m) => m.id)).toContain(outsider.id);
    const club = await page('verein', CLUB, { candidates: 'true', q });
    expect(club.items.map((m) => m.id)).not.toContain(outsider.id);
  });

  it('a membership in the same batch makes the person a member for its other roles', async () => {
    const assign = (json: Parameters<ReturnType<typeof role>['assign']['$post']>[0]['json']) =>
      answerOf(role('verband').assign.$post({ json }), 200);
    const without = await assign({ orgId: CLUB, memberIds: [outsider.id], roleIds: [TRAINER], dryRun: true });
    expect(without.errors.map((e) => e.reason)).toEqual(['notAMember']);
    const withMembership = await assign({ orgId: CLUB, memberIds: [outsider.id], roleIds: [TRAINER, MEMBERSHIP] });
    expect(withMembership.errors).toEqual([]);
    expect(withMembership.success.map((s) => s.roleId)).toEqual([TRAINER, MEMBERSHIP]);
    const rows = await db
      .select()
      .from(functionAssignments)
      .where(and(eq(functionAssignments.memberId, outsider.id), eq(functionAssignments.orgId, CLUB)));
    expect(rows.map((r) => r.roleId).sort()).toEqual([TRAINER, MEMBERSHIP]);
    // Now a member: the club's own list shows them with both functions.
    const listed = await page('verein', CLUB, { q: outsider.surname });
    const me = listed.items.find((m) => m.id === outsider.id);
    expect(me?.functions.map((f) => f.funcId).sort()).toEqual([TRAINER, MEMBERSHIP]);
  });
});

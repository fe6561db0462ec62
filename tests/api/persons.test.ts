/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import { personSearchRuns } from '@/lib/domain/person-search';
import type { Db } from '@/server/db/client';
import { functionAssignments, members } from '@/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * Person search (form 46) and taking a former member back: the search rule, the club's reach,
 * former members, the function filter, and rejoin from today (refused for a current member, for
 * someone who never was one, and for another club).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;

describe('the person search rule', () => {
  it('runs for text above 2 characters, fewer than 3 functions, or former members; else stays empty', () => {
    expect(personSearchRuns('gru', [1, 7, 26], false)).toBe(true);
    expect(personSearchRuns('gr', [1, 7, 26], false)).toBe(false);
    expect(personSearchRuns('  gr  ', [1, 7, 26, 3, 41, 9], false)).toBe(false);
    expect(personSearchRuns(undefined, [1, 7], false)).toBe(true);
    expect(personSearchRuns(undefined, [1, 7, 26], true)).toBe(true);
  });
});

describe.each(testDrivers())('persons on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let tokens: Record<string, string>;
  let former: { id: number; surname: string };
  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    tokens = Object.fromEntries(await Promise.all(['verein', 'verband', 'land'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
    // A member of the club whose membership ended yesterday, and who holds nothing else there.
    const [m] = await db
      .select({ id: members.id, surname: members.surname })
      .from(members)
      .where(sql`${members.id} > 10 and ${members.id} in (select member_id from function_assignments where org_id = ${CLUB} and role_id = 32) and ${members.id} not in (select member_id from function_assignments where org_id = ${CLUB} and role_id <> 32)`)
      .limit(1);
    former = m;
    await db.update(functionAssignments).set({ dateTo: yesterday() }).where(and(eq(functionAssignments.memberId, m.id), eq(functionAssignments.orgId, CLUB)));
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const search = (who: string, query: string) => call(t.app, 'GET', `/api/v1/admin/persons/search?${query}`, { token: tokens[who] });

  it('finds the club’s current members by name, not its former ones, and answers nothing below the rule', async () => {
    const res = await search('verein', `org=${CLUB}&q=${encodeURIComponent(former.surname)}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: Json) => p.id)).not.toContain(former.id);
    for (const p of res.body.items) expect(Object.keys(p).sort()).toEqual(['ageClass', 'email', 'federalState', 'firstName', 'functions', 'id', 'licenseOrg', 'phoneMobile', 'regNr', 'surname', 'uuid']);
    expect((await search('verein', `org=${CLUB}&q=ab&functions=1,7,26`)).body).toEqual({ items: [], total: 0 });
  });

  it('lists former members with former=true', async () => {
    const res = await search('verein', `org=${CLUB}&former=true`);
    expect(res.body.items.map((p: Json) => p.id)).toContain(former.id);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
  });

  it('filters by function held now', async () => {
    const res = await search('verein', `org=${CLUB}&functions=12`);
    expect(res.body.total).toBeGreaterThan(0);
    for (const p of res.body.items) expect(p.functions.some((f: Json) => f.funcId === 12)).toBe(true);
  });

  it('filters by role group (what the screen offers): holders of any function of the chosen groups', async () => {
    // group 3 (Sportbetrieb / Trainer) holds Trainer (12), Übungsleiter (13), Instruktor (14) …
    const res = await search('verein', `org=${CLUB}&groups=3`);
    expect(res.body.total).toBeGreaterThan(0);
    for (const p of res.body.items) expect(p.functions.some((f: Json) => [12, 13, 14, 15, 16, 17, 18].includes(f.funcId))).toBe(true);
    // Three groups and no text: the rule keeps the result empty.
    expect((await search('verein', `org=${CLUB}&groups=1,3,7`)).body).toEqual({ items: [], total: 0 });
    expect((await search('verein', `org=${CLUB}&groups=1,x`)).status).toBe(422);
  });

  it('keeps each organisation to its reach', async () => {
    expect((await search('verein', 'org=18&q=gruber')).status).toBe(403);
    expect((await search('land', 'org=4&q=gruber')).status).toBe(403);
    // The federation finds a member of another club by name; the club does not.
    const [other] = await db
      .select({ id: members.id, surname: members.surname })
      .from(members)
      .where(sql`${members.id} in (select member_id from function_assignments where org_id = 18 and role_id = 32 and date_to >= current_date) and ${members.id} not in (select member_id from function_assignments where org_id = ${CLUB})`)
      .limit(1);
    expect((await search('verband', `org=1&q=${encodeURIComponent(other.surname)}`)).body.items.map((p: Json) => p.id)).toContain(other.id);
    expect((await search('verein', `org=${CLUB}&q=${encodeURIComponent(other.surname)}`)).body.items.map((p: Json) => p.id)).not.toContain(other.id);
  });

  it('takes a former member back from today, once', async () => {
    const rejoin = (who: string, memberId: number, orgId: number) => call(t.app, 'POST', `/api/v1/admin/persons/${memberId}/rejoin`, { token: tokens[who], json: { orgId } });
    expect((await rejoin('verein', former.id, 18)).status).toBe(403);
    const res = await rejoin('verein', former.id, CLUB);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ memberId: former.id, orgId: CLUB, dateFrom: new Date().toISOString().slice(0, 10) });
    expect((await rejoin('verein', former.id, CLUB)).body.error.code).toBe('already_member');
    const never = (await db.select({ id: members.id }).from(members).where(sql`${members.id} not in (select member_id from function_assignments where org_id = ${CLUB})`).limit(1))[0];
    // Someone who was never a member and whom the club does not reach is, to the club, an id nobody has;
    // the federation, which reaches everyone, learns why.
    expect((await rejoin('verein', never.id, CLUB)).body).toEqual((await rejoin('verein', 987_654, CLUB)).body);
    expect((await rejoin('verein', never.id, CLUB)).status).toBe(404);
    expect((await rejoin('verband', never.id, CLUB)).body.error.code).toBe('not_a_former_member');
    // A member again: found by the search of current members.
    const found = await search('verein', `org=${CLUB}&q=${encodeURIComponent(former.surname)}`);
    expect(found.body.items.map((p: Json) => p.id)).toContain(former.id);
  });
});

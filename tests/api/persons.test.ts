/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import { personSearchRuns } from '@/lib/domain/person-search';
import type { Db } from '@/server/db/client';
import { functionAssignments, members } from '@/server/db/schema';
import { answerOf, client, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * Person search (form 46) and taking a former member back: the search rule, the club's reach,
 * former members, the function filter, and rejoin from today (refused for a current member, for
 * someone who never was one, and for another club).
 */

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
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'land'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
    // A member of the club whose membership ended yesterday, and who holds nothing else there.
    const [m] = await db
      .select({ id: members.id, surname: members.surname })
      .from(members)
      .where(
        sql`${members.id} > 10 and ${members.id} in (select member_id from function_assignments where org_id = ${CLUB} and role_id = 32) and ${members.id} not in (select member_id from function_assignments where org_id = ${CLUB} and role_id <> 32)`,
      )
      .limit(1);
    former = m;
    await db
      .update(functionAssignments)
      .set({ dateTo: yesterday() })
      .where(and(eq(functionAssignments.memberId, m.id), eq(functionAssignments.orgId, CLUB)));
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  // Typed calls (hono/testing): the query, the body and the answers are checked against the route definitions.
  const api = (who: string) => client(t, tokens[who]).api.v1.admin.persons;
  type SearchQuery = { org: string; q?: string; functions?: string; groups?: string; former?: 'true' | 'false' };
  const search = (who: string, query: SearchQuery) => api(who).search.$get({ query });
  const found = async (who: string, query: SearchQuery) => answerOf(search(who, query), 200);
  const org = String(CLUB);

  it('finds the club’s current members by name, not its former ones, and answers nothing below the rule', async () => {
    const page = await found('verein', { org, q: former.surname });
    expect(page.items.map((p) => p.id)).not.toContain(former.id);
    for (const p of page.items)
      expect(Object.keys(p).sort()).toEqual([
        'ageClass',
        'email',
        'federalState',
        'firstName',
        'functions',
        'id',
        'licenseOrg',
        'phoneMobile',
        'regNr',
        'surname',
        'uuid',
      ]);
    expect(await found('verein', { org, q: 'ab', functions: '1,7,26' })).toEqual({ items: [], total: 0 });
  });

  it('lists former members with former=true', async () => {
    const page = await found('verein', { org, former: 'true' });
    expect(page.items.map((p) => p.id)).toContain(former.id);
    expect(page.total).toBeGreaterThanOrEqual(1);
  });

  it('filters by function held now', async () => {
    const page = await found('verein', { org, functions: '12' });
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.items) expect(p.functions.some((f) => f.funcId === 12)).toBe(true);
  });

  it('filters by role group (what the screen offers): holders of any function of the chosen groups', async () => {
    // group 3 (Sportbetrieb / Trainer) holds Trainer (12), Übungsleiter (13), Instruktor (14) …
    const page = await found('verein', { org, groups: '3' });
    expect(page.total).toBeGreaterThan(0);
    for (const p of page.items) expect(p.functions.some((f) => [12, 13, 14, 15, 16, 17, 18].includes(f.funcId))).toBe(true);
    // Three groups and no text: the rule keeps the result empty.
    expect(await found('verein', { org, groups: '1,3,7' })).toEqual({ items: [], total: 0 });
    expect((await search('verein', { org, groups: '1,x' })).status).toBe(422);
  });

  it('keeps each organisation to its reach', async () => {
    expect((await search('verein', { org: '18', q: 'gruber' })).status).toBe(403);
    expect((await search('land', { org: '4', q: 'gruber' })).status).toBe(403);
    // The federation finds a member of another club by name; the club does not.
    const [other] = await db
      .select({ id: members.id, surname: members.surname })
      .from(members)
      .where(
        sql`${members.id} in (select member_id from function_assignments where org_id = 18 and role_id = 32 and date_to >= current_date) and ${members.id} not in (select member_id from function_assignments where org_id = ${CLUB})`,
      )
      .limit(1);
    expect((await found('verband', { org: '1', q: other.surname })).items.map((p) => p.id)).toContain(other.id);
    expect((await found('verein', { org, q: other.surname })).items.map((p) => p.id)).not.toContain(other.id);
  });

  it('takes a former member back from today, once', async () => {
    const rejoin = (who: string, memberId: number, orgId: number) =>
      api(who)[':memberId'].rejoin.$post({ param: { memberId: String(memberId) }, json: { orgId } });
    expect((await rejoin('verein', former.id, 18)).status).toBe(403);
    expect(await answerOf(rejoin('verein', former.id, CLUB), 201)).toMatchObject({
      memberId: former.id,
      orgId: CLUB,
      dateFrom: new Date().toISOString().slice(0, 10),
    });
    expect((await answerOf(rejoin('verein', former.id, CLUB), 409)).error.code).toBe('already_member');
    const never = (
      await db
        .select({ id: members.id })
        .from(members)
        .where(sql`${members.id} not in (select member_id from function_assignments where org_id = ${CLUB})`)
        .limit(1)
    )[0];
    // Someone who was never a member and whom the club does not reach is, to the club, an id nobody has;
    // the federation, which reaches everyone, learns why.
    expect(await answerOf(rejoin('verein', never.id, CLUB), 404)).toEqual(await answerOf(rejoin('verein', 987_654, CLUB), 404));
    expect((await answerOf(rejoin('verband', never.id, CLUB), 422)).error.code).toBe('not_a_former_member');
    // A member again: found by the search of current members.
    expect((await found('verein', { org, q: former.surname })).items.map((p) => p.id)).toContain(former.id);
  });
});

/** @jest-environment node */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments } from '@/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * Bulk role assignment (form 66) as a club administrator and the federation use it: a mixed batch
 * answers per person and role, a dry run saves nothing, a batch is undone exactly (and refused
 * once something in it changed), and nobody gives what is above them or assigns elsewhere.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;
const TRAINER = 12;
const YOUTH_WARDEN = 16;
const CHAIR = 1; // not given in the federation (orgBlacklist [1])
const TOURNAMENTS = 1000; // a system role offered in clubs, given by the federation only (editWhitelist)

describe.each(testDrivers())('role assignment on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let tokens: Record<string, string>;
  let clubMembers: number[];
  let stranger: number;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    tokens = Object.fromEntries(await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
    const activeIn = async (orgId: number) =>
      (
        await db
          .selectDistinct({ id: functionAssignments.memberId })
          .from(functionAssignments)
          .where(and(eq(functionAssignments.orgId, orgId), eq(functionAssignments.roleId, 32), sql`${functionAssignments.dateTo} >= current_date`))
          .orderBy(functionAssignments.memberId)
      ).map((r) => r.id);
    // Plain members (ids above the demo accounts), without youth-warden functions.
    clubMembers = (await activeIn(CLUB)).filter((id) => id > 10).slice(0, 3);
    stranger = (await activeIn(18)).filter((id) => id > 10)[0];
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const assign = (who: string, body: Json) => call(t.app, 'POST', '/api/v1/admin/role/assign', { token: tokens[who], json: body });
  const held = (memberIds: number[], roleId: number) =>
    db.select().from(functionAssignments).where(and(inArray(functionAssignments.memberId, memberIds), eq(functionAssignments.roleId, roleId), eq(functionAssignments.orgId, CLUB)));

  it('answers a mixed batch per person and role, saving only what is allowed', async () => {
    const [a, b] = clubMembers;
    const res = await assign('verein', { orgId: CLUB, memberIds: [a, b, stranger], roleIds: [YOUTH_WARDEN, TOURNAMENTS] });
    expect(res.status).toBe(200);
    const body: Json = res.body;
    expect(body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.success.map((s: Json) => [s.memberId, s.roleId])).toEqual([
      [a, YOUTH_WARDEN],
      [b, YOUTH_WARDEN],
    ]);
    expect(body.errors.map((e: Json) => [e.memberId, e.roleId, e.reason])).toEqual([
      [a, TOURNAMENTS, 'aboveCaller'],
      [b, TOURNAMENTS, 'aboveCaller'],
      [stranger, YOUTH_WARDEN, 'notReached'],
      [stranger, TOURNAMENTS, 'aboveCaller'],
    ]);
    // A person of another club is beyond the club's reach: not named.
    expect(body.errors.filter((e: Json) => e.memberId === stranger).map((e: Json) => e.name)).toEqual(['', '']);
    expect(body.errors[0]).toMatchObject({ name: expect.stringMatching(/\S+ \S+/), role: expect.any(String), message: 'You may not give this role' });
    expect(await held([a, b], YOUTH_WARDEN)).toHaveLength(2);

    // The same again overlaps what the first batch gave.
    const again = await assign('verein', { orgId: CLUB, memberIds: [a], roleIds: [YOUTH_WARDEN] });
    expect(again.body).toMatchObject({ batchId: null, success: [], errors: [{ memberId: a, reason: 'overlapping' }] });
    // A period after the first one ended is no overlap.
    const end = await assign('verband', { orgId: CLUB, memberIds: [clubMembers[2]], roleIds: [YOUTH_WARDEN], start: '2030-01-01', end: '2030-12-31' });
    expect(end.body.success).toHaveLength(1);
  });

  it('saves nothing in a dry run', async () => {
    const [, , c] = clubMembers;
    const res = await assign('verein', { orgId: CLUB, memberIds: [c], roleIds: [TRAINER], dryRun: true });
    expect(res.body).toMatchObject({ batchId: null, dryRun: true, success: [{ memberId: c, roleId: TRAINER, assignmentId: null }] });
    expect(await held([c], TRAINER)).toEqual([]);
  });

  it('undoes exactly a batch, and refuses once something in it changed', async () => {
    const [, , c] = clubMembers;
    const first = (await assign('verein', { orgId: CLUB, memberIds: [c], roleIds: [TRAINER] })).body;
    expect(await held([c], TRAINER)).toHaveLength(1);
    const undo = await call(t.app, 'POST', `/api/v1/admin/role/assign/${first.batchId}/undo`, { token: tokens.verein });
    expect(undo.body).toEqual({ batchId: first.batchId, removed: 1 });
    expect(await held([c], TRAINER)).toEqual([]);
    expect((await call(t.app, 'POST', `/api/v1/admin/role/assign/${first.batchId}/undo`, { token: tokens.verein })).body.error.code).toBe('already_undone');

    const second = (await assign('verein', { orgId: CLUB, memberIds: [c], roleIds: [TRAINER] })).body;
    await db.update(functionAssignments).set({ dateTo: '2040-12-31', updatedAt: sql`now() + interval '1 second'` }).where(eq(functionAssignments.id, second.success[0].assignmentId));
    const refused = await call(t.app, 'POST', `/api/v1/admin/role/assign/${second.batchId}/undo`, { token: tokens.verein });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('batch_changed');
    expect(await held([c], TRAINER)).toHaveLength(1);
  });

  it('keeps roles where their lists say and assignments where the caller may assign', async () => {
    const fed = await assign('verband', { orgId: 1, memberIds: [1], roleIds: [CHAIR] });
    expect(fed.body.errors).toEqual([expect.objectContaining({ reason: 'notAllowedHere' })]);
    expect((await assign('verein', { orgId: 18, memberIds: [stranger], roleIds: [TRAINER] })).status).toBe(403);
    expect((await assign('land', { orgId: CLUB, memberIds: clubMembers, roleIds: [TRAINER] })).status).toBe(403);
    expect((await assign('trainer', { orgId: CLUB, memberIds: clubMembers, roleIds: [TRAINER] })).status).toBe(403);
    const bad = await assign('verein', { orgId: CLUB, memberIds: clubMembers, roleIds: [TRAINER], start: '2030-01-02', end: '2030-01-01' });
    expect(bad.status).toBe(200);
    expect(bad.body.batchId).toBeNull();
    expect(bad.body.success).toEqual([]);
    expect(bad.body.errors.map((e: Json) => e.reason)).toEqual(clubMembers.map(() => 'endBeforeStart'));
    expect((await held(clubMembers, TRAINER)).filter((h) => h.dateFrom === '2030-01-02')).toHaveLength(0);
  });

  it('lists role groups and roles', async () => {
    const groups: Json[] = (await call(t.app, 'GET', '/api/v1/admin/rolegroups', { token: tokens.verein })).body;
    expect(groups.find((g) => g.group === 'Schiedsrichter').roles.map((r: Json) => r.id)).toEqual(expect.arrayContaining([20, 21]));
    const roles: Json[] = (await call(t.app, 'GET', '/api/v1/admin/roles', { token: tokens.trainer })).body;
    expect(roles.find((r) => r.id === CHAIR).params.orgBlacklist).toEqual([1]);
  });
});

/** @jest-environment node */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments } from '@/server/db/schema';
import { answerOf, client, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * Bulk role assignment (form 66) as a club administrator and the federation use it: a mixed batch
 * answers per person and role, a dry run saves nothing, a batch is undone exactly (and refused
 * once something in it changed), and nobody gives what is above them or assigns elsewhere.
 */

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
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
    const activeIn = async (orgId: number) =>
      (
        await db
          .selectDistinct({ id: functionAssignments.memberId })
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.orgId, orgId),
              eq(functionAssignments.roleId, 32),
              sql`${functionAssignments.dateTo} >= current_date`,
            ),
          )
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

  // Typed calls (hono/testing): bodies and answers are checked against the route definitions.
  const admin = (who: string) => client(t, tokens[who]).api.v1.admin;
  type AssignBody = Parameters<ReturnType<typeof admin>['role']['assign']['$post']>[0]['json'];
  const assign = (who: string, json: AssignBody) => admin(who).role.assign.$post({ json });
  const assigned = (who: string, json: AssignBody) => answerOf(assign(who, json), 200);
  const undo = (batchId: string) => admin('verein').role.assign[':batchId'].undo.$post({ param: { batchId } });
  const held = (memberIds: number[], roleId: number) =>
    db
      .select()
      .from(functionAssignments)
      .where(
        and(inArray(functionAssignments.memberId, memberIds), eq(functionAssignments.roleId, roleId), eq(functionAssignments.orgId, CLUB)),
      );

  it('answers a mixed batch per person and role, saving only what is allowed', async () => {
    const [a, b] = clubMembers;
    const body = await assigned('verein', { orgId: CLUB, memberIds: [a, b, stranger], roleIds: [YOUTH_WARDEN, TOURNAMENTS] });
    expect(body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.success.map((s) => [s.memberId, s.roleId])).toEqual([
      [a, YOUTH_WARDEN],
      [b, YOUTH_WARDEN],
    ]);
    expect(body.errors.map((e) => [e.memberId, e.roleId, e.reason])).toEqual([
      [a, TOURNAMENTS, 'aboveCaller'],
      [b, TOURNAMENTS, 'aboveCaller'],
      [stranger, YOUTH_WARDEN, 'notReached'],
      [stranger, TOURNAMENTS, 'aboveCaller'],
    ]);
    // A person of another club is beyond the club's reach: not named.
    expect(body.errors.filter((e) => e.memberId === stranger).map((e) => e.name)).toEqual(['', '']);
    expect(body.errors[0]).toMatchObject({
      name: expect.stringMatching(/\S+ \S+/),
      role: expect.any(String),
      message: 'You may not give this role',
    });
    expect(await held([a, b], YOUTH_WARDEN)).toHaveLength(2);

    // The same again overlaps what the first batch gave.
    const again = await assigned('verein', { orgId: CLUB, memberIds: [a], roleIds: [YOUTH_WARDEN] });
    expect(again).toMatchObject({ batchId: null, success: [], errors: [{ memberId: a, reason: 'overlapping' }] });
    // A period after the first one ended is no overlap.
    const end = await assigned('verband', {
      orgId: CLUB,
      memberIds: [clubMembers[2]],
      roleIds: [YOUTH_WARDEN],
      start: '2030-01-01',
      end: '2030-12-31',
    });
    expect(end.success).toHaveLength(1);
  });

  it('saves nothing in a dry run', async () => {
    const [, , c] = clubMembers;
    const res = await assigned('verein', { orgId: CLUB, memberIds: [c], roleIds: [TRAINER], dryRun: true });
    expect(res).toMatchObject({ batchId: null, dryRun: true, success: [{ memberId: c, roleId: TRAINER, assignmentId: null }] });
    expect(await held([c], TRAINER)).toEqual([]);
  });

  it('undoes exactly a batch, and refuses once something in it changed', async () => {
    const [, , c] = clubMembers;
    const first = await assigned('verein', { orgId: CLUB, memberIds: [c], roleIds: [TRAINER] });
    if (!first.batchId) throw new Error('the batch saved nothing');
    expect(await held([c], TRAINER)).toHaveLength(1);
    expect(await answerOf(undo(first.batchId), 200)).toEqual({ batchId: first.batchId, removed: 1 });
    expect(await held([c], TRAINER)).toEqual([]);
    expect((await answerOf(undo(first.batchId), 409)).error.code).toBe('already_undone');

    const second = await assigned('verein', { orgId: CLUB, memberIds: [c], roleIds: [TRAINER] });
    const secondId = second.success[0]?.assignmentId;
    if (!second.batchId || !secondId) throw new Error('the batch saved nothing');
    await db
      .update(functionAssignments)
      .set({ dateTo: '2040-12-31', updatedAt: sql`now() + interval '1 second'` })
      .where(eq(functionAssignments.id, secondId));
    expect((await answerOf(undo(second.batchId), 409)).error.code).toBe('batch_changed');
    expect(await held([c], TRAINER)).toHaveLength(1);
  });

  it('keeps roles where their lists say and assignments where the caller may assign', async () => {
    const fed = await assigned('verband', { orgId: 1, memberIds: [1], roleIds: [CHAIR] });
    expect(fed.errors).toEqual([expect.objectContaining({ reason: 'notAllowedHere' })]);
    expect((await assign('verein', { orgId: 18, memberIds: [stranger], roleIds: [TRAINER] })).status).toBe(403);
    expect((await assign('land', { orgId: CLUB, memberIds: clubMembers, roleIds: [TRAINER] })).status).toBe(403);
    expect((await assign('trainer', { orgId: CLUB, memberIds: clubMembers, roleIds: [TRAINER] })).status).toBe(403);
    const bad = await assigned('verein', {
      orgId: CLUB,
      memberIds: clubMembers,
      roleIds: [TRAINER],
      start: '2030-01-02',
      end: '2030-01-01',
    });
    expect(bad.batchId).toBeNull();
    expect(bad.success).toEqual([]);
    expect(bad.errors.map((e) => e.reason)).toEqual(clubMembers.map(() => 'endBeforeStart'));
    expect((await held(clubMembers, TRAINER)).filter((h) => h.dateFrom === '2030-01-02')).toHaveLength(0);
  });

  it('lists role groups and roles', async () => {
    const groups = await answerOf(admin('verein').rolegroups.$get(), 200);
    expect(groups.find((g) => g.group === 'Schiedsrichter')?.roles.map((r) => r.id)).toEqual(expect.arrayContaining([20, 21]));
    const roles = await answerOf(admin('trainer').roles.$get(), 200);
    expect(roles.find((r) => r.id === CHAIR)?.params.orgBlacklist).toEqual([1]);
  });
});

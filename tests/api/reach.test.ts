/** @jest-environment node */
import { and, eq, inArray } from 'drizzle-orm';
import { functionAssignments } from '@/server/db/schema';
import { closeApi, openApi, type DemoUser, type OpenApi } from './helpers/open-api';
import { answerOf, client } from './helpers/test-app';
import { testDrivers } from './helpers/test-db';

/**
 * A club reaches a person only through an identified connection. The club administrator tries to
 * pull persons of other clubs (and the federation's officers, ids 1 and 3) into club 11 by every
 * write that gives a function, and still cannot read them afterwards; answers name nobody beyond
 * the caller's reach; a batch is undone only by its author or by someone who may give all its
 * roles. The allowed sides: connecting with the duplicate check's proof, and a club giving roles
 * to its own members.
 */

const CLUB = 11;
const OTHER_CLUB = 18;
const MEMBERSHIP = 32;
const YOUTH_WARDEN = 16;
const TOURNAMENTS = 1000; // a system role offered in clubs, given by the federation only
const NOBODY = 987_654;

describe.each(testDrivers())('reach on %s', (driver) => {
  let api: OpenApi;
  /** A person of another club, known to the club by name only (as an attacker would). */
  let stranger: { id: number; firstName: string; surname: string; birthDate: string };
  /** A plain member of club 11. */
  let own: number;

  beforeAll(async () => {
    api = await openApi(driver, ['verband', 'verein', 'land']);
    const created = await answerOf(
      admin('verband').member.$post({
        json: {
          orgId: OTHER_CLUB,
          firstName: 'Julia',
          surname: 'Reichweite',
          birthDate: '1991-03-14',
          gender: 'w',
          city: 'Wien',
          phoneMobile: '+43 660 1234567',
        },
      }),
      201,
    );
    stranger = { id: created.id, firstName: 'Julia', surname: 'Reichweite', birthDate: '1991-03-14' };
    own = (
      await answerOf(
        admin('verein').member.$post({
          json: { orgId: CLUB, firstName: 'Otto', surname: 'Eigenmitglied', birthDate: '1985-05-05', gender: 'm' },
        }),
        201,
      )
    ).id;
  }, 120_000);
  afterAll(async () => {
    await closeApi(api ?? {});
  });

  // Typed calls (hono/testing): parameters, bodies and answers are checked against the route definitions.
  const admin = (who: DemoUser) => client(api.t, api.tokens[who]).api.v1.admin;
  type AssignBody = Parameters<ReturnType<typeof admin>['role']['assign']['$post']>[0]['json'];
  const assign = (who: DemoUser, json: AssignBody) => answerOf(admin(who).role.assign.$post({ json }), 200);
  const undo = (who: DemoUser, batchId: string | null) =>
    admin(who).role.assign[':batchId'].undo.$post({ param: { batchId: String(batchId) } });
  const assignmentsIn = (memberIds: number[], orgId: number) =>
    api.tdb.db
      .select()
      .from(functionAssignments)
      .where(and(inArray(functionAssignments.memberId, memberIds), eq(functionAssignments.orgId, orgId)));
  const readStatus = async (memberId: number) =>
    (await admin('verein').member[':orgId'][':memberId'].$get({ param: { orgId: String(CLUB), memberId: String(memberId) } })).status;

  describe('the club cannot pull a person of another club into itself', () => {
    it('by assigning the membership (32): refused, nothing created, the person stays unreadable', async () => {
      const ids = [stranger.id, 1, 3];
      for (const id of ids) expect(await readStatus(id)).toBe(403);
      const res = await assign('verein', { orgId: CLUB, memberIds: ids, roleIds: [MEMBERSHIP] });
      expect(res.batchId).toBeNull();
      expect(res.success).toEqual([]);
      expect(res.errors.map((e) => [e.memberId, e.reason])).toEqual(ids.map((id) => [id, 'notReached']));
      expect(await assignmentsIn(ids, CLUB)).toEqual([]);
      for (const id of ids) expect(await readStatus(id)).toBe(403);
      // and so cannot change their e-mail
      const edit = await admin('verein').member.$put({
        json: { id: stranger.id, updatedAt: new Date().toISOString(), orgId: CLUB, email: 'attacker@example.net' },
      });
      expect(edit.status).toBe(403);
    });

    it('by assigning the membership together with another role in one batch', async () => {
      const res = await assign('verein', { orgId: CLUB, memberIds: [stranger.id], roleIds: [MEMBERSHIP, YOUTH_WARDEN] });
      expect(res.success).toEqual([]);
      expect(res.errors.map((e) => e.reason)).toEqual(['notReached', 'notReached']);
      expect(await assignmentsIn([stranger.id], CLUB)).toEqual([]);
      expect(await readStatus(stranger.id)).toBe(403);
    });

    it('by a function written on the member screen', async () => {
      const res = await admin('verein').functions[':id'].$post({
        param: { id: String(stranger.id) },
        json: { orgId: CLUB, memberId: stranger.id, roleId: MEMBERSHIP, from: '2026-01-01' },
      });
      expect(res.status).toBe(403);
      expect(await assignmentsIn([stranger.id], CLUB)).toEqual([]);
      expect(await readStatus(stranger.id)).toBe(403);
    });

    it('by connecting without a proof, or by taking them "back"', async () => {
      const connect = await answerOf(admin('verein').member.membership.$post({ json: { orgId: CLUB, memberId: stranger.id } }), 403);
      expect(connect.error.code).toBe('proof_required');
      const rejoin = (memberId: number) =>
        admin('verein').persons[':memberId'].rejoin.$post({ param: { memberId: String(memberId) }, json: { orgId: CLUB } });
      expect(await answerOf(rejoin(stranger.id), 404)).toEqual(await answerOf(rejoin(NOBODY), 404));
      expect(await assignmentsIn([stranger.id], CLUB)).toEqual([]);
      expect(await readStatus(stranger.id)).toBe(403);
    });
  });

  describe('answers name nobody beyond the caller’s reach', () => {
    it('a dry run answers a person of another club exactly like an id nobody has', async () => {
      const res = await assign('verein', {
        orgId: CLUB,
        memberIds: [stranger.id, 1, NOBODY],
        roleIds: [MEMBERSHIP, YOUTH_WARDEN],
        dryRun: true,
      });
      const { memberId: unknownId, ...unknownAnswer } = { ...res.errors.find((e) => e.memberId === NOBODY && e.roleId === MEMBERSHIP) };
      expect(unknownId).toBe(NOBODY);
      expect(unknownAnswer).toMatchObject({ name: '', reason: 'notReached' });
      for (const id of [stranger.id, 1]) {
        for (const roleId of [MEMBERSHIP, YOUTH_WARDEN]) {
          const { memberId, ...answer } = { ...res.errors.find((e) => e.memberId === id && e.roleId === roleId) };
          expect(memberId).toBe(id);
          expect(answer).toEqual({ ...unknownAnswer, roleId, role: answer.role });
        }
      }
      expect(JSON.stringify(res)).not.toContain('Reichweite');
    });

    it('names the club’s own members, and the federation names everyone', async () => {
      const club = await assign('verein', { orgId: CLUB, memberIds: [own], roleIds: [TOURNAMENTS], dryRun: true });
      expect(club.errors).toEqual([expect.objectContaining({ memberId: own, name: 'Otto Eigenmitglied', reason: 'aboveCaller' })]);
      const fed = await assign('verband', { orgId: CLUB, memberIds: [stranger.id], roleIds: [YOUTH_WARDEN], dryRun: true });
      expect(fed.errors).toEqual([expect.objectContaining({ memberId: stranger.id, name: 'Julia Reichweite', reason: 'notAMember' })]);
    });
  });

  describe('the allowed sides', () => {
    it('a club gives roles to its own members', async () => {
      const res = await assign('verein', { orgId: CLUB, memberIds: [own], roleIds: [YOUTH_WARDEN] });
      expect(res.success).toEqual([expect.objectContaining({ memberId: own, roleId: YOUTH_WARDEN, name: 'Otto Eigenmitglied' })]);
      expect((await assignmentsIn([own], CLUB)).map((a) => a.roleId).sort()).toEqual([YOUTH_WARDEN, MEMBERSHIP].sort());
    });

    it('a club connects a person of another club with the duplicate check’s proof, and then reads them', async () => {
      const person = await answerOf(
        admin('verband').member.$post({
          json: { orgId: OTHER_CLUB, firstName: 'Vera', surname: 'Nachweis', birthDate: '1979-07-07', gender: 'w' },
        }),
        201,
      );
      const id = person.id;
      expect(await readStatus(id)).toBe(403);
      const check = await answerOf(
        admin('verein').member.duplicates.$put({ json: { firstName: 'Vera', surname: 'Nachweis', birthDate: '1979-07-07' } }),
        200,
      );
      const proof = check.candidates.find((c) => c.id === id)?.proof;
      expect(proof).toEqual(expect.any(String));
      const connect = await admin('verein').member.membership.$post({ json: { orgId: CLUB, memberId: id, proof } });
      expect(connect.status).toBe(201);
      expect(await readStatus(id)).toBe(200);
    });
  });

  describe('undoing a batch', () => {
    it('refuses the club undoing the federation’s batch with a role the club cannot give; the federation undoes it', async () => {
      const batch = await assign('verband', { orgId: CLUB, memberIds: [own], roleIds: [TOURNAMENTS] });
      expect(batch.success).toHaveLength(1);
      expect((await answerOf(undo('verein', batch.batchId), 403)).error.code).toBe('batch_not_yours');
      expect((await assignmentsIn([own], CLUB)).filter((a) => a.roleId === TOURNAMENTS)).toHaveLength(1);
      expect(await answerOf(undo('verband', batch.batchId), 200)).toEqual({ batchId: batch.batchId, removed: 1 });
      expect((await assignmentsIn([own], CLUB)).filter((a) => a.roleId === TOURNAMENTS)).toEqual([]);
    });

    it('lets the club undo the federation’s batch when it may give every role in it', async () => {
      const other = await answerOf(
        admin('verein').member.$post({ json: { orgId: CLUB, firstName: 'Ida', surname: 'Jugend', birthDate: '1990-01-01', gender: 'w' } }),
        201,
      );
      const batch = await assign('verband', { orgId: CLUB, memberIds: [other.id], roleIds: [YOUTH_WARDEN] });
      expect((await answerOf(undo('verein', batch.batchId), 200)).removed).toBe(1);
    });
  });
});

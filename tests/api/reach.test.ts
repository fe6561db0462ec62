/** @jest-environment node */
import { and, eq, inArray } from 'drizzle-orm';
import { functionAssignments } from '@/server/db/schema';
import { callsWith, closeApi, openApi, type DemoUser, type OpenApi } from './helpers/open-api';
import { testDrivers } from './helpers/test-db';

/**
 * A club reaches a person only through an identified connection. The club administrator tries to
 * pull persons of other clubs (and the federation's officers, ids 1 and 3) into club 11 by every
 * write that gives a function, and still cannot read them afterwards; answers name nobody beyond
 * the caller's reach; a batch is undone only by its author or by someone who may give all its
 * roles. The allowed sides: connecting with the duplicate check's proof, and a club giving roles
 * to its own members.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

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
    const created = await as('verband').post('/api/v1/admin/member', { orgId: OTHER_CLUB, firstName: 'Julia', surname: 'Reichweite', birthDate: '1991-03-14', gender: 'w', city: 'Wien', phoneMobile: '+43 660 1234567' });
    expect(created.status).toBe(201);
    stranger = { id: created.body.id, firstName: 'Julia', surname: 'Reichweite', birthDate: '1991-03-14' };
    const mine = await as('verein').post('/api/v1/admin/member', { orgId: CLUB, firstName: 'Otto', surname: 'Eigenmitglied', birthDate: '1985-05-05', gender: 'm' });
    expect(mine.status).toBe(201);
    own = mine.body.id;
  }, 120_000);
  afterAll(async () => {
    await closeApi(api ?? {});
  });

  const as = (who: DemoUser) => callsWith(api.t, api.tokens[who]);
  const assignmentsIn = (memberIds: number[], orgId: number) =>
    api.tdb.db.select().from(functionAssignments).where(and(inArray(functionAssignments.memberId, memberIds), eq(functionAssignments.orgId, orgId)));
  const readStatus = async (memberId: number) => (await as('verein').get(`/api/v1/admin/member/${CLUB}/${memberId}`)).status;

  describe('the club cannot pull a person of another club into itself', () => {
    it('by assigning the membership (32): refused, nothing created, the person stays unreadable', async () => {
      const ids = [stranger.id, 1, 3];
      for (const id of ids) expect(await readStatus(id)).toBe(403);
      const res = await as('verein').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: ids, roleIds: [MEMBERSHIP] });
      expect(res.status).toBe(200);
      expect(res.body.batchId).toBeNull();
      expect(res.body.success).toEqual([]);
      expect(res.body.errors.map((e: Json) => [e.memberId, e.reason])).toEqual(ids.map((id) => [id, 'notReached']));
      expect(await assignmentsIn(ids, CLUB)).toEqual([]);
      for (const id of ids) expect(await readStatus(id)).toBe(403);
      // and so cannot change their e-mail
      const edit = await as('verein').put('/api/v1/admin/member', { id: stranger.id, updatedAt: new Date().toISOString(), orgId: CLUB, email: 'attacker@example.net' });
      expect(edit.status).toBe(403);
    });

    it('by assigning the membership together with another role in one batch', async () => {
      const res = await as('verein').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [stranger.id], roleIds: [MEMBERSHIP, YOUTH_WARDEN] });
      expect(res.body.success).toEqual([]);
      expect(res.body.errors.map((e: Json) => e.reason)).toEqual(['notReached', 'notReached']);
      expect(await assignmentsIn([stranger.id], CLUB)).toEqual([]);
      expect(await readStatus(stranger.id)).toBe(403);
    });

    it('by a function written on the member screen', async () => {
      const res = await as('verein').post(`/api/v1/admin/functions/${stranger.id}`, { orgId: CLUB, memberId: stranger.id, roleId: MEMBERSHIP, from: '2026-01-01' });
      expect(res.status).toBe(403);
      expect(await assignmentsIn([stranger.id], CLUB)).toEqual([]);
      expect(await readStatus(stranger.id)).toBe(403);
    });

    it('by connecting without a proof, or by taking them "back"', async () => {
      const connect = await as('verein').post('/api/v1/admin/member/membership', { orgId: CLUB, memberId: stranger.id });
      expect(connect.status).toBe(403);
      expect(connect.body.error.code).toBe('proof_required');
      const rejoin = await as('verein').post(`/api/v1/admin/persons/${stranger.id}/rejoin`, { orgId: CLUB });
      const unknown = await as('verein').post(`/api/v1/admin/persons/${NOBODY}/rejoin`, { orgId: CLUB });
      expect(rejoin.status).toBe(404);
      expect(rejoin.body).toEqual(unknown.body);
      expect(await assignmentsIn([stranger.id], CLUB)).toEqual([]);
      expect(await readStatus(stranger.id)).toBe(403);
    });
  });

  describe('answers name nobody beyond the caller’s reach', () => {
    it('a dry run answers a person of another club exactly like an id nobody has', async () => {
      const res = await as('verein').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [stranger.id, 1, NOBODY], roleIds: [MEMBERSHIP, YOUTH_WARDEN], dryRun: true });
      expect(res.status).toBe(200);
      const unknownAnswer = { ...res.body.errors.find((e: Json) => e.memberId === NOBODY && e.roleId === MEMBERSHIP) };
      delete unknownAnswer.memberId;
      expect(unknownAnswer).toMatchObject({ name: '', reason: 'notReached' });
      for (const id of [stranger.id, 1]) {
        for (const roleId of [MEMBERSHIP, YOUTH_WARDEN]) {
          const { memberId, ...answer } = res.body.errors.find((e: Json) => e.memberId === id && e.roleId === roleId);
          expect(memberId).toBe(id);
          expect(answer).toEqual({ ...unknownAnswer, roleId, role: answer.role });
        }
      }
      expect(JSON.stringify(res.body)).not.toContain('Reichweite');
    });

    it('names the club’s own members, and the federation names everyone', async () => {
      const club = await as('verein').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [own], roleIds: [TOURNAMENTS], dryRun: true });
      expect(club.body.errors).toEqual([expect.objectContaining({ memberId: own, name: 'Otto Eigenmitglied', reason: 'aboveCaller' })]);
      const fed = await as('verband').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [stranger.id], roleIds: [YOUTH_WARDEN], dryRun: true });
      expect(fed.body.errors).toEqual([expect.objectContaining({ memberId: stranger.id, name: 'Julia Reichweite', reason: 'notAMember' })]);
    });
  });

  describe('the allowed sides', () => {
    it('a club gives roles to its own members', async () => {
      const res = await as('verein').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [own], roleIds: [YOUTH_WARDEN] });
      expect(res.body.success).toEqual([expect.objectContaining({ memberId: own, roleId: YOUTH_WARDEN, name: 'Otto Eigenmitglied' })]);
      expect((await assignmentsIn([own], CLUB)).map((a) => a.roleId).sort()).toEqual([YOUTH_WARDEN, MEMBERSHIP].sort());
    });

    it('a club connects a person of another club with the duplicate check’s proof, and then reads them', async () => {
      const person = await as('verband').post('/api/v1/admin/member', { orgId: OTHER_CLUB, firstName: 'Vera', surname: 'Nachweis', birthDate: '1979-07-07', gender: 'w' });
      const id = person.body.id as number;
      expect(await readStatus(id)).toBe(403);
      const check = await as('verein').put('/api/v1/admin/member/duplicates', { firstName: 'Vera', surname: 'Nachweis', birthDate: '1979-07-07' });
      const proof = (check.body.candidates as Array<{ id: number; proof?: string }>).find((c) => c.id === id)?.proof;
      expect(proof).toEqual(expect.any(String));
      const connect = await as('verein').post('/api/v1/admin/member/membership', { orgId: CLUB, memberId: id, proof });
      expect(connect.status).toBe(201);
      expect(await readStatus(id)).toBe(200);
    });
  });

  describe('undoing a batch', () => {
    it('refuses the club undoing the federation’s batch with a role the club cannot give; the federation undoes it', async () => {
      const batch = await as('verband').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [own], roleIds: [TOURNAMENTS] });
      expect(batch.body.success).toHaveLength(1);
      const refused = await as('verein').post(`/api/v1/admin/role/assign/${batch.body.batchId}/undo`, {});
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('batch_not_yours');
      expect((await assignmentsIn([own], CLUB)).filter((a) => a.roleId === TOURNAMENTS)).toHaveLength(1);
      const undone = await as('verband').post(`/api/v1/admin/role/assign/${batch.body.batchId}/undo`, {});
      expect(undone.body).toEqual({ batchId: batch.body.batchId, removed: 1 });
      expect((await assignmentsIn([own], CLUB)).filter((a) => a.roleId === TOURNAMENTS)).toEqual([]);
    });

    it('lets the club undo the federation’s batch when it may give every role in it', async () => {
      const other = await as('verein').post('/api/v1/admin/member', { orgId: CLUB, firstName: 'Ida', surname: 'Jugend', birthDate: '1990-01-01', gender: 'w' });
      const batch = await as('verband').post('/api/v1/admin/role/assign', { orgId: CLUB, memberIds: [other.body.id], roleIds: [YOUTH_WARDEN] });
      const undone = await as('verein').post(`/api/v1/admin/role/assign/${batch.body.batchId}/undo`, {});
      expect(undone.status).toBe(200);
      expect(undone.body.removed).toBe(1);
    });
  });
});

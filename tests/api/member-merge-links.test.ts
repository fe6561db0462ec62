/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FORM_ALL_MEMBERS } from '@/lib/domain/functions';
import { DEMO_ACCOUNTS } from '@/server/db/seed/demo-accounts';
import { functionAssignments, memberMerges } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import type { TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Where the screens offer merging and undoing: `canUndo` on a merge's history entry (the
 * federation, a state association for its own members; never a club, never a merge undone or of
 * another day), `mergePairs` in the duplicate check (candidates the report holds as one person,
 * for whoever may merge them from a 'Duplikate' view), and the report opened on one pair.
 */

type Entry = { action: string; entityId: string; mergeId: string | null; canUndo: boolean };

const CLUB = 11;
const STATE = 4;
const OTHER_STATES_CLUB = 18;
const memberIdOf = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.memberId;

describe.each(testDrivers())('merge and undo offered where the API allows them, on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'land', 'verein']));
  }, 120_000);
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  let seq = 0;
  const person = async (orgId: number, firstName: string, surname: string, birthDate: string) => {
    seq += 1;
    const res = await as('verband').post('/api/v1/admin/member', { orgId, firstName, surname, birthDate, gender: 'w' });
    if (res.status !== 201) throw new Error(`person ${seq}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const merge = async (survivorId: number, mergedId: number, who = 'verband') => {
    const p = await as(who).post('/api/v1/admin/members/merge', { survivorId, mergedId });
    if (p.status !== 200) throw new Error(`plan: ${p.status} ${JSON.stringify(p.body)}`);
    const done = await as(who).post('/api/v1/admin/members/merge', {
      survivorId,
      mergedId,
      dryRun: false,
      survivorUpdatedAt: p.body.survivorUpdatedAt,
      mergedUpdatedAt: p.body.mergedUpdatedAt,
    });
    if (done.status !== 200) throw new Error(`merge: ${done.status} ${JSON.stringify(done.body)}`);
    return done.body.mergeId as string;
  };
  const history = async (who: string, id: number) => {
    const res = await as(who).get(`/api/v1/admin/audit?entity=member&id=${id}&size=50`);
    if (res.status !== 200) throw new Error(`history: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.entries as Entry[];
  };
  const mergeEntries = (entries: Entry[], mergeId: string) =>
    entries.filter((e) => e.mergeId === mergeId && e.action === 'merge').map((e) => [e.entityId, e.canUndo]);
  /** Form 52 for the club administrator in the state association too: a person holding both. */
  const withStateForm = async <T>(run: () => Promise<T>): Promise<T> => {
    const memberId = memberIdOf('verein@example.org');
    const today = todayIso(t.clock.now());
    const [row] = await tdb.db
      .insert(functionAssignments)
      .values({ memberId, orgId: STATE, roleId: FORM_ALL_MEMBERS, dateFrom: today, dateTo: '2999-12-31' })
      .returning({ id: functionAssignments.id });
    try {
      return await run();
    } finally {
      await tdb.db.delete(functionAssignments).where(eq(functionAssignments.id, row.id));
    }
  };

  describe('canUndo in the history', () => {
    it("marks the merge's entry on the surviving record for the federation, and drops it once undone", async () => {
      const survivor = await person(CLUB, 'Ottilie', 'Rückgang', '1977-05-06');
      const merged = await person(CLUB, 'Ottilie', 'Rueckgang', '1977-05-06');
      const mergeId = await merge(survivor, merged);
      // the tombstone's entry shows in the survivor's history too, without a second 'Rückgängig'
      expect(mergeEntries(await history('verband', survivor), mergeId).sort()).toEqual(
        [
          [String(survivor), true],
          [String(merged), false],
        ].sort(),
      );
      expect((await as('verband').post(`/api/v1/admin/members/merge/${mergeId}/undo`, {})).status).toBe(200);
      expect(mergeEntries(await history('verband', survivor), mergeId)).toEqual([[String(survivor), false]]);
    });

    it('marks it for a state association on its own member, never for a club that reads the same history', async () => {
      const survivor = await person(CLUB, 'Hermine', 'Landmann', '1969-08-09');
      const merged = await person(CLUB, 'Hermine', 'Landman', '1969-08-09');
      const mergeId = await merge(survivor, merged, 'land');
      expect(mergeEntries(await history('land', survivor), mergeId)).toContainEqual([String(survivor), true]);
      const club = await history('verein', survivor);
      expect(mergeEntries(club, mergeId)).toContainEqual([String(survivor), false]);
      expect(club.some((e) => e.canUndo)).toBe(false);
      // the club's refusal is the API's too
      expect((await as('verein').post(`/api/v1/admin/members/merge/${mergeId}/undo`, {})).status).toBe(403);
    });

    it('does not mark a merge of another day', async () => {
      const survivor = await person(CLUB, 'Gestrid', 'Vortag', '1964-02-03');
      const merged = await person(CLUB, 'Gestrid', 'Vortagg', '1964-02-03');
      const mergeId = await merge(survivor, merged);
      await tdb.db
        .update(memberMerges)
        .set({ createdAt: new Date(t.clock.now().getTime() - 24 * 3600_000).toISOString() })
        .where(eq(memberMerges.id, mergeId));
      expect(mergeEntries(await history('verband', survivor), mergeId)).toContainEqual([String(survivor), false]);
      const late = await as('verband').post(`/api/v1/admin/members/merge/${mergeId}/undo`, {});
      expect([late.status, late.body.error.code]).toEqual([409, 'undo_too_late']);
    });
  });

  describe('mergePairs in the duplicate check', () => {
    const check = (who: string, firstName: string, surname: string, birthDate: string) =>
      as(who).put('/api/v1/admin/member/duplicates', { firstName, surname, birthDate, gender: 'w' });
    const pairOf = (a: number, b: number) => ({ aId: Math.min(a, b), bId: Math.max(a, b) });

    it('names two candidates the report holds as one person to the federation, with its duplicates view', async () => {
      const a = await person(CLUB, 'Walburga', 'Zweifach', '1958-10-11');
      const b = await person(CLUB, 'Walburga', 'Zweyfach', '1958-10-11');
      const res = await check('verband', 'Walburga', 'Zweifach', '1958-10-11');
      expect(res.status).toBe(200);
      expect(res.body.candidates.map((c: { id: number }) => c.id).sort()).toEqual([a, b].sort());
      expect(res.body.mergePairs).toEqual([{ ...pairOf(a, b), orgId: 1 }]);

      // a pair marked 'not the same person' is no longer offered
      expect((await as('verband').post('/api/v1/admin/duplicates/dismiss', { aId: a, bId: b })).status).toBe(200);
      expect((await check('verband', 'Walburga', 'Zweifach', '1958-10-11')).body.mergePairs).toEqual([]);
    });

    it('never names them to a club; to a club administrator who holds form 52 in the state association, only its own', async () => {
      const a = await person(CLUB, 'Kunigunde', 'Paarweise', '1961-12-01');
      const b = await person(CLUB, 'Kunigunde', 'Paarwiese', '1961-12-01');
      const foreign = await person(OTHER_STATES_CLUB, 'Kunigunde', 'Paarweiße', '1961-12-01');
      const club = await check('verein', 'Kunigunde', 'Paarweise', '1961-12-01');
      expect(club.status).toBe(200);
      expect(club.body.candidates).toHaveLength(3);
      expect(club.body.mergePairs).toEqual([]);

      const state = await withStateForm(() => check('verein', 'Kunigunde', 'Paarweise', '1961-12-01'));
      // the pairs with the record of another state's club are out of the state association's reach
      expect(state.body.mergePairs).toEqual([{ ...pairOf(a, b), orgId: STATE }]);
      expect(
        (await check('verband', 'Kunigunde', 'Paarweise', '1961-12-01')).body.mergePairs.map((p: { aId: number; bId: number }) => [
          p.aId,
          p.bId,
        ]),
      ).toEqual(
        expect.arrayContaining([
          [pairOf(a, b).aId, pairOf(a, b).bId],
          [pairOf(a, foreign).aId, pairOf(a, foreign).bId],
        ]),
      );
    });
  });

  describe('the report opened on one pair', () => {
    it('answers only that entry, none for a pair out of reach, and refuses a malformed pair', async () => {
      const a = await person(CLUB, 'Leokadia', 'Einzelpaar', '1970-01-20');
      const b = await person(CLUB, 'Leokadia', 'Einzelpar', '1970-01-20');
      const foreign = await person(OTHER_STATES_CLUB, 'Leokadia', 'Einzelpaare', '1970-01-20');
      const one = await as('verband').get(`/api/v1/admin/duplicates?pair=${b},${a}`);
      expect(one.status).toBe(200);
      expect(one.body.total).toBe(1);
      expect([one.body.items[0].a.id, one.body.items[0].b.id].sort()).toEqual([a, b].sort());
      expect((await as('land').get(`/api/v1/admin/duplicates?org=${STATE}&pair=${a},${b}`)).body.total).toBe(1);
      // a pair of the report, but one record is in another state's club
      expect((await as('verband').get(`/api/v1/admin/duplicates?pair=${a},${foreign}`)).body.total).toBe(1);
      expect((await as('land').get(`/api/v1/admin/duplicates?org=${STATE}&pair=${a},${foreign}`)).body).toMatchObject({
        total: 0,
        items: [],
      });
      expect((await as('verein').get(`/api/v1/admin/duplicates?org=${CLUB}&pair=${a},${b}`)).status).toBe(403);
      expect((await as('verband').get(`/api/v1/admin/duplicates?pair=${a}`)).status).toBe(422);
    });
  });
});

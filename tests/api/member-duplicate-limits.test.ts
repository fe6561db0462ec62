/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { DUPLICATE_CHECK_LIMITS } from '@/lib/domain/member-duplicates';
import { auditEntries } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * The duplicate check cannot be used to find out a person's birth date: only an exact name and
 * full birth date identify a candidate (proof, birth date, number, town); checks that identify
 * nobody are limited per caller in the database (429 with Retry-After); every check is audited.
 */

const [HOURLY, DAILY] = DUPLICATE_CHECK_LIMITS;
const HOUR = 60 * 60 * 1000;

type Candidate = {
  id: number;
  reasons: string[];
  proof: string | null;
  birthDate: string | null;
  regNr: string | null;
  city: string | null;
};

describe.each(testDrivers())('duplicate check limits on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let target: number;
  const person = { firstName: 'Hildegard', surname: 'Zwettler', birthDate: '1983-07-14' };

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'trainer']));
    const created = await callsWith(t, tokens.verband).post('/api/v1/admin/member', {
      ...person,
      orgId: 13,
      gender: 'w',
      city: 'Krems',
      regNr: '7770001',
    });
    expect(created.status).toBe(201);
    target = created.body.id;
  });
  afterAll(() => closeApi({ tdb, t }));

  const check = (who: string, body: Record<string, unknown>) =>
    call(t.app, 'PUT', '/api/v1/admin/member/duplicates', { token: tokens[who], json: body });
  const candidate = (res: { body: { candidates: Candidate[] } }) => res.body.candidates.find((c) => c.id === target);
  /** A birth date nobody in the demo data has with this name: a miss. */
  const miss = (i: number) => ({ ...person, birthDate: `1950-01-${String((i % 28) + 1).padStart(2, '0')}`, surname: `Niemand${i}` });

  it('gives a proof (and the birth date, number and town) only for the exact name and full birth date; the proof connects', async () => {
    const exact = candidate(await check('verein', person))!;
    expect(exact).toMatchObject({
      reasons: ['same_name', 'same_birth_date'],
      birthDate: person.birthDate,
      regNr: '7770001',
      city: 'Krems',
    });
    expect(exact.proof).toEqual(expect.any(String));
    const connected = await callsWith(t, tokens.verein).post('/api/v1/admin/member/membership', {
      orgId: 11,
      memberId: target,
      proof: exact.proof,
    });
    expect(connected.status).toBe(201);
  });

  it.each([
    ['a typo in the surname', { surname: 'Zwetler' }, 'name_typo'],
    ['the first name spelled otherwise', { firstName: 'Hildegardt' }, 'name_typo'],
    ['first name and surname swapped', { firstName: person.surname, surname: person.firstName }, 'swapped_names'],
  ])('lists a near match (%s) without proof, birth date, number or town', async (_kind, change, reason) => {
    const near = candidate(await check('trainer', { ...person, ...change }))!;
    expect(near.reasons).toContain(reason);
    expect(near).toMatchObject({ proof: null, birthDate: null, regNr: null, city: null });
  });

  it('lists a match with day and month swapped without proof or the real birth date', async () => {
    const other = await callsWith(t, tokens.verband).post('/api/v1/admin/member', {
      firstName: 'Leopold',
      surname: 'Aichinger',
      birthDate: '1979-03-08',
      gender: 'm',
      orgId: 13,
    });
    expect(other.status).toBe(201);
    const found = (await check('trainer', { firstName: 'Leopold', surname: 'Aichinger', birthDate: '1979-08-03' })).body.candidates.find(
      (c: Candidate) => c.id === other.body.id,
    );
    expect(found).toMatchObject({ reasons: ['same_name', 'swapped_day_month'], proof: null, birthDate: null });
  });

  it('records every check in the audit trail: who, the name, only the birth year, how many were found and whom it identified', async () => {
    await check('verein', person);
    const entries = await tdb.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'memberLookup'), eq(auditEntries.action, 'lookup')));
    expect(entries.every((e) => e.actorId !== null && e.entityId === String(e.actorId))).toBe(true);
    const last = entries.at(-1)!;
    expect(last.changes).toMatchObject({
      firstName: { after: 'Hildegard' },
      surname: { after: 'Zwettler' },
      birthYear: { after: 1983 },
      candidates: { after: 1 },
      identified: { after: [target] },
    });
    expect(JSON.stringify(entries.map((e) => e.changes))).not.toContain('1983-07-14');
  });

  describe('misses per caller', () => {
    let fresh: TestApp;
    let clubToken: string;

    /** After the clock moved on, sessions have ended: sign in again. */
    const signInAgain = async () => {
      tokens.verein = clubToken = await signIn(t.app, 'verein@example.org');
      tokens.trainer = await signIn(t.app, 'trainer@example.org');
    };

    beforeAll(async () => {
      fresh = t;
      // forget the earlier misses: start a new hour and day
      t.clock.advance(25 * HOUR);
      await signInAgain();
    });

    it(`allows ${HOURLY.max} misses an hour, then answers 429 with Retry-After in the error shape; hits do not count`, async () => {
      for (let i = 0; i < HOURLY.max; i++) {
        const res = await call(fresh.app, 'PUT', '/api/v1/admin/member/duplicates', { token: clubToken, json: miss(i) });
        expect(res.status).toBe(200);
        // an exact hit in between does not use up a try
        if (i === 10) expect((await check('verein', person)).status).toBe(200);
      }
      const refused = await call(fresh.app, 'PUT', '/api/v1/admin/member/duplicates', { token: clubToken, json: miss(99) });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'duplicate_check_limited', message: expect.any(String), value: expect.any(Number) });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(refused.body.error.value).toBe(retryAfter);
      // a hit is refused too while the caller is over the limit: the check cannot tell beforehand
      expect((await check('verein', person)).status).toBe(429);
      // another caller is not affected
      expect((await check('trainer', miss(1))).status).toBe(200);
      // the lockout is in the audit trail
      const lockouts = await tdb.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'memberLookup'), eq(auditEntries.action, 'lockout')));
      expect(lockouts.length).toBeGreaterThanOrEqual(1);
    });

    it('keeps the count in the database: a restarted API refuses as well', async () => {
      const restarted = createTestApp(tdb.db, { clock: t.clock });
      try {
        const res = await call(restarted.app, 'PUT', '/api/v1/admin/member/duplicates', { token: clubToken, json: miss(100) });
        expect(res.status).toBe(429);
        expect(res.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      } finally {
        restarted.cleanup();
      }
    });

    it(`lets the caller go on after the hour, up to ${DAILY.max} misses a day`, async () => {
      let allowed = HOURLY.max;
      for (let hour = 0; allowed < DAILY.max + 5 && hour < 10; hour++) {
        t.clock.advance(HOUR + 1000);
        await signInAgain();
        for (let i = 0; i < HOURLY.max; i++) {
          const res = await check('verein', miss(1000 + hour * 100 + i));
          if (res.status === 429) break;
          expect(res.status).toBe(200);
          allowed += 1;
        }
      }
      expect(allowed).toBe(DAILY.max);
      const refused = await check('verein', miss(5000));
      expect(refused.status).toBe(429);
      // the wait is until the day's first miss leaves the window: hours, not minutes
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    });
  });

  it('counts parallel misses exactly: of many at once, no more than the limit get through', async () => {
    t.clock.advance(25 * HOUR);
    const token = await signIn(t.app, 'trainer@example.org');
    const answers = await Promise.all(
      Array.from({ length: HOURLY.max + 10 }, (_, i) =>
        call(t.app, 'PUT', '/api/v1/admin/member/duplicates', { token, json: miss(7000 + i) }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(HOURLY.max);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses).toContain(429);
  });
});

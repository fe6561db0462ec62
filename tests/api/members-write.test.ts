/** @jest-environment node */
import { and, count, eq } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { addDays, addMonths } from '@/lib/domain/members';
import { functionAssignments, members } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';
import { rfc3339 } from '@/server/services/timestamps';

/**
 * Member writes: create with the club membership, both 409 conflicts with their
 * values, bad input changing nothing, stale updates, who may edit and delete, connecting an
 * existing member to a club and ending a membership as of a date.
 */

describe.each(testDrivers())('member writes on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let today: string;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'trainer', 'mitglied']));
    today = todayIso(t.clock.now());
  });
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  const memberCount = async () => Number((await tdb.db.select({ n: count() }).from(members))[0].n);
  const assignmentCount = async () => Number((await tdb.db.select({ n: count() }).from(functionAssignments))[0].n);

  let seq = 0;
  const person = (over: Record<string, unknown> = {}) => {
    seq += 1;
    return {
      orgId: 11,
      firstName: `Anna${seq}`,
      surname: 'Testerin',
      birthDate: '1990-06-15',
      gender: 'w',
      email: `anna${seq}@example.net`,
      city: 'Wiener Neustadt',
      ...over,
    };
  };

  describe('create', () => {
    it('creates a member and makes them a member of the creating club from today, open-ended', async () => {
      const res = await as('verein').post(
        '/api/v1/admin/member',
        person({ firstName: 'Jürgen', surname: 'Müller', birthDate: '1980-03-04', gender: 'm', email: ' Juergen.Mueller@Example.NET ' }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        firstName: 'Jürgen',
        surname: 'Müller',
        email: 'juergen.mueller@example.net',
        orgId: 11,
        updatedAt: expect.any(String),
      });
      expect(res.body.organizations).toEqual([expect.objectContaining({ orgId: 11, dateFrom: today, dateTo: '2999-12-31', active: true })]);
      // Now an own member of the club: readable and found by an umlaut-free search.
      expect((await as('verein').get(`/api/v1/admin/member/11/${res.body.id}`)).status).toBe(200);
      const found = await as('verein').get('/api/v1/admin/members/11?q=muller%20jurg');
      expect(found.body.items.map((m: { id: number }) => m.id)).toEqual([res.body.id]);
    });

    it('lets the federation create a member without a club membership', async () => {
      const res = await as('verband').post('/api/v1/admin/member', person({ orgId: 1 }));
      expect(res.status).toBe(201);
      expect(res.body.organizations).toEqual([]);
    });

    it('answers 409 unique_email with the address, case-insensitively, and writes nothing', async () => {
      const before = [await memberCount(), await assignmentCount()];
      const res = await as('verein').post('/api/v1/admin/member', person({ email: 'MITGLIED@example.org' }));
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'unique_email',
        value: 'mitglied@example.org',
        message: 'Die Email mitglied@example.org ist bereits in Verwendung!',
      });
      expect([await memberCount(), await assignmentCount()]).toEqual(before);
    });

    it('answers 409 identity_conflict with the birth date for the same name, gender and birth date', async () => {
      const before = [await memberCount(), await assignmentCount()];
      const res = await as('verein').post(
        '/api/v1/admin/member',
        person({ firstName: 'lena', surname: 'STEINER', birthDate: '2001-05-17', gender: 'w' }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'identity_conflict', value: '2001-05-17' });
      expect(res.body.error.message).toBe('A person with this name, gender and birth date (2001-05-17) already exists.');
      // The club membership that would have followed in the same transaction is not there either.
      expect([await memberCount(), await assignmentCount()]).toEqual(before);
      // Another gender is another person.
      expect(
        (
          await as('verein').post(
            '/api/v1/admin/member',
            person({ firstName: 'Lena', surname: 'Steiner', birthDate: '2001-05-17', gender: 'd' }),
          )
        ).status,
      ).toBe(201);
    });

    it.each([
      ['firstName', { firstName: '  ' }, 'required'],
      ['surname', { surname: undefined }, 'required'],
      ['gender', { gender: 'x' }, undefined],
      ['birthDate', { birthDate: '' }, 'required'],
      ['birthDate', { birthDate: '2001-02-30' }, 'invalidDate'],
      ['email', { email: 'not-an-address' }, 'invalidEmail'],
    ])('refuses bad input in %s with 422 and changes nothing', async (field, over, rule) => {
      const before = await memberCount();
      const res = await as('verein').post('/api/v1/admin/member', person(over));
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation', field });
      if (rule) expect(res.body.error.rule).toBe(rule);
      expect(res.body.error.message).toContain(`'${field}'`);
      expect(await memberCount()).toBe(before);
    });

    it('refuses a birth date less than 2 years back, accepts exactly 2 years', async () => {
      const tooRecent = await as('verein').post('/api/v1/admin/member', person({ birthDate: addDays(addMonths(today, -24), 1) }));
      expect(tooRecent.status).toBe(422);
      expect(tooRecent.body.error).toMatchObject({
        field: 'birthDate',
        rule: 'birthDateTooRecent',
        message: "'birthDate' is invalid (birthDateTooRecent)",
      });
      expect((await as('verein').post('/api/v1/admin/member', person({ birthDate: addMonths(today, -24) }))).status).toBe(201);
    });

    it('refuses a state association (read-only), another club, and callers without the member form', async () => {
      expect((await as('land').post('/api/v1/admin/member', person({ orgId: 4 }))).status).toBe(403);
      expect((await as('land').post('/api/v1/admin/member', person({ orgId: 11 }))).status).toBe(403);
      expect((await as('verein').post('/api/v1/admin/member', person({ orgId: 12 }))).status).toBe(403);
      expect((await as('mitglied').post('/api/v1/admin/member', person())).status).toBe(403);
    });
  });

  describe('update', () => {
    it('updates with the version read, then answers 409 stale for the old version and keeps the newer data', async () => {
      const read = await as('verein').get('/api/v1/admin/member/11/5');
      const { access: _access, id, updatedAt, ...rest } = read.body;
      void _access;
      const body = {
        id,
        updatedAt,
        orgId: 11,
        firstName: rest.firstName,
        surname: rest.surname,
        birthDate: rest.birthDate,
        gender: rest.gender,
        email: rest.email,
        city: 'Baden',
      };
      const ok = await as('verein').put('/api/v1/admin/member', body);
      expect(ok.status).toBe(200);
      expect(ok.body.city).toBe('Baden');
      expect(ok.body.updatedAt).not.toBe(updatedAt);

      const stale = await as('trainer').put('/api/v1/admin/member', { ...body, city: 'Mödling' });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale');
      const [row] = await tdb.db.select({ city: members.city }).from(members).where(eq(members.id, 5));
      expect(row.city).toBe('Baden');

      // With the new version the next edit goes through.
      expect((await as('trainer').put('/api/v1/admin/member', { ...body, updatedAt: ok.body.updatedAt, city: 'Mödling' })).status).toBe(
        200,
      );
    });

    it('answers 409 unique_email when taking another member’s address, and changes nothing', async () => {
      const read = (await as('verein').get('/api/v1/admin/member/11/5')).body;
      const res = await as('verein').put('/api/v1/admin/member', {
        id: 5,
        updatedAt: read.updatedAt,
        orgId: 11,
        firstName: read.firstName,
        surname: read.surname,
        birthDate: read.birthDate,
        gender: read.gender,
        email: 'trainer@example.org',
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'unique_email', value: 'trainer@example.org' });
      const [row] = await tdb.db.select({ email: members.email, updatedAt: members.updatedAt }).from(members).where(eq(members.id, 5));
      expect({ ...row, updatedAt: rfc3339(row.updatedAt) }).toEqual({ email: 'mitglied@example.org', updatedAt: read.updatedAt });
    });

    it("refuses another club's member, a state association and a garbled version", async () => {
      const body = {
        id: 1,
        updatedAt: '2020-01-01T00:00:00Z',
        orgId: 11,
        firstName: 'X',
        surname: 'Y',
        birthDate: '1970-01-01',
        gender: 'w',
      };
      expect((await as('verein').put('/api/v1/admin/member', body)).status).toBe(403);
      const lena = (await as('land').get('/api/v1/admin/member/4/5')).body;
      expect((await as('land').put('/api/v1/admin/member', { ...body, id: 5, updatedAt: lena.updatedAt, orgId: 4 })).status).toBe(403);
      const garbled = await as('verein').put('/api/v1/admin/member', { ...body, id: 5, updatedAt: 'yesterday-ish' });
      expect(garbled.status).toBe(422);
      expect(garbled.body.error.field).toBe('updatedAt');
      expect((await as('verein').put('/api/v1/admin/member', { ...body, id: 999999 })).status).toBe(404);
    });
  });

  describe('delete', () => {
    it('is refused below the federation, deletes saved members with their functions at level 1, 404 afterwards', async () => {
      const created = (await as('verein').post('/api/v1/admin/member', person())).body;
      expect((await as('verein').del(`/api/v1/admin/member/${created.id}`)).status).toBe(403);
      expect((await as('land').del(`/api/v1/admin/member/${created.id}`)).status).toBe(403);
      expect((await as('mitglied').del(`/api/v1/admin/member/${created.id}`)).status).toBe(403);

      const res = await as('verband').del(`/api/v1/admin/member/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, id: created.id, name: `${created.firstName} Testerin` });
      expect((await as('verein').get(`/api/v1/admin/member/11/${created.id}`)).status).toBe(404);
      const left = await tdb.db
        .select({ id: functionAssignments.id })
        .from(functionAssignments)
        .where(eq(functionAssignments.memberId, created.id));
      expect(left).toEqual([]);
      expect((await as('verband').del(`/api/v1/admin/member/${created.id}`)).status).toBe(404);
      expect((await as('verband').del('/api/v1/admin/member/1')).body.error.code).toBe('self');
    });
  });

  describe('duplicates', () => {
    const check = (body: Record<string, unknown>) => as('verein').put('/api/v1/admin/member/duplicates', body);
    type Candidate = { id: number; reasons: string[]; score: number; organizations: { orgId: number }[]; proof: string | null };
    let juergen: number;
    let strauss: number;

    beforeAll(async () => {
      juergen = (
        await as('verband').post(
          '/api/v1/admin/member',
          person({ orgId: 1, firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-03-08', gender: 'm', email: 'jm@example.net' }),
        )
      ).body.id;
      strauss = (
        await as('verband').post(
          '/api/v1/admin/member',
          person({ orgId: 13, firstName: 'Theresa', surname: 'Strauß', birthDate: '1992-11-23', gender: 'w', email: null }),
        )
      ).body.id;
    });

    const find = (res: { body: { candidates: Candidate[] } }, id: number) => res.body.candidates.find((c) => c.id === id);

    it('finds the exact person first, with its reasons and clubs, but no contact data', async () => {
      const res = await check({ firstName: 'Theresa', surname: 'Strauß', birthDate: '1992-11-23' });
      expect(res.status).toBe(200);
      expect(res.body.candidates[0]).toMatchObject({
        id: strauss,
        score: 100,
        reasons: ['same_name', 'same_birth_date'],
        organizations: [{ orgId: 13, orgName: '1. Bogensportclub Krems' }],
      });
      expect(res.body.candidates[0]).not.toHaveProperty('email');
    });

    it.each([
      ['umlaut spelled out', { firstName: 'Juergen', surname: 'Muellner', birthDate: '1975-03-08' }, ['name_spelling', 'same_birth_date']],
      ['umlaut dropped', { firstName: 'Jurgen', surname: 'Mullner', birthDate: '1975-03-08' }, ['name_spelling', 'same_birth_date']],
      ['a typo', { firstName: 'Jürgen', surname: 'Mülner', birthDate: '1975-03-08' }, ['name_typo', 'same_birth_date']],
      [
        'first and last name swapped',
        { firstName: 'Müllner', surname: 'Jürgen', birthDate: '1975-03-08' },
        ['swapped_names', 'same_birth_date'],
      ],
      ['day and month swapped', { firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-08-03' }, ['same_name', 'swapped_day_month']],
      ['the same e-mail only', { firstName: 'Hans', surname: 'Anders', birthDate: '1960-01-01', email: 'JM@example.net' }, ['same_email']],
    ])('catches %s and says why', async (_kind, body, reasons) => {
      const res = await check(body);
      expect(res.status).toBe(200);
      expect(find(res, juergen)?.reasons).toEqual(reasons);
    });

    it('catches ß written as ss', async () => {
      expect(find(await check({ firstName: 'Theresa', surname: 'Strauss', birthDate: '1992-11-23' }), strauss)?.reasons).toEqual([
        'name_spelling',
        'same_birth_date',
      ]);
    });

    it('does not match a different person, another birth date, or the member being edited', async () => {
      expect(find(await check({ firstName: 'Jürgen', surname: 'Müllner', birthDate: '1976-03-08' }), juergen)).toBeUndefined();
      expect(find(await check({ firstName: 'Peter', surname: 'Müllner', birthDate: '1975-03-08' }), juergen)).toBeUndefined();
      expect(
        find(await check({ firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-03-08', excludeId: juergen }), juergen),
      ).toBeUndefined();
    });

    it('refuses callers without the member form and bad input', async () => {
      expect(
        (
          await call(t.app, 'PUT', '/api/v1/admin/member/duplicates', {
            token: tokens.mitglied,
            json: { firstName: 'A', surname: 'B', birthDate: '1990-01-01' },
          })
        ).status,
      ).toBe(403);
      const bad = await check({ firstName: 'A', birthDate: '1990-01-01' });
      expect(bad.status).toBe(422);
      expect(bad.body.error.field).toBe('surname');
    });

    it('connects the existing record to the club instead of creating a new one (membership from today, no end)', async () => {
      expect((await as('verein').get(`/api/v1/admin/member/11/${juergen}`)).status).toBe(403);
      // Only with the proof the duplicate check gave for the name and birth date entered, never by bare id.
      expect((await as('verein').post('/api/v1/admin/member/membership', { orgId: 11, memberId: juergen })).body.error.code).toBe(
        'proof_required',
      );
      const { proof } = find(await check({ firstName: 'Jürgen', surname: 'Müllner', birthDate: '1975-03-08' }), juergen)!;
      const res = await as('verein').post('/api/v1/admin/member/membership', { orgId: 11, memberId: juergen, proof });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orgId: 11, memberId: juergen, roleId: 32, dateFrom: today, dateTo: '2999-12-31' });
      const now = await as('verein').get(`/api/v1/admin/member/11/${juergen}`);
      expect(now.status).toBe(200);
      expect(now.body.organizations).toEqual([expect.objectContaining({ orgId: 11, active: true })]);

      const again = await as('verein').post('/api/v1/admin/member/membership', { orgId: 11, memberId: juergen, proof });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('already_member');
    });

    it('refuses connecting to another club, by a state association, or to a non-club', async () => {
      expect((await as('verein').post('/api/v1/admin/member/membership', { orgId: 12, memberId: strauss })).status).toBe(403);
      expect((await as('land').post('/api/v1/admin/member/membership', { orgId: 11, memberId: strauss })).status).toBe(403);
      const state = await as('verband').post('/api/v1/admin/member/membership', { orgId: 4, memberId: strauss });
      expect(state.status).toBe(422);
      expect(state.body.error.code).toBe('not_a_club');
      expect((await as('verband').post('/api/v1/admin/member/membership', { orgId: 11, memberId: 999999 })).status).toBe(404);
    });
  });

  describe('end membership', () => {
    let memberId: number;
    beforeEach(async () => {
      memberId = (await as('verein').post('/api/v1/admin/member', person())).body.id;
    });

    const membership = async () =>
      (
        await tdb.db
          .select({ dateTo: functionAssignments.dateTo })
          .from(functionAssignments)
          .where(and(eq(functionAssignments.memberId, memberId), eq(functionAssignments.roleId, 32)))
      )[0];

    it.each([
      ['today', 0],
      ['364 days ahead', 364],
    ])('ends the membership as of %s', async (_label, days) => {
      const date = addDays(today, days);
      const res = await as('verein').del(`/api/v1/admin/member/cancel/11/${memberId}?date=${date}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, dateTo: date });
      expect(await membership()).toEqual({ dateTo: date });
    });

    it.each([
      ['yesterday', -1],
      ['365 days ahead', 365],
    ])('refuses %s with 422 and keeps the membership', async (_label, days) => {
      const res = await as('verein').del(`/api/v1/admin/member/cancel/11/${memberId}?date=${addDays(today, days)}`);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'invalid_date', field: 'date' });
      expect(await membership()).toEqual({ dateTo: '2999-12-31' });
    });

    it('refuses garbage dates', async () => {
      expect((await as('verein').del(`/api/v1/admin/member/cancel/11/${memberId}?date=tomorrow`)).status).toBe(422);
    });

    it('is refused for another club and a state association; the federation may end any', async () => {
      const date = addDays(today, 10);
      expect((await as('verein').del(`/api/v1/admin/member/cancel/18/1?date=${date}`)).status).toBe(403);
      expect((await as('land').del(`/api/v1/admin/member/cancel/11/${memberId}?date=${date}`)).status).toBe(403);
      expect(await membership()).toEqual({ dateTo: '2999-12-31' });
      expect((await as('verband').del(`/api/v1/admin/member/cancel/11/${memberId}?date=${date}`)).status).toBe(200);
      expect((await as('verein').del(`/api/v1/admin/member/cancel/12/${memberId}?date=${date}`)).status).toBe(403);
      expect((await as('verband').del(`/api/v1/admin/member/cancel/12/${memberId}?date=${date}`)).body.error.code).toBe('no_membership');
    });
  });
});

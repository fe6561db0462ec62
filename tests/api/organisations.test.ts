/** @jest-environment node */
import { addDays, format, subDays } from 'date-fns';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { functionAssignments, orders, organisations } from '@/server/db/schema';
import { closeApi, openApi } from './helpers/open-api';
import { answerOf, call, client, errorOf, refusalOf, signIn, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';
import { formOf, getOrg, putOrg, saveOrg } from './organisations-fixtures';

/** Organisation list, record, create and update: visibility, level rules, dissolving, staleness, bad input. */

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

describe.each(testDrivers())('organisations API on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let fed: string; // federation staff, acting in 1
  let club: string; // club 11 administrator, acting in 11
  let state: string; // state association 4 (Niederösterreich), acting in 4
  let trainer: string; // club 11, member form only
  let today: string;

  const orgRow = async (id: number) => (await tdb.db.select().from(organisations).where(eq(organisations.id, id)))[0];
  const assignmentsOf = (orgId: number) =>
    tdb.db.select().from(functionAssignments).where(eq(functionAssignments.orgId, orgId)).orderBy(asc(functionAssignments.id));

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verband: fed, verein: club, land: state, trainer },
    } = await openApi(driver, ['verband', 'verein', 'land', 'trainer']));
    today = todayIso(t.clock.now());
  });

  // Typed calls (hono/testing): paths, bodies and answers are checked against the route definitions.
  const admin = (token?: string) => client(t, token).api.v1.admin;
  type OrgCreate = Parameters<ReturnType<typeof admin>['org']['$post']>[0]['json'];
  /** GET orgs/{acting}: the organisations the caller sees there. */
  const listOrgs = (token: string | undefined, acting: number) => admin(token).orgs[':orgId'].$get({ param: { orgId: String(acting) } });
  /** POST org, acting in `acting` (none: the caller's organisations decide). */
  const createOrg = (token: string, acting: number | undefined, json: OrgCreate) =>
    admin(token).org.$post({ query: acting === undefined ? {} : { actingOrgId: String(acting) }, json });

  afterAll(() => closeApi({ tdb, t }));

  describe('list (GET orgs/{acting})', () => {
    it('federation sees every organisation, dissolved ones included, sorted by short name', async () => {
      const list = await answerOf(listOrgs(fed, 1), 200);
      const all = await tdb.db.select({ id: organisations.id }).from(organisations);
      expect(list).toHaveLength(all.length);
      const names = list.map((o) => o.nameShort);
      expect(names).toEqual([...names].sort(new Intl.Collator('de', { sensitivity: 'base', numeric: true }).compare));
      const dissolved = list.find((o) => o.id === 25);
      expect(dissolved?.orgEndDate).toBe('2019-12-31');
    });

    it('counts open fees per organisation for the table filter', async () => {
      const list = await answerOf(listOrgs(fed, 1), 200);
      const [open] = await tdb.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(orders)
        .where(and(eq(orders.orgId, 11), isNull(orders.completed)));
      expect(list.find((o) => o.id === 11)?.openFees).toBe(open.n);
    });

    it('does not count a refunded fee as open', async () => {
      const [refunded] = await tdb.db.select().from(orders).where(eq(orders.status, 'canceled'));
      const notCompleted = (extra = sql`true`) =>
        tdb.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(and(eq(orders.orgId, refunded.orgId), isNull(orders.completed), extra));
      const [open] = await notCompleted(sql`${orders.status} <> 'canceled'`);
      const [withRefunded] = await notCompleted();
      expect(open.n).toBeLessThan(withRefunded.n);
      const list = await answerOf(listOrgs(fed, 1), 200);
      expect(list.find((o) => o.id === refunded.orgId)?.openFees).toBe(open.n);
    });

    it('a state association sees itself and its clubs only', async () => {
      const list = await answerOf(listOrgs(state, 4), 200);
      const ids = list.map((o) => o.id);
      expect(ids).toContain(4);
      expect(ids).toContain(11);
      expect(list.every((o) => o.id === 4 || o.orgMotherId === 4)).toBe(true);
      const clubsOfNoe = await tdb.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.orgMotherId, 4));
      expect(ids).toHaveLength(clubsOfNoe.length + 1);
    });

    it('a club sees only itself', async () => {
      const list = await answerOf(listOrgs(club, 11), 200);
      expect(list.map((o) => o.id)).toEqual([11]);
      // the table's parent column: named even though the club cannot list its state association
      expect(list[0].orgMotherName).toBe('BSV NÖ');
    });

    it('refuses an acting organisation where the caller holds neither 50 nor 58', async () => {
      expect((await listOrgs(club, 1)).status).toBe(403);
      expect(await refusalOf(listOrgs(trainer, 11))).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await listOrgs(undefined, 11)).status).toBe(401);
    });
  });

  describe('one organisation (GET org/{id})', () => {
    it('answers the record with fees, places, documents and member/licence counts', async () => {
      const org = await answerOf(getOrg(t, club, 11, 11), 200);
      expect(org).toMatchObject({ id: 11, name: 'BSV Wiener Neustadt', nameShort: 'BSV WN', orgLevel: 3, orgMotherId: 4, canEdit: true });
      expect(org.fieldRights).toEqual({ dates: false, bso: false, coopPartner: false, parent: false });
      expect(org.params.federalState).toBe('Niederösterreich');
      expect(org.params.files).toEqual([]);
      // The club cannot list its state association, but sees its name.
      expect(org.orgMotherId).toBe(4);
      expect(org.orgMotherName).toBe('BSV NÖ');

      const fees = await tdb.db.select().from(orders).where(eq(orders.orgId, 11));
      expect(org.fees).toHaveLength(fees.length);
      expect(org.fees.length).toBeGreaterThan(0);
      const released = fees.find((f) => f.status === 'Freigegeben')!;
      expect(org.fees).toContainEqual({
        orderId: released.id,
        ordercat: released.category,
        processing: { status: 'Freigegeben' },
        completed: released.completed,
      });

      expect(org.places.length).toBeGreaterThan(0);
      expect(org.places[0]).toMatchObject({ orgId: 11, params: { training: expect.any(Array) } });
      expect(typeof org.places[0].lat).toBe('number');

      const active = (roleId: number, from: string) =>
        tdb.db
          .selectDistinct({ m: functionAssignments.memberId })
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.orgId, 11),
              eq(functionAssignments.roleId, roleId),
              lte(functionAssignments.dateFrom, today),
              gte(functionAssignments.dateTo, from),
            ),
          );
      const members = await active(32, today);
      const licences = await active(29, iso(subDays(new Date(`${today}T12:00:00`), 1)));
      expect(members.length).toBeGreaterThan(0);
      expect(org.members).toBe(members.length);
      expect(org.licenses).toBe(licences.length);
    });

    it("refuses another club's record", async () => {
      expect(await refusalOf(getOrg(t, club, 12, 11))).toMatchObject({ status: 403, code: 'forbidden' });
      // Without naming the acting organisation the union of the caller's 50/58 organisations decides: still no.
      expect((await admin(club).org[':orgId'].$get({ param: { orgId: '12' }, query: {} })).status).toBe(403);
    });

    it("a state association reads its clubs (read-only) but not another state's clubs", async () => {
      const own = await answerOf(getOrg(t, state, 11, 4), 200);
      expect(own.canEdit).toBe(false);
      expect(own.fieldRights.bso).toBe(true);
      const otherState = await getOrg(t, state, 30, 4);
      expect(otherState.status).toBe(403);
    });

    it('federation reads any organisation, including the dissolved club', async () => {
      const org = await answerOf(getOrg(t, fed, 25, 1), 200);
      expect(org.orgEndDate).toBe('2019-12-31');
      expect(org.fieldRights).toEqual({ dates: true, bso: true, coopPartner: true, parent: true });
    });

    it('answers 404 for an unknown id and 422 for a malformed one', async () => {
      expect(await refusalOf(getOrg(t, fed, 99999, 1))).toMatchObject({ status: 404, code: 'not_found' });
      // malformed paths, sent untyped on purpose (as written, not encoded by the client)
      for (const bad of ['abc', '-3', '0x3ff', '1e3', '%201023']) {
        const res = await call(t.app, 'GET', `/api/v1/admin/org/${bad}?actingOrgId=1`, { token: fed });
        expect(res.status).toBe(422);
        expect(errorOf(res)).toMatchObject({ code: 'validation', field: 'orgId' });
      }
    });

    it('a cooperation partner sees only itself', async () => {
      // Give the trainer account the organisation form in the cooperation partner (club 30).
      await tdb.db.insert(functionAssignments).values({ memberId: 4, orgId: 30, roleId: 58, dateFrom: '2020-01-01' });
      const list = await answerOf(listOrgs(trainer, 30), 200);
      expect(list.map((o) => o.id)).toEqual([30]);
      expect((await getOrg(t, trainer, 31, 30)).status).toBe(403);
      expect((await getOrg(t, trainer, 5, 30)).status).toBe(403);
    });
  });

  describe('level rules on update (PUT org)', () => {
    it('federation edits start and end dates of a club', async () => {
      const end = iso(addDays(new Date(`${today}T12:00:00`), 200));
      const res = await answerOf(saveOrg(t, fed, 40, 1, { orgStartDate: '1990-05-05', orgEndDate: end }), 200);
      expect(res).toMatchObject({ orgStartDate: '1990-05-05', orgEndDate: end });
      expect((await orgRow(40)).orgEndDate).toBe(end);
    });

    it('a club may not change its dates, and nothing is written', async () => {
      const before = await orgRow(11);
      const error = await refusalOf(saveOrg(t, club, 11, 11, { orgStartDate: '2001-01-01', name: 'Renamed' }));
      expect(error).toMatchObject({ status: 403, code: 'field_not_allowed', field: 'orgStartDate' });
      const after = await orgRow(11);
      expect(after.name).toBe(before.name);
      expect(after.updatedAt).toBe(before.updatedAt);
      const endDate = await refusalOf(saveOrg(t, club, 11, 11, { orgEndDate: today }));
      expect(endDate).toMatchObject({ code: 'field_not_allowed', field: 'orgEndDate' });
    });

    it('a club edits its own record when it sends its dates back unchanged', async () => {
      const res = await answerOf(saveOrg(t, club, 11, 11, { homepage: 'https://bsv-wn.example.org', phoneOffice: '' }), 200);
      expect(res.homepage).toBe('https://bsv-wn.example.org');
      expect(res.phoneOffice).toBeNull();
    });

    it('a state association may not edit its club, but edits itself', async () => {
      const before = await orgRow(11);
      const current = await answerOf(getOrg(t, state, 11, 4), 200);
      expect(await refusalOf(putOrg(t, state, 4, formOf(current, { name: 'Taken over' })))).toMatchObject({
        status: 403,
        code: 'forbidden',
      });
      expect((await orgRow(11)).name).toBe(before.name);

      const own = await answerOf(saveOrg(t, state, 4, 4, { homepage: 'https://noe.example.org' }), 200);
      expect(own.homepage).toBe('https://noe.example.org');
    });

    it('a club may not write another club (even naming itself as acting organisation)', async () => {
      const other = await answerOf(getOrg(t, fed, 12, 1), 200);
      const res = await putOrg(t, club, 11, formOf(other, { name: 'Hijacked' }));
      expect(res.status).toBe(403);
      const noActing = await admin(club).org.$put({ query: {}, json: formOf(other, { name: 'Hijacked' }) });
      expect(noActing.status).toBe(403);
      expect((await orgRow(12)).name).toBe(other.name);
    });

    it('BSO number: refused at level 3, allowed at levels 2 and 1', async () => {
      const refused = await refusalOf(saveOrg(t, club, 11, 11, { bso: '9999' }));
      expect(refused).toMatchObject({ status: 403, code: 'field_not_allowed', field: 'bso' });
      expect((await orgRow(11)).bso).not.toBe('9999');

      const stateOwn = await answerOf(saveOrg(t, state, 4, 4, { bso: '3001' }), 200);
      expect(stateOwn.bso).toBe('3001');
      const fedClub = await answerOf(saveOrg(t, fed, 11, 1, { bso: '3111' }), 200);
      expect(fedClub.bso).toBe('3111');
    });

    it('cooperation-partner flag: refused below level 1, allowed at level 1', async () => {
      const byState = await refusalOf(saveOrg(t, state, 4, 4, { params: { coop_partner: true } }));
      expect(byState).toMatchObject({ status: 403, code: 'field_not_allowed', field: 'params.coop_partner' });
      const byClub = await saveOrg(t, club, 11, 11, { params: { coop_partner: true } });
      expect(byClub.status).toBe(403);
      expect((await orgRow(11)).params.coop_partner).toBe(false);

      const byFed = await answerOf(saveOrg(t, fed, 12, 1, { params: { coop_partner: true } }), 200);
      expect(byFed.params.coop_partner).toBe(true);
    });

    it('params are merged key by key: keys left out keep their stored value, an empty one clears it', async () => {
      const current = await answerOf(getOrg(t, fed, 13, 1), 200);
      const storedIban = current.params.iban;
      expect(storedIban).toBeTruthy();
      const body = formOf(current);
      body.params = { association: 'Neuer Dachverband' };
      const partial = await answerOf(putOrg(t, fed, 1, body), 200);
      expect(partial.params).toMatchObject({
        association: 'Neuer Dachverband',
        iban: storedIban,
        federalState: current.params.federalState,
      });

      const cleared = await answerOf(saveOrg(t, fed, 13, 1, { params: { iban: '' } }), 200);
      expect(cleared.params.iban).toBeNull();
    });

    it('federal state: required for every organisation except organisation 1', async () => {
      const missing = await refusalOf(saveOrg(t, fed, 12, 1, { params: { federalState: '' } }));
      expect(missing).toMatchObject({ status: 422, code: 'validation', field: 'params.federalState' });
      expect((await orgRow(12)).params.federalState).toBe('Niederösterreich');

      const federation = await answerOf(
        saveOrg(t, fed, 1, 1, { params: { federalState: null }, homepage: 'https://oebsv.example.org/' }),
        200,
      );
      expect(federation.params.federalState).toBeNull();
    });

    it('end date: only from today up to 364 days ahead', async () => {
      const tooEarly = await refusalOf(saveOrg(t, fed, 41, 1, { orgEndDate: iso(subDays(new Date(`${today}T12:00:00`), 1)) }));
      expect(tooEarly).toMatchObject({ status: 422, code: 'end_date_range', field: 'orgEndDate', value: { min: today } });
      const tooLate = await saveOrg(t, fed, 41, 1, { orgEndDate: iso(addDays(new Date(`${today}T12:00:00`), 365)) });
      expect(tooLate.status).toBe(422);
      expect((await orgRow(41)).orgEndDate).toBeNull();
      const lastDay = await saveOrg(t, fed, 41, 1, { orgEndDate: iso(addDays(new Date(`${today}T12:00:00`), 364)) });
      expect(lastDay.status).toBe(200);
    });

    it('a dissolved club with an old end date stays editable when the end date is not touched', async () => {
      const res = await answerOf(saveOrg(t, fed, 25, 1, { homepage: 'https://eisenerz.example.org' }), 200);
      expect(res.orgEndDate).toBe('2019-12-31');
    });
  });

  describe('bad input changes nothing', () => {
    it.each<[Parameters<typeof saveOrg>[4], string]>([
      [{ name: '' }, 'name'],
      [{ nameShort: '   ' }, 'nameShort'],
      [{ city: '' }, 'city'],
      [{ zip: '' }, 'zip'],
      [{ email: '' }, 'email'],
      [{ email: 'not-an-address' }, 'email'],
      [{ orgStartDate: '01.02.2020' }, 'orgStartDate'],
    ])('%p → 422 on %s', async (changes, field) => {
      const before = await orgRow(13);
      const error = await refusalOf(saveOrg(t, fed, 13, 1, changes));
      expect(error).toMatchObject({ status: 422, code: 'validation', field });
      expect(typeof error.message).toBe('string');
      expect(await orgRow(13)).toEqual(before);
    });

    // values outside the body's type: sent untyped on purpose
    it.each<[Record<string, unknown>, string]>([
      [{ street: null }, 'street'],
      [{ orgLevel: 7 }, 'orgLevel'],
    ])('%p → 422 on %s', async (changes, field) => {
      const before = await orgRow(13);
      const json = { ...formOf(await answerOf(getOrg(t, fed, 13, 1), 200)), ...changes };
      const res = await call(t.app, 'PUT', '/api/v1/admin/org?actingOrgId=1', { token: fed, json });
      expect(res.status).toBe(422);
      expect(errorOf(res)).toMatchObject({ code: 'validation', field });
      expect(typeof errorOf(res).message).toBe('string');
      expect(await orgRow(13)).toEqual(before);
    });

    it('a body that is not JSON or lacks updatedAt answers 4xx', async () => {
      const notJson = await call(t.app, 'PUT', '/api/v1/admin/org?actingOrgId=1', {
        token: fed,
        body: '{broken',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBeGreaterThanOrEqual(400);
      expect(notJson.status).toBeLessThan(500);
      expect(errorOf(notJson).code).toBeDefined();
      const noVersion = await call(t.app, 'PUT', '/api/v1/admin/org?actingOrgId=1', { token: fed, json: { id: 13, name: 'x' } });
      expect(noVersion.status).toBe(422);
      expect(errorOf(noVersion).field).toBe('updatedAt');
    });

    it('PUT of an unknown organisation → 404', async () => {
      const res = await putOrg(t, fed, 1, { id: 99999, updatedAt: '2026-01-01T00:00:00.000Z', name: 'x' });
      expect(res.status).toBe(404);
    });
  });

  describe('stale update', () => {
    it('the second save based on the same version gets 409 stale and does not overwrite', async () => {
      const loaded = await answerOf(getOrg(t, fed, 14, 1), 200);
      const first = await answerOf(putOrg(t, fed, 1, formOf(loaded, { homepage: 'https://first.example.org' })), 200);
      expect(first.updatedAt).not.toBe(loaded.updatedAt);
      const second = await refusalOf(putOrg(t, fed, 1, formOf(loaded, { homepage: 'https://second.example.org' })));
      expect(second).toMatchObject({ status: 409, code: 'stale' });
      expect((await orgRow(14)).homepage).toBe('https://first.example.org');
      // Based on the new version it goes through.
      const third = await putOrg(t, fed, 1, formOf(first, { homepage: 'https://third.example.org' }));
      expect(third.status).toBe(200);
    });
  });

  describe('create (POST org)', () => {
    const newClub: OrgCreate = {
      name: 'Bogenschützen Neusiedl',
      nameShort: 'BS Neusiedl',
      street: 'Seestraße 1',
      city: 'Neusiedl am See',
      zip: '7100',
      email: 'office@bs-neusiedl.example.org',
      orgLevel: 3,
      params: { federalState: 'Burgenland', iban: 'AT611904300234573201' },
    };

    it('federation creates a club; its parent follows the federal state', async () => {
      const res = await answerOf(createOrg(fed, 1, newClub), 201);
      expect(res).toMatchObject({ name: 'Bogenschützen Neusiedl', orgLevel: 3, orgMotherId: 2, members: 0, fees: [], places: [] });
      expect(res.id).toBeGreaterThan(45);
      const list = await answerOf(listOrgs(fed, 1), 200);
      expect(list.map((o) => o.id)).toContain(res.id);
    });

    it('a club or state association may not create organisations', async () => {
      const count = async () => (await tdb.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(organisations))[0].n;
      const before = await count();
      const byClub = await createOrg(club, 11, { ...newClub, nameShort: 'X1' });
      expect(byClub.status).toBe(403);
      const byState = await createOrg(state, undefined, { ...newClub, nameShort: 'X2' });
      expect(byState.status).toBe(403);
      expect(await count()).toBe(before);
    });

    it('missing required fields or federal state → 422, nothing created', async () => {
      const count = async () => (await tdb.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(organisations))[0].n;
      const before = await count();
      const { street: _s, ...noStreet } = newClub;
      void _s;
      // (without a street the body is not the create's type: sent untyped on purpose)
      const a = await call(t.app, 'POST', '/api/v1/admin/org?actingOrgId=1', { token: fed, json: noStreet });
      expect(a.status).toBe(422);
      expect(errorOf(a).field).toBe('street');
      const b = await refusalOf(createOrg(fed, 1, { ...newClub, params: {} }));
      expect([b.status, b.field]).toEqual([422, 'params.federalState']);
      const c = await refusalOf(createOrg(fed, 1, { ...newClub, orgMotherId: 424242 }));
      expect([c.status, c.field]).toEqual([422, 'orgMotherId']);
      expect(await count()).toBe(before);
    });
  });

  describe('dissolving', () => {
    it('ends every function assignment of the organisation as of the end date, in one go', async () => {
      const end = iso(addDays(new Date(`${today}T12:00:00`), 30));
      const later = iso(addDays(new Date(`${today}T12:00:00`), 60));
      // One assignment that would only begin after the end date, one that already ended before it.
      await tdb.db.insert(functionAssignments).values([
        { memberId: 10, orgId: 15, roleId: 32, dateFrom: later },
        { memberId: 11, orgId: 15, roleId: 32, dateFrom: '2010-01-01', dateTo: '2015-12-31' },
      ]);
      const otherBefore = await assignmentsOf(16);
      const before = await assignmentsOf(15);
      expect(before.filter((a) => a.dateTo > end).length).toBeGreaterThan(1);

      const res = await answerOf(saveOrg(t, fed, 15, 1, { orgEndDate: end }), 200);
      expect(res.orgEndDate).toBe(end);

      const after = await assignmentsOf(15);
      expect(after.every((a) => a.dateTo <= end)).toBe(true);
      expect(after.some((a) => a.dateFrom === later)).toBe(false);
      expect(after).toHaveLength(before.length - 1);
      expect(after.find((a) => a.memberId === 11 && a.dateFrom === '2010-01-01')!.dateTo).toBe('2015-12-31');
      for (const a of before.filter((x) => x.dateFrom <= end)) {
        expect(after.find((x) => x.id === a.id)!.dateTo).toBe(a.dateTo > end ? end : a.dateTo);
      }
      expect(await assignmentsOf(16)).toEqual(otherBefore);
    });

    it('a failure midway (after the assignments were ended) changes nothing', async () => {
      // A trigger fails the organisation row update, but only once the assignments have already been ended
      // inside the same transaction (so the failure is truly midway: if the steps ran the other way round,
      // the save would succeed and this test would fail).
      await tdb.db.execute(
        sql.raw(`
        create or replace function fail_org_update() returns trigger language plpgsql as $$
        begin
          if new.id = 17 and new.org_end_date is not null and not exists (
            select 1 from function_assignments where org_id = new.id and date_to > new.org_end_date
          ) then raise exception 'injected failure'; end if;
          return new;
        end $$`),
      );
      await tdb.db.execute(
        sql.raw('create trigger fail_org_update before update on organisations for each row execute function fail_org_update()'),
      );
      const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const before = await assignmentsOf(17);
        const orgBefore = await orgRow(17);
        expect(before.some((a) => a.dateTo > today)).toBe(true);
        const res = await answerOf(saveOrg(t, fed, 17, 1, { orgEndDate: today, name: 'Dissolved' }), 500);
        expect(res.error.code).toBe('internal');
        expect(await assignmentsOf(17)).toEqual(before);
        expect(await orgRow(17)).toEqual(orgBefore);
      } finally {
        quiet.mockRestore();
        await tdb.db.execute(sql.raw('drop trigger fail_org_update on organisations'));
        await tdb.db.execute(sql.raw('drop function fail_org_update()'));
      }
      // Without the fault the same save dissolves the club.
      const ok = await saveOrg(t, fed, 17, 1, { orgEndDate: today });
      expect(ok.status).toBe(200);
      const after = await tdb.db
        .select()
        .from(functionAssignments)
        .where(and(eq(functionAssignments.orgId, 17), inArray(functionAssignments.roleId, [29, 32])));
      expect(after.every((a) => a.dateTo <= today)).toBe(true);
    });

    it('the dissolved club no longer counts members', async () => {
      const org = await answerOf(getOrg(t, fed, 17, 1), 200);
      // Memberships end today; they still count today and no longer tomorrow.
      expect(org.orgEndDate).toBe(today);
      t.clock.advance(2 * 24 * 3600 * 1000);
      try {
        // (the token of two days ago has expired: sign in again)
        const later = await answerOf(getOrg(t, await signIn(t.app, 'verband@example.org'), 17, 1), 200);
        expect(later.members).toBe(0);
        expect(later.licenses).toBe(0);
      } finally {
        t.clock.advance(-2 * 24 * 3600 * 1000);
      }
    });
  });
});

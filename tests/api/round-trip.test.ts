/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/members';
import { members, organisations } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import { answerOf, call, client, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * A client that sends back what it loaded works: for every resource with a write, the record
 * exactly as the API answered it (one field changed) is accepted and changes exactly that field.
 * One rule for every write: a field left out stays as stored, null clears it; read-only and
 * unknown keys are ignored; bodies with prototype keys or absurd nesting are refused (422) and
 * change nothing. Timestamps are answered in RFC 3339 and accepted back in both forms.
 */

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The record without its version, which every write moves on. */
const unversioned = <T extends { updatedAt?: unknown }>(record: T): Omit<T, 'updatedAt'> => {
  const { updatedAt: _version, ...rest } = record;
  void _version;
  return rest;
};

describe.each(testDrivers())('round trips on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let today: string;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verein']));
    today = todayIso(t.clock.now());
  });
  afterAll(() => closeApi({ tdb, t }));

  /** Requests whose body is deliberately not what the contract says (unknown keys, another field's name). */
  const club = () => callsWith(t, tokens.verein);
  const admin = () => client(t, tokens.verein).api.v1.admin;
  const acting = { actingOrgId: '11' };
  /** A body sent as this exact text (JSON.stringify cannot write a `__proto__` key). */
  const sendText = (method: string, url: string, text: string) =>
    call(t.app, method, url, { token: tokens.verein, body: text, headers: { 'content-type': 'application/json' } });

  describe('member (PUT /admin/member)', () => {
    const read = () => answerOf(admin().member[':orgId'][':memberId'].$get({ param: { orgId: '11', memberId: '5' } }), 200);
    type MemberUpdate = Parameters<ReturnType<typeof admin>['member']['$put']>[0]['json'];
    const put = (json: MemberUpdate) => admin().member.$put({ json });

    it('takes the member exactly as answered with one field changed, and changes only that field', async () => {
      const before = await read();
      expect(before.updatedAt).toMatch(RFC3339);
      const res = await answerOf(put({ ...before, city: 'Baden bei Wien' }), 200);
      expect(res.updatedAt).toMatch(RFC3339);
      const after = await read();
      expect(after.updatedAt).not.toBe(before.updatedAt);
      expect(unversioned(after)).toEqual(unversioned({ ...before, city: 'Baden bei Wien' }));
    });

    it('keeps what is left out and clears what is null', async () => {
      const before = await read();
      expect(before.street).not.toBeNull();
      await answerOf(put({ id: 5, updatedAt: before.updatedAt, phoneMobile: '+43 660 1234567' }), 200);
      const kept = await read();
      expect(unversioned(kept)).toEqual(unversioned({ ...before, phoneMobile: '+43 660 1234567' }));

      expect((await put({ id: 5, updatedAt: kept.updatedAt, street: null, params: { emailVisible: true } })).status).toBe(200);
      const cleared = await read();
      expect(unversioned(cleared)).toEqual(unversioned({ ...kept, street: null, params: { ...kept.params, emailVisible: true } }));
    });

    it('ignores read-only and unknown keys', async () => {
      const before = await read();
      const other = before.ageClass === 'U10' ? 'U12' : 'U10';
      const res = await club().put('/api/v1/admin/member', {
        ...before,
        ageClass: other,
        uuid: '00000000-0000-4000-8000-000000000000',
        imageLink: '/elsewhere.png',
        licenseOrg: 'Someone else',
        organizations: [],
        functions: [],
        access: { canEdit: false, outranked: true, canDelete: true, canEndMembershipIn: [] },
        orgId: null,
        favouriteBow: 'recurve',
      });
      expect(res.status).toBe(200);
      expect(unversioned(await read())).toEqual(unversioned(before));
    });

    it('accepts the version back in PostgreSQL text form too, and still refuses a stale one', async () => {
      const before = await read();
      const pgText = before.updatedAt.replace('T', ' ').replace(/Z$/, '+00');
      expect((await put({ id: 5, updatedAt: pgText, zip: '2500' })).status).toBe(200);
      const stale = await answerOf(put({ id: 5, updatedAt: before.updatedAt, zip: '2700' }), 409);
      expect(stale.error.value).toMatch(RFC3339);
      expect((await read()).zip).toBe('2500');
    });

    it('refuses __proto__ keys and deep nesting with 422 and changes nothing', async () => {
      const before = await read();
      const [stored] = await tdb.db.select().from(members).where(eq(members.id, 5));
      const proto = await sendText(
        'PUT',
        '/api/v1/admin/member',
        `{"id":5,"updatedAt":"${before.updatedAt}","__proto__":{"city":"Graz"},"city":"Linz"}`,
      );
      expect(proto.status).toBe(422);
      expect(proto.body.error).toMatchObject({ code: 'unsafe_body', field: '__proto__' });
      const nested = `{"id":5,"updatedAt":"${before.updatedAt}","city":"Linz","params":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
      const deep = await sendText('PUT', '/api/v1/admin/member', nested);
      expect(deep.status).toBe(422);
      expect(deep.body.error.code).toBe('unsafe_body');
      expect(deep.body.error.message).toMatch(/deeper than 32 levels/);
      const [after] = await tdb.db.select().from(members).where(eq(members.id, 5));
      expect(after).toEqual(stored);
    });

    it('takes the duplicate check with the form’s orgId and other keys it does not use', async () => {
      const member = await read();
      const sent = { ...member, orgId: 11, excludeId: null };
      const res = await answerOf(admin().member.duplicates.$put({ json: sent }), 200);
      expect(Array.isArray(res.candidates)).toBe(true);
    });
  });

  describe('organisation (PUT /admin/org)', () => {
    const read = () => answerOf(admin().org[':orgId'].$get({ param: { orgId: '11' }, query: acting }), 200);
    type OrgUpdate = Parameters<ReturnType<typeof admin>['org']['$put']>[0]['json'];
    const put = (json: OrgUpdate) => admin().org.$put({ query: acting, json });

    it('takes the organisation exactly as answered with one field changed, and changes only that field', async () => {
      const before = await read();
      expect(before.updatedAt).toMatch(RFC3339);
      // as answered: null where the record has nothing, which the write's own type leaves out
      expect((await club().put('/api/v1/admin/org?actingOrgId=11', { ...before, phoneOffice: '+43 2622 12345' })).status).toBe(200);
      expect(unversioned(await read())).toEqual(unversioned({ ...before, phoneOffice: '+43 2622 12345' }));
    });

    it('keeps what is left out and clears what is null', async () => {
      const before = await read();
      expect((await put({ id: 11, updatedAt: before.updatedAt, homepage: 'https://bogen.example.at' })).status).toBe(200);
      const kept = await read();
      expect(unversioned(kept)).toEqual(unversioned({ ...before, homepage: 'https://bogen.example.at' }));
      expect((await put({ id: 11, updatedAt: kept.updatedAt, homepage: null, params: { iban: 'AT611904300234573201' } })).status).toBe(200);
      expect(unversioned(await read())).toEqual(
        unversioned({ ...kept, homepage: null, params: { ...kept.params, iban: 'AT611904300234573201' } }),
      );
    });

    it('ignores read-only and unknown keys', async () => {
      const before = await read();
      const res = await club().put('/api/v1/admin/org?actingOrgId=11', {
        ...before,
        members: 999,
        licenses: 999,
        canEdit: false,
        fees: [],
        places: [],
        orgMotherName: 'X',
        imageLink: '/x.png',
        params: { ...before.params, files: [] },
        motto: 'Alle ins Gold',
      });
      expect(res.status).toBe(200);
      expect(unversioned(await read())).toEqual(unversioned(before));
    });

    it('refuses a __proto__ key inside params and deep nesting with 422 and changes nothing', async () => {
      const before = await read();
      const [stored] = await tdb.db.select().from(organisations).where(eq(organisations.id, 11));
      const proto = await sendText(
        'PUT',
        '/api/v1/admin/org?actingOrgId=11',
        `{"id":11,"updatedAt":"${before.updatedAt}","params":{"__proto__":{"coop_partner":true}},"zip":"2701"}`,
      );
      expect(proto.status).toBe(422);
      expect(proto.body.error).toMatchObject({ code: 'unsafe_body', field: 'params.__proto__' });
      const ctor = await sendText(
        'PUT',
        '/api/v1/admin/org?actingOrgId=11',
        `{"id":11,"updatedAt":"${before.updatedAt}","constructor":{"prototype":{"x":1}}}`,
      );
      expect(ctor.status).toBe(422);
      const deep = await sendText(
        'PUT',
        '/api/v1/admin/org?actingOrgId=11',
        `{"id":11,"updatedAt":"${before.updatedAt}","params":${'['.repeat(3000)}${']'.repeat(3000)}}`,
      );
      expect(deep.status).toBe(422);
      const [after] = await tdb.db.select().from(organisations).where(eq(organisations.id, 11));
      expect(after).toEqual(stored);
      expect(({} as Record<string, unknown>).coop_partner).toBeUndefined();
    });
  });

  describe('place (POST /admin/org/places)', () => {
    let placeId: number;
    const readPlace = async () => {
      const org = await answerOf(admin().org[':orgId'].$get({ param: { orgId: '11' }, query: acting }), 200);
      const place = org.places.find((p) => p.id === placeId);
      if (!place) throw new Error(`place ${placeId} not answered`);
      return place;
    };
    type PlaceWrite = Parameters<ReturnType<typeof admin>['org']['places']['$post']>[0]['json'];
    const save = (json: PlaceWrite) => admin().org.places.$post({ query: acting, json });

    beforeAll(async () => {
      const created = await answerOf(
        save({
          orgId: 11,
          pname: 'Halle Süd',
          address: 'Hauptplatz 1',
          city: 'Wiener Neustadt',
          zip: '2700',
          lat: 47.81,
          lon: 16.24,
          params: { openingHours: 'Di 18–21', training: ['Outdoor'] },
        }),
        201,
      );
      placeId = created.id;
    });

    it('takes the place exactly as answered with one field changed, and changes only that field', async () => {
      const before = await readPlace();
      expect(before.updatedAt).toMatch(RFC3339);
      await answerOf(save({ ...before, pname: 'Halle Nord' }), 200);
      expect(unversioned(await readPlace())).toEqual(unversioned({ ...before, pname: 'Halle Nord' }));
    });

    it('keeps what is left out, clears what is null and ignores unknown keys', async () => {
      const before = await readPlace();
      expect(
        (
          await club().post('/api/v1/admin/org/places?actingOrgId=11', {
            id: placeId,
            orgId: 11,
            updatedAt: before.updatedAt,
            zip: null,
            params: { openingHours: 'Do 18–21' },
            roof: true,
          })
        ).status,
      ).toBe(200);
      expect(unversioned(await readPlace())).toEqual(
        unversioned({ ...before, zip: null, params: { ...before.params, openingHours: 'Do 18–21' } }),
      );
    });
  });

  describe('function assignment (POST /admin/functions/{memberId})', () => {
    let funkMgId: number;
    const readAssignment = async () => {
      const list = await answerOf(admin().member.role[':orgId'][':memberId'].$get({ param: { orgId: '11', memberId: '5' } }), 200);
      const assignment = list.find((a) => a.funkMgId === funkMgId);
      if (!assignment) throw new Error(`assignment ${funkMgId} not answered`);
      return assignment;
    };
    type AssignmentWrite = Parameters<ReturnType<typeof admin>['functions'][':id']['$post']>[0]['json'];
    const assign = (json: AssignmentWrite) => admin().functions[':id'].$post({ param: { id: '5' }, json });

    beforeAll(async () => {
      const created = await answerOf(assign({ orgId: 11, memberId: 5, roleId: 27, from: today }), 201);
      funkMgId = created.funkMgId;
    });

    it('takes the assignment exactly as answered (its own field names) with one field changed', async () => {
      const before = await readAssignment();
      expect(before.updatedAt).toMatch(RFC3339);
      const end = addDays(today, 30);
      await answerOf(assign({ ...before, dateTo: end }), 200);
      expect(unversioned(await readAssignment())).toEqual(unversioned({ ...before, dateTo: end }));
    });

    it('keeps what is left out and makes it open-ended with null', async () => {
      const before = await readAssignment();
      expect((await assign({ funkMgId, updatedAt: before.updatedAt })).status).toBe(200);
      const kept = await readAssignment();
      expect(unversioned(kept)).toEqual(unversioned(before));
      expect((await club().post('/api/v1/admin/functions/5', { id: funkMgId, updatedAt: kept.updatedAt, to: null })).status).toBe(200);
      expect(unversioned(await readAssignment())).toEqual(unversioned({ ...kept, dateTo: '2999-12-31' }));
    });
  });

  describe('training (POST /admin/training/{memberId})', () => {
    it('records a certificate sent as the member answer lists it, with one field changed', async () => {
      type TrainingWrite = Parameters<ReturnType<typeof admin>['training'][':id']['$post']>[0]['json'];
      const record = (json: TrainingWrite) => admin().training[':id'].$post({ param: { id: '5' }, json });
      const first = await answerOf(
        record({ orgId: 11, trainingId: 8, dateFrom: '2025-03-02', dateTo: '2027-03-02', controller: 'Rotes Kreuz' }),
        201,
      );
      const member = await answerOf(admin().member[':orgId'][':memberId'].$get({ param: { orgId: '11', memberId: '5' } }), 200);
      const answered = member.certificates.find((c) => c.ausb_mg_id === first.ausb_mg_id);
      expect(answered).toEqual(first);
      if (!answered) return;

      // the answered record with its read-only keys (a new id, the title) sent back
      const sent = { ...answered, orgId: 11, dateFrom: '2025-04-01', ausb_mg_id: 999999, certTitle: 'ignored' };
      const res = await answerOf(record(sent), 201);
      expect(res).toEqual({ ...answered, dateFrom: '2025-04-01', ausb_mg_id: res.ausb_mg_id });
      expect(res.ausb_mg_id).not.toBe(answered.ausb_mg_id);
    });
  });
});

/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { tableSnapshot } from './helpers/table-snapshot';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Malformed input is a clear 4xx in the one error shape and changes nothing — each case below
 * answered 500 before: whole numbers ≥ 2³¹ in bodies, paths and id lists, a NUL character in text
 * or search, dates that match the pattern but do not exist, a training for a missing member,
 * a broken percent-escape in an API path. Sent as the federation, so no permission check hides them.
 */

const BIG = 2 ** 31;

describe.each(testDrivers())('malformed input on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let member: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let org: any;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verband: token },
    } = await openApi(driver, ['verband']));
    member = (await call(t.app, 'GET', '/api/v1/admin/member/1/5', { token })).body;
    org = (await call(t.app, 'GET', '/api/v1/admin/org/11?actingOrgId=1', { token })).body;
    expect(member.id).toBe(5);
    expect(org.id).toBe(11);
  });
  afterAll(() => closeApi({ tdb, t }));

  const memberBody = (changes: Record<string, unknown>) => ({
    orgId: 1,
    id: member.id,
    updatedAt: member.updatedAt,
    firstName: member.firstName,
    surname: member.surname,
    birthDate: member.birthDate,
    gender: member.gender,
    ...changes,
  });
  const orgBody = (changes: Record<string, unknown>) => ({
    name: 'Neuer Verein',
    nameShort: 'NV',
    street: 'Gasse 1',
    city: 'Wien',
    zip: '1010',
    email: 'nv@example.org',
    orgLevel: 3,
    orgMotherId: 4,
    params: {},
    ...changes,
  });

  const cases: Array<[string, string, string, unknown?]> = [
    // whole numbers ≥ 2³¹
    ['PUT', '/api/v1/admin/member', 'id ≥ 2³¹ in a body', () => memberBody({ id: BIG })],
    ['PUT', '/api/v1/admin/member', 'nationality ≥ 2³¹', () => memberBody({ nationality: BIG })],
    ['POST', '/api/v1/admin/member/membership', 'memberId ≥ 2³¹', { orgId: 11, memberId: BIG }],
    ['POST', '/api/v1/admin/org', 'orgMotherId ≥ 2³¹', () => orgBody({ orgMotherId: BIG })],
    ['GET', `/api/v1/admin/member/1/${BIG}`, 'id ≥ 2³¹ in a path', undefined],
    ['GET', `/api/v1/admin/members/${BIG}`, 'org ≥ 2³¹ in a path', undefined],
    ['GET', `/api/v1/profile/image/${BIG}`, 'uuid path that is a number', undefined],
    ['GET', `/api/v1/admin/members/search?name=a&roles=${BIG}`, 'roles=2³¹', undefined],
    ['GET', `/api/v1/admin/members/roles/1?groups=1,${BIG}`, 'groups=…,2³¹', undefined],
    ['GET', `/api/v1/admin/members/search?org=${BIG}`, 'org=2³¹ in a query', undefined],
    ['GET', `/api/v1/admin/org/11?actingOrgId=${BIG}`, 'actingOrgId=2³¹', undefined],
    ['GET', '/api/v1/admin/member/1/1e3', 'an exponent as id', undefined],
    // NUL
    ['PUT', '/api/v1/admin/member', 'NUL in a name', () => memberBody({ surname: 'Hu\u0000ber' })],
    ['POST', '/api/v1/admin/org', 'NUL in a text field', () => orgBody({ city: 'Wi\u0000en' })],
    ['GET', '/api/v1/admin/members?q=a%00b', 'NUL in a search', undefined],
    ['GET', '/api/v1/admin/members/search?name=%00', 'NUL in a name search', undefined],
    // dates that do not exist
    ['POST', '/api/v1/admin/org', 'orgStartDate 2025-02-30', () => orgBody({ orgStartDate: '2025-02-30' })],
    ['POST', '/api/v1/admin/org', 'orgEndDate 0000-00-00', () => orgBody({ orgEndDate: '0000-00-00' })],
    [
      'PUT',
      '/api/v1/admin/org',
      'inoperativeSince 2025-02-30',
      () => ({ id: 11, updatedAt: org.updatedAt, inoperativeSince: '2025-02-30' }),
    ],
    ['PUT', '/api/v1/admin/org', 'updatedAt on 2025-02-30', () => ({ id: 11, updatedAt: '2025-02-30 10:00:00+00', name: 'X' })],
    ['PUT', '/api/v1/admin/member', 'member updatedAt 0000-00-00', () => memberBody({ updatedAt: '0000-00-00T00:00:00Z' })],
    ['PUT', '/api/v1/admin/member', 'birthDate 2001-02-29', () => memberBody({ birthDate: '2001-02-29' })],
    // a training for a member that does not exist
    ['POST', '/api/v1/admin/training/99999999', 'training for a missing member', { orgId: 1, trainingId: 8, dateFrom: '2025-03-02' }],
    // broken percent-escape in an API path
    ['GET', '/api/v1/admin/member/1/%E0%A4%A', 'broken percent-escape', undefined],
  ];

  it.each(cases)('%s %s: %s → 4xx in the error shape, nothing changed', async (method, url, _what, body) => {
    const before = await tableSnapshot(tdb.db);
    const json = typeof body === 'function' ? body() : body;
    const res = await call(t.app, method, url, { token, json });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
    expect(await tableSnapshot(tdb.db)).toEqual(before);
  });

  it('answers 404 for a training of a member that does not exist', async () => {
    const res = await call(t.app, 'POST', '/api/v1/admin/training/99999999', {
      token,
      json: { orgId: 1, trainingId: 8, dateFrom: '2025-03-02' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('names the field of a NUL character and of a date that does not exist', async () => {
    const nul = await call(t.app, 'PUT', '/api/v1/admin/member', { token, json: memberBody({ surname: 'Hu\u0000ber' }) });
    expect(nul.status).toBe(422);
    expect(nul.body.error).toMatchObject({ code: 'invalid_character', field: 'surname' });
    const date = await call(t.app, 'POST', '/api/v1/admin/org', { token, json: orgBody({ orgStartDate: '2025-02-30' }) });
    expect(date.status).toBe(422);
    expect(date.body.error).toMatchObject({ field: 'orgStartDate', rule: 'dateInvalid' });
  });
});

/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { client, DEMO_PASSWORD, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

describe.each(testDrivers())('update_password on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;
  const email = 'mitglied@example.org';

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { mitglied: token },
    } = await openApi(driver, ['mitglied']));
  });
  afterAll(() => closeApi({ tdb, t }));

  // Typed calls (hono/testing): bodies and answers are checked against the route definitions.
  type Answer = { status: number; body: { ok?: true; jwtToken?: string; error?: { code: string; field?: string } } };
  const answer = async (res: Response): Promise<Answer> => ({ status: res.status, body: await res.json() });

  /** Changes the password with the session of `token`, which goes on after the change. */
  const update = async (oldPassword: string, newPassword: string) =>
    answer(await client(t, token).api.v1.auth.update_password.$put({ json: { oldPassword, newPassword } }));
  const login = async (password: string) =>
    answer(await client(t, undefined, '203.0.113.90').api.v1.auth.login.$post({ json: { email, password } }));
  const getUser = async (as: string) => (await client(t, as).api.v1.getUser.$get()).status;

  it.each([
    ['too short', 'Kurz1!'],
    ['too long', `Lang1!${'x'.repeat(30)}`],
    ['without an upper-case letter', 'ohnegross1!'],
    ['without a lower-case letter', 'OHNEKLEIN1!'],
    ['without a digit or special character', 'NurBuchstaben'],
    ['the same as the old one', DEMO_PASSWORD],
  ])('refuses a new password %s with 422 on newPassword, and the old password keeps working', async (_why, newPassword) => {
    const res = await update(DEMO_PASSWORD, newPassword);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation', field: 'newPassword' });
    expect((await login(DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses an empty old password with 422', async () => {
    const res = await update('', 'GanzNeu2026!');
    expect(res.status).toBe(422);
    expect(res.body.error?.field).toBe('oldPassword');
  });

  it('refuses a wrong old password with 400 wrong_password and changes nothing', async () => {
    const res = await update('Falsch2026!', 'GanzNeu2026!');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('wrong_password');
    expect((await login('GanzNeu2026!')).status).toBe(401);
    expect((await login(DEMO_PASSWORD)).status).toBe(200);
  });

  it('accepts the right old password and a valid new one; the new one signs in, the old one no longer', async () => {
    const otherSession = (await login(DEMO_PASSWORD)).body.jwtToken as string;
    const res = await update(DEMO_PASSWORD, 'GanzNeu2026!');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    // The member's other sessions end; the one that made the change goes on.
    expect(await getUser(otherSession)).toBe(401);
    expect(await getUser(token)).toBe(200);
    expect((await login('GanzNeu2026!')).status).toBe(200);
    expect((await login(DEMO_PASSWORD)).status).toBe(401);
  });

  it('accepts a digit instead of a special character and a special character instead of a digit', async () => {
    expect((await update('GanzNeu2026!', 'MitZiffer7')).status).toBe(200);
    expect((await update('MitZiffer7', 'Mit-Zeichen')).status).toBe(200);
    expect((await login('Mit-Zeichen')).status).toBe(200);
  });
});

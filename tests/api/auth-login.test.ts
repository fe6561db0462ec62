/** @jest-environment node */
import { SignJWT } from 'jose';
import { closeApi, openApi } from './helpers/open-api';
import { call, DEMO_PASSWORD, signIn, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

describe.each(testDrivers())('sign-in and tokens on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;

  beforeAll(async () => {
    ({ tdb, t } = await openApi(driver));
  });
  afterAll(() => closeApi({ tdb, t }));

  const login = (email: string, password: string, ip = '198.51.100.1', headers?: Record<string, string>) =>
    call(t.app, 'POST', '/api/v1/auth/login', { json: { email, password }, ip, headers });

  it('signs in with the right password and returns a token that opens getUser', async () => {
    const res = await login('verein@example.org', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(typeof res.body.jwtToken).toBe('string');
    const user = await call(t.app, 'GET', '/api/v1/getUser', { token: res.body.jwtToken });
    expect(user.status).toBe(200);
    expect(user.body.email).toBe('verein@example.org');
  });

  it('accepts the address in any letter case', async () => {
    expect((await login('  Verein@Example.ORG ', DEMO_PASSWORD)).status).toBe(200);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const wrong = await login('verein@example.org', 'Falsch2026!', '198.51.100.2');
    const unknown = await login('niemand@example.org', 'Falsch2026!', '198.51.100.2');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });

  it('refuses a body breaking its schema with 422 and the field, a body that is not JSON with 400', async () => {
    const noEmail = await call(t.app, 'POST', '/api/v1/auth/login', { json: { password: 'x' } });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.error).toMatchObject({ code: 'validation', field: 'email' });
    const badEmail = await login('not-an-address', 'x');
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.error.field).toBe('email');
    const emptyPassword = await login('verein@example.org', '');
    expect(emptyPassword.body.error).toMatchObject({ code: 'validation', field: 'password' });
    const broken = await call(t.app, 'POST', '/api/v1/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('malformed_json');
  });

  describe('rate limit', () => {
    it('refuses the 6th attempt within 15 minutes with 429, Retry-After and a message, even with the right password', async () => {
      const ip = '198.51.100.50';
      for (let i = 0; i < 5; i++) expect((await login('land@example.org', `Wrong${i}pass!`, ip)).status).toBe(401);
      const limited = await login('land@example.org', DEMO_PASSWORD, ip);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(limited.body.error.message).toMatch(/try again in \d+ minute/i);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(limited.body.error.value).toBe(retryAfter);
    });

    it('limits per address and client: another client or another address still gets its tries', async () => {
      const ip = '198.51.100.51';
      for (let i = 0; i < 5; i++) await login('trainer@example.org', 'Wrong1pass!', ip);
      expect((await login('trainer@example.org', DEMO_PASSWORD, ip)).status).toBe(429);
      expect((await login('trainer@example.org', DEMO_PASSWORD, '198.51.100.52')).status).toBe(200);
      expect((await login('verband@example.org', DEMO_PASSWORD, ip)).status).toBe(200);
    });

    it('counts unknown addresses too, so probing is limited as well', async () => {
      const ip = '198.51.100.53';
      for (let i = 0; i < 5; i++) expect((await login('ghost@example.org', 'Wrong1pass!', ip)).status).toBe(401);
      expect((await login('ghost@example.org', 'Wrong1pass!', ip)).status).toBe(429);
    });

    it('lets the client in again once the window has passed', async () => {
      const ip = '198.51.100.54';
      for (let i = 0; i < 5; i++) await login('verein@example.org', 'Wrong1pass!', ip);
      expect((await login('verein@example.org', DEMO_PASSWORD, ip)).status).toBe(429);
      t.clock.advance(15 * 60 * 1000 + 1000);
      expect((await login('verein@example.org', DEMO_PASSWORD, ip)).status).toBe(200);
    });

    it('a successful sign-in clears the failures of that address and client', async () => {
      const ip = '198.51.100.55';
      for (let i = 0; i < 4; i++) await login('verein@example.org', 'Wrong1pass!', ip);
      expect((await login('verein@example.org', DEMO_PASSWORD, ip)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login('verein@example.org', 'Wrong1pass!', ip)).status).toBe(401);
      expect((await login('verein@example.org', DEMO_PASSWORD, ip)).status).toBe(200);
    });

    it('believes X-Forwarded-For only from the trusted BFF address', async () => {
      // Through the BFF (loopback): each browser address has its own count.
      for (let i = 0; i < 5; i++) await login('mitglied@example.org', 'Wrong1pass!', '127.0.0.1', { 'x-forwarded-for': '192.0.2.7' });
      expect((await login('mitglied@example.org', DEMO_PASSWORD, '127.0.0.1', { 'x-forwarded-for': '192.0.2.7' })).status).toBe(429);
      expect((await login('mitglied@example.org', DEMO_PASSWORD, '127.0.0.1', { 'x-forwarded-for': '192.0.2.8' })).status).toBe(200);
      // From elsewhere a made-up X-Forwarded-For does not buy fresh tries.
      const ip = '198.51.100.56';
      for (let i = 0; i < 5; i++) await login('mitglied@example.org', 'Wrong1pass!', ip, { 'x-forwarded-for': `192.0.2.${100 + i}` });
      expect((await login('mitglied@example.org', DEMO_PASSWORD, ip, { 'x-forwarded-for': '192.0.2.200' })).status).toBe(429);
    });
  });

  describe('tokens', () => {
    const protectedCalls: Array<[string, string]> = [
      ['GET', '/api/v1/getUser'],
      ['GET', '/api/v1/admin/systemroles'],
      ['PUT', '/api/v1/auth/update_password'],
      ['GET', '/api/v1/admin/countries'],
      ['GET', '/api/v1/profile/image/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v1/profile/image/1'],
    ];

    it.each(protectedCalls)('%s %s refuses a call without a token, with NONE and with garbage', async (method, url) => {
      const variants: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer NONE' },
        { authorization: 'Bearer abc.def.ghi' },
        { authorization: 'Basic Zm9vOmJhcg==' },
      ];
      for (const headers of variants) {
        const res = await call(t.app, method, url, {
          headers,
          json: method === 'PUT' ? { oldPassword: 'x', newPassword: 'y' } : undefined,
        });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
        expect(typeof res.body.error.message).toBe('string');
      }
    });

    it('refuses an expired token', async () => {
      const token = await signIn(t.app, 'verband@example.org');
      expect((await call(t.app, 'GET', '/api/v1/getUser', { token })).status).toBe(200);
      t.clock.advance(t.env.jwtTtlSeconds * 1000 + 1000);
      const res = await call(t.app, 'GET', '/api/v1/getUser', { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    });

    it('refuses a token signed with another secret, and one whose subject was altered', async () => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('federation-api')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
      expect((await call(t.app, 'GET', '/api/v1/getUser', { token: forged })).status).toBe(401);

      const real = await signIn(t.app, 'mitglied@example.org');
      const [head, payload, signature] = real.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const altered = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      expect((await call(t.app, 'GET', '/api/v1/getUser', { token: `${head}.${altered}.${signature}` })).status).toBe(401);

      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
      expect((await call(t.app, 'GET', '/api/v1/getUser', { token: unsigned })).status).toBe(401);
    });

    it('accepts a token it did not issue itself when it carries the right signature (so the refusals above are about the signature)', async () => {
      const real = await signIn(t.app, 'mitglied@example.org');
      const me = await call(t.app, 'GET', '/api/v1/getUser', { token: real });
      const now = Math.floor(t.clock.now().getTime() / 1000);
      // The session id is part of every token (sign-out and a password change end sessions).
      const { sid } = JSON.parse(Buffer.from(real.split('.')[1], 'base64url').toString());
      const withoutSid = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(me.body.mg_id))
        .setIssuer('federation-api')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      expect((await call(t.app, 'GET', '/api/v1/getUser', { token: withoutSid })).status).toBe(401);
      const token = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(me.body.mg_id))
        .setIssuer('federation-api')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const res = await call(t.app, 'GET', '/api/v1/getUser', { token });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('mitglied@example.org');
    });
  });
});

/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { auditEntries, totpSecrets } from '@/server/db/schema';
import { softAuthenticator } from './helpers/soft-authenticator';
import { call, createTestApp, DEMO_PASSWORD, recordingMailer, testClock, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * Two-factor sign-in through the API: enrolment of an authenticator app and of passkeys, the
 * second step with each factor (and its refusals: wrong, replayed, used-up codes), sign-in with a
 * passkey alone, the policy that makes function holders enrol first, and the federation's reset.
 * Passwords, codes and secrets never reach the audit trail or the logs.
 */

const LAND = 'land@example.org'; // member 3, state association
const VEREIN = 'verein@example.org'; // member 2, club administrator
const TRAINER = 'trainer@example.org'; // member 4
const VERBAND = 'verband@example.org'; // member 1, federation
const MITGLIED = 'mitglied@example.org'; // member 5, no function

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at.getTime() });

describe.each(testDrivers())('two-factor sign-in (%s)', (driver) => {
  let tdb: TestDb;
  /** No policy (the embedded database's default). */
  let t: TestApp;
  /** TWO_FACTOR_REQUIRED_LEVELS=1,2 on the same database and clock. */
  let strict: TestApp;
  const clock = testClock(new Date('2026-11-27T09:00:00Z'));
  const mailer = recordingMailer();
  const logged: string[] = [];
  const secrets: string[] = [DEMO_PASSWORD];
  let spies: jest.SpyInstance[] = [];
  /** The recovery codes land (member 3) got with the passkey the policy made them enrol. */
  let landCodes: string[] = [];

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db, { clock, mailer });
    strict = createTestApp(tdb.db, { clock, mailer, env: { TWO_FACTOR_REQUIRED_LEVELS: '1,2' } });
    spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(
          args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '),
        );
      }),
    );
  }, 120_000);

  afterAll(async () => {
    spies.forEach((s) => s.mockRestore());
    t?.cleanup();
    strict?.cleanup();
    await tdb?.close();
  });

  let ipCounter = 0;
  /** A fresh client address per sign-in flow, so the flows' limits do not meet. */
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const login = (app: TestApp, email: string, ip: string, password = DEMO_PASSWORD) =>
    call(app.app, 'POST', '/api/v1/auth/login', { json: { email, password }, ip });
  const as = (app: TestApp, token: string | undefined, ip = '203.0.113.10') => ({
    get: (url: string) => call(app.app, 'GET', url, { token, ip }),
    post: (url: string, json?: unknown) => call(app.app, 'POST', url, { token, json, ip }),
    patch: (url: string, json: unknown) => call(app.app, 'PATCH', url, { token, json, ip }),
    del: (url: string) => call(app.app, 'DELETE', url, { token, ip }),
  });

  async function fullToken(app: TestApp, email: string) {
    const res = await login(app, email, freshIp());
    expect(res.status).toBe(200);
    expect(res.body.jwtToken).toEqual(expect.any(String));
    return res.body.jwtToken as string;
  }

  describe('authenticator app', () => {
    let secret: string;
    let recoveryCodes: string[];

    it('enrols with a secret, an otpauth:// URI and its QR code, and counts only once confirmed by a first code', async () => {
      const token = await fullToken(t, LAND);
      const enrol = await as(t, token).post('/api/v1/auth/two_factor/totp/enrol');
      expect(enrol.status).toBe(200);
      secret = enrol.body.secret;
      secrets.push(secret);
      expect(enrol.body.uri).toMatch(/^otpauth:\/\/totp\/.*land%40example\.org\?.*secret=/);
      expect(enrol.body.uri).toContain(`secret=${secret}`);
      expect(enrol.body.qrCode).toMatch(/^data:image\/png;base64,/);
      // unconfirmed: not yet a factor, the next sign-in needs none
      expect((await as(t, token).get('/api/v1/auth/two_factor')).body).toMatchObject({ totp: false, passkeys: [], recoveryCodesLeft: 0 });
      expect((await login(t, LAND, freshIp())).body.jwtToken).toEqual(expect.any(String));

      const wrong = await as(t, token).post('/api/v1/auth/two_factor/totp/confirm', {
        code: codeAt(secret, new Date(clock.now().getTime() - 120_000)),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('invalid_code');
      const notDigits = await as(t, token).post('/api/v1/auth/two_factor/totp/confirm', { code: 'abcdef' });
      expect(notDigits.status).toBe(422);

      const confirm = await as(t, token).post('/api/v1/auth/two_factor/totp/confirm', { code: codeAt(secret, clock.now()) });
      expect(confirm.status).toBe(200);
      recoveryCodes = confirm.body.recoveryCodes;
      secrets.push(...recoveryCodes);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(confirm.body.jwtToken).toBeUndefined();
      expect((await as(t, token).get('/api/v1/auth/two_factor')).body).toMatchObject({
        totp: true,
        recoveryCodesLeft: 10,
        required: false,
      });
      // a second enrolment needs the first removed
      expect((await as(t, token).post('/api/v1/auth/two_factor/totp/enrol')).status).toBe(409);
    });

    it('after the password answers only a half-signed-in token, which opens nothing but the second step', async () => {
      const res = await login(t, LAND, freshIp());
      expect(res.status).toBe(200);
      expect(res.body.jwtToken).toBeUndefined();
      expect(res.body).toMatchObject({ stage: 'verify', methods: ['totp', 'recovery'] });
      expect(new Date(res.body.expiresAt).getTime() - clock.now().getTime()).toBe(5 * 60_000);
      const half = res.body.pendingToken as string;
      expect((await as(t, half).get('/api/v1/getUser')).status).toBe(401);
      expect((await as(t, half).get('/api/v1/admin/systemroles')).status).toBe(401);
      expect((await as(t, half).get('/api/v1/auth/two_factor')).status).toBe(401);
      expect((await as(t, half).post('/api/v1/auth/two_factor/totp/enrol')).status).toBe(401);
      expect((await as(t, half).post('/api/v1/auth/logout')).status).toBe(401);
    });

    it('signs in with a code, accepts each code once, and one step of clock drift either way', async () => {
      const ip = freshIp();
      const first = (await login(t, LAND, ip)).body.pendingToken;
      // the step of the confirmation was used already: its code is refused
      const replayOfConfirm = await as(t, first, ip).post('/api/v1/auth/two_factor/totp', { code: codeAt(secret, clock.now()) });
      expect(replayOfConfirm.status).toBe(400);
      expect(replayOfConfirm.body.error.code).toBe('invalid_code');

      clock.advance(30_000);
      const code = codeAt(secret, clock.now());
      const ok = await as(t, first, ip).post('/api/v1/auth/two_factor/totp', { code });
      expect(ok.status).toBe(200);
      const session = ok.body.jwtToken as string;
      expect((await as(t, session).get('/api/v1/getUser')).body.email).toBe(LAND);
      // the half token ended with the session it gave
      expect((await as(t, first, ip).post('/api/v1/auth/two_factor/totp', { code })).status).toBe(401);

      const second = (await login(t, LAND, ip)).body.pendingToken;
      const replay = await as(t, second, ip).post('/api/v1/auth/two_factor/totp', { code });
      expect(replay.status).toBe(400);

      // clock drift: 60 s later, the code of the step before is still taken, that of two steps before not
      clock.advance(60_000);
      const twoBack = await as(t, second, ip).post('/api/v1/auth/two_factor/totp', {
        code: codeAt(secret, new Date(clock.now().getTime() - 60_000)),
      });
      expect(twoBack.status).toBe(400);
      const oneBack = await as(t, second, ip).post('/api/v1/auth/two_factor/totp', {
        code: codeAt(secret, new Date(clock.now().getTime() - 30_000)),
      });
      expect(oneBack.status).toBe(200);
      clock.advance(30_000);
      const third = (await login(t, LAND, freshIp())).body.pendingToken;
      const ahead = await as(t, third).post('/api/v1/auth/two_factor/totp', {
        code: codeAt(secret, new Date(clock.now().getTime() + 30_000)),
      });
      expect(ahead.status).toBe(200);
    });

    it('counts wrong codes toward the sign-in limit, and the password again gives no fresh tries', async () => {
      clock.advance(60_000);
      const ip = freshIp();
      let half = (await login(t, LAND, ip)).body.pendingToken;
      for (let i = 0; i < 3; i++) expect((await as(t, half, ip).post('/api/v1/auth/two_factor/totp', { code: '000000' })).status).toBe(400);
      // signing in again with the right password does not forget the wrong codes
      half = (await login(t, LAND, ip)).body.pendingToken;
      expect(half).toEqual(expect.any(String));
      for (let i = 0; i < 2; i++) expect((await as(t, half, ip).post('/api/v1/auth/two_factor/totp', { code: '000000' })).status).toBe(400);
      const limited = await as(t, half, ip).post('/api/v1/auth/two_factor/totp', { code: codeAt(secret, clock.now()) });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await login(t, LAND, ip)).status).toBe(429);
      // the lockout is audited, without any code
      const lockouts = await tdb.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'login'), eq(auditEntries.action, 'lockout'), eq(auditEntries.entityId, LAND)));
      expect(lockouts.length).toBeGreaterThan(0);
      // another client is not locked out
      clock.advance(16 * 60_000);
    });

    it('lets the half-signed-in token expire after 5 minutes', async () => {
      const ip = freshIp();
      const half = (await login(t, LAND, ip)).body.pendingToken;
      clock.advance(5 * 60_000 + 1000);
      expect((await as(t, half, ip).post('/api/v1/auth/two_factor/totp', { code: codeAt(secret, clock.now()) })).status).toBe(401);
    });

    it('signs in with a recovery code once; new codes replace the old ones', async () => {
      const ip = freshIp();
      const half = (await login(t, LAND, ip)).body.pendingToken;
      const used = recoveryCodes[0];
      // typed in small letters without the dash: still the code
      const ok = await as(t, half, ip).post('/api/v1/auth/two_factor/recovery', { code: used.replace('-', ' ').toLowerCase() });
      expect(ok.status).toBe(200);
      expect(ok.body.remaining).toBe(9);
      const again = (await login(t, LAND, ip)).body.pendingToken;
      const reuse = await as(t, again, ip).post('/api/v1/auth/two_factor/recovery', { code: used });
      expect(reuse.status).toBe(400);
      expect(reuse.body.error.code).toBe('invalid_code');

      const fresh = await as(t, ok.body.jwtToken).post('/api/v1/auth/two_factor/recovery_codes');
      expect(fresh.status).toBe(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
      secrets.push(...fresh.body.recoveryCodes);
      const old = await as(t, again, ip).post('/api/v1/auth/two_factor/recovery', { code: recoveryCodes[1] });
      expect(old.status).toBe(400);
      const renewed = await as(t, again, ip).post('/api/v1/auth/two_factor/recovery', { code: fresh.body.recoveryCodes[0] });
      expect(renewed.status).toBe(200);
      expect(renewed.body.remaining).toBe(9);
      // someone without a factor has no codes to renew
      expect((await as(t, await fullToken(t, MITGLIED)).post('/api/v1/auth/two_factor/recovery_codes')).status).toBe(409);
    });

    it('removes the authenticator app: the next sign-in needs no second factor', async () => {
      const token = (
        await as(t, (await login(t, LAND, freshIp())).body.pendingToken).post('/api/v1/auth/two_factor/recovery', {
          code: secrets[secrets.length - 1],
        })
      ).body.jwtToken;
      expect((await as(t, token).del('/api/v1/auth/two_factor/totp')).status).toBe(200);
      // recovery codes go with the last factor
      expect((await as(t, token).get('/api/v1/auth/two_factor')).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
      expect((await login(t, LAND, freshIp())).body.jwtToken).toEqual(expect.any(String));
    });
  });

  describe('passkeys', () => {
    const authenticator = softAuthenticator('http://localhost:3000');
    let passkeyId: string;

    it('registers a passkey with a resident key preferred and user verification required, and lists it by name', async () => {
      const token = await fullToken(t, VEREIN);
      const options = await as(t, token).post('/api/v1/auth/two_factor/passkeys/options');
      expect(options.status).toBe(200);
      expect(options.body.options.rp.id).toBe('localhost');
      expect(options.body.options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'required' });
      const response = authenticator.register(options.body.options);
      const added = await as(t, token).post('/api/v1/auth/two_factor/passkeys', {
        challengeId: options.body.challengeId,
        name: 'Laptop',
        response,
      });
      expect(added.status).toBe(200);
      expect(added.body.passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
      expect(added.body.recoveryCodes).toHaveLength(10);
      secrets.push(...added.body.recoveryCodes);
      passkeyId = added.body.passkey.id;
      // the challenge was used
      const again = await as(t, token).post('/api/v1/auth/two_factor/passkeys', {
        challengeId: options.body.challengeId,
        name: 'x',
        response,
      });
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('invalid_challenge');
      const status = await as(t, token).get('/api/v1/auth/two_factor');
      expect(status.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop']);
    });

    it('refuses a passkey registered without user verification, or for another origin', async () => {
      const token = await fullToken(t, TRAINER);
      const options = await as(t, token).post('/api/v1/auth/two_factor/passkeys/options');
      const unverified = await as(t, token).post('/api/v1/auth/two_factor/passkeys', {
        challengeId: options.body.challengeId,
        name: 'Schlüssel',
        response: softAuthenticator().register(options.body.options, { userVerified: false }),
      });
      expect(unverified.status).toBe(400);
      expect(unverified.body.error.code).toBe('invalid_passkey');
      const options2 = await as(t, token).post('/api/v1/auth/two_factor/passkeys/options');
      const foreign = await as(t, token).post('/api/v1/auth/two_factor/passkeys', {
        challengeId: options2.body.challengeId,
        name: 'Schlüssel',
        response: softAuthenticator('https://evil.example').register(options2.body.options),
      });
      expect(foreign.status).toBe(400);
      expect((await as(t, token).get('/api/v1/auth/two_factor')).body.passkeys).toEqual([]);
    });

    it('takes the second step with the passkey (offered first) and records its last use', async () => {
      const ip = freshIp();
      const res = await login(t, VEREIN, ip);
      expect(res.body).toMatchObject({ stage: 'verify', methods: ['passkey', 'recovery'] });
      const half = res.body.pendingToken;
      const options = await as(t, half, ip).post('/api/v1/auth/two_factor/passkey/options');
      expect(options.status).toBe(200);
      expect(options.body.options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([passkeyId]);
      expect(options.body.options.userVerification).toBe('required');
      // an answer to another challenge is refused and counted
      const wrong = await as(t, half, ip).post('/api/v1/auth/two_factor/passkey', {
        challengeId: options.body.challengeId,
        response: authenticator.authenticate(options.body.options, { challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }),
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('invalid_passkey');
      const options2 = await as(t, half, ip).post('/api/v1/auth/two_factor/passkey/options');
      const ok = await as(t, half, ip).post('/api/v1/auth/two_factor/passkey', {
        challengeId: options2.body.challengeId,
        response: authenticator.authenticate(options2.body.options),
      });
      expect(ok.status).toBe(200);
      const status = await as(t, ok.body.jwtToken).get('/api/v1/auth/two_factor');
      expect(status.body.passkeys[0].lastUsedAt).toBe(clock.now().toISOString());
    });

    it('signs in with the passkey alone (no address, no password)', async () => {
      const options = await as(t, undefined).post('/api/v1/auth/passkey/options');
      expect(options.status).toBe(200);
      expect(options.body.options.allowCredentials ?? []).toEqual([]);
      const response = authenticator.authenticate(options.body.options, { credentialId: passkeyId });
      const ok = await as(t, undefined).post('/api/v1/auth/passkey', { challengeId: options.body.challengeId, response });
      expect(ok.status).toBe(200);
      expect((await as(t, ok.body.jwtToken).get('/api/v1/getUser')).body.email).toBe(VEREIN);
      // the challenge is used once; an unknown passkey opens nothing
      expect((await as(t, undefined).post('/api/v1/auth/passkey', { challengeId: options.body.challengeId, response })).status).toBe(400);
      const options2 = await as(t, undefined).post('/api/v1/auth/passkey/options');
      const stranger = softAuthenticator();
      stranger.register({ challenge: 'AAAA', user: { id: 'eA' } });
      const refused = await as(t, undefined).post('/api/v1/auth/passkey', {
        challengeId: options2.body.challengeId,
        response: stranger.authenticate(options2.body.options),
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('invalid_passkey');
    });

    it('hands out at most 30 password-less challenges per client within 15 minutes', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i++) expect((await as(t, undefined, ip).post('/api/v1/auth/passkey/options')).status).toBe(200);
      const limited = await as(t, undefined, ip).post('/api/v1/auth/passkey/options');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await as(t, undefined, freshIp()).post('/api/v1/auth/passkey/options')).status).toBe(200);
    });

    it('renames and removes only the caller’s own passkeys', async () => {
      const mine = (
        await as(t, (await login(t, VEREIN, freshIp())).body.pendingToken).post('/api/v1/auth/two_factor/recovery', {
          code: secrets[secrets.length - 1],
        })
      ).body.jwtToken;
      const other = await fullToken(t, TRAINER);
      expect((await as(t, other).patch(`/api/v1/auth/two_factor/passkeys/${passkeyId}`, { name: 'Gestohlen' })).status).toBe(404);
      expect((await as(t, other).del(`/api/v1/auth/two_factor/passkeys/${passkeyId}`)).status).toBe(404);
      const renamed = await as(t, mine).patch(`/api/v1/auth/two_factor/passkeys/${passkeyId}`, { name: 'Büro-Laptop' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Büro-Laptop');
      expect((await as(t, mine).patch(`/api/v1/auth/two_factor/passkeys/${passkeyId}`, { name: '  ' })).status).toBe(422);
      expect((await as(t, mine).del(`/api/v1/auth/two_factor/passkeys/${passkeyId}`)).status).toBe(200);
      expect((await as(t, mine).get('/api/v1/auth/two_factor')).body.passkeys).toEqual([]);
    });
  });

  describe('policy (TWO_FACTOR_REQUIRED_LEVELS=1,2)', () => {
    it('leads a federation holder without a factor to enrolment, and that token opens nothing else', async () => {
      const ip = freshIp();
      const res = await login(strict, VERBAND, ip);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ stage: 'enrol', methods: [] });
      const half = res.body.pendingToken;
      expect((await as(strict, half, ip).get('/api/v1/getUser')).status).toBe(401);
      expect((await as(strict, half, ip).get('/api/v1/admin/systemroles')).status).toBe(401);
      expect((await as(strict, half, ip).get('/api/v1/admin/orgs/1')).status).toBe(401);
      expect((await as(strict, half, ip).del('/api/v1/auth/two_factor/totp')).status).toBe(401);
      expect((await as(strict, half, ip).post('/api/v1/auth/two_factor/recovery_codes')).status).toBe(401);
      // nor the second step: there is no factor to take it with
      expect((await as(strict, half, ip).post('/api/v1/auth/two_factor/totp', { code: '123456' })).status).toBe(401);
      expect((await as(strict, half, ip).get('/api/v1/auth/two_factor')).body).toMatchObject({ required: true, totp: false });

      const enrol = await as(strict, half, ip).post('/api/v1/auth/two_factor/totp/enrol');
      expect(enrol.status).toBe(200);
      secrets.push(enrol.body.secret);
      const confirm = await as(strict, half, ip).post('/api/v1/auth/two_factor/totp/confirm', {
        code: codeAt(enrol.body.secret, clock.now()),
      });
      expect(confirm.status).toBe(200);
      expect(confirm.body.recoveryCodes).toHaveLength(10);
      secrets.push(...confirm.body.recoveryCodes);
      const session = confirm.body.jwtToken as string;
      expect((await as(strict, session).get('/api/v1/getUser')).body.email).toBe(VERBAND);
      // the enrolment token is done
      expect((await as(strict, half, ip).get('/api/v1/auth/two_factor')).status).toBe(401);
      // the last factor cannot be removed while the policy requires one
      const remove = await as(strict, session).del('/api/v1/auth/two_factor/totp');
      expect(remove.status).toBe(409);
      expect(remove.body.error.code).toBe('factor_required');
      // from now on: the second factor
      expect((await login(strict, VERBAND, freshIp())).body.stage).toBe('verify');
    });

    it('a half token whose second factor is due cannot enrol another factor', async () => {
      const half = (await login(strict, VERBAND, freshIp())).body.pendingToken;
      expect((await as(strict, half).post('/api/v1/auth/two_factor/totp/enrol')).status).toBe(401);
      expect((await as(strict, half).post('/api/v1/auth/two_factor/passkeys/options')).status).toBe(401);
      expect((await as(strict, half).get('/api/v1/auth/two_factor')).status).toBe(401);
    });

    it('enrols a passkey as the required factor, straight into a session', async () => {
      const ip = freshIp();
      // a club administrator (level 3) is not required to
      const res = await login(strict, VEREIN, ip);
      expect(res.body.jwtToken).toEqual(expect.any(String));
      const stateHalf = (await login(strict, LAND, ip)).body;
      expect(stateHalf.stage).toBe('enrol');
      const options = await as(strict, stateHalf.pendingToken, ip).post('/api/v1/auth/two_factor/passkeys/options');
      expect(options.status).toBe(200);
      const added = await as(strict, stateHalf.pendingToken, ip).post('/api/v1/auth/two_factor/passkeys', {
        challengeId: options.body.challengeId,
        name: 'Telefon',
        response: softAuthenticator().register(options.body.options),
      });
      expect(added.status).toBe(200);
      expect(added.body.jwtToken).toEqual(expect.any(String));
      landCodes = added.body.recoveryCodes;
      secrets.push(...landCodes);
      // a member without functions signs in as before
      expect((await login(strict, MITGLIED, freshIp())).body.jwtToken).toEqual(expect.any(String));
    });
  });

  describe('reset by the federation', () => {
    it('removes the factors, ends the sessions, is audited without secrets and tells the person by mail', async () => {
      // land enrolled a passkey under the policy; a recovery code of it signs in
      const landSession = (
        await as(t, (await login(t, LAND, freshIp())).body.pendingToken).post('/api/v1/auth/two_factor/recovery', { code: landCodes[0] })
      ).body.jwtToken as string;
      expect(landSession).toEqual(expect.any(String));
      const federation = await federationSession();
      const club = await fullToken(t, TRAINER);

      expect((await as(t, club).del('/api/v1/admin/member/3/two_factor')).status).toBe(403);
      expect((await as(t, federation).del('/api/v1/admin/member/999999/two_factor')).status).toBe(404);
      mailer.sent.length = 0;
      const reset = await as(t, federation).del('/api/v1/admin/member/3/two_factor');
      expect(reset.status).toBe(200);
      expect((await as(t, landSession).get('/api/v1/getUser')).status).toBe(401);
      expect((await login(t, LAND, freshIp())).body.jwtToken).toEqual(expect.any(String));
      expect(mailer.sent.map((m) => m.to)).toEqual([LAND]);
      expect(mailer.sent[0].subject).toContain('Zweiter Anmeldefaktor zurückgesetzt');
      const [entry] = await tdb.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.entity, 'member'), eq(auditEntries.entityId, '3'), eq(auditEntries.action, 'secondFactorReset')));
      expect(entry.actorId).toBe(1);
      expect(JSON.stringify(entry.changes)).toContain('passkeys');
    });

    async function federationSession(): Promise<string> {
      const [row] = await tdb.db.select().from(totpSecrets).where(eq(totpSecrets.memberId, 1));
      clock.advance(30_000);
      const half = (await login(t, VERBAND, freshIp())).body.pendingToken;
      return (await as(t, half).post('/api/v1/auth/two_factor/totp', { code: codeAt(row.secret, clock.now()) })).body.jwtToken;
    }
  });

  it('never writes a password, code or secret to the audit trail or the logs', async () => {
    const audit = JSON.stringify(await tdb.db.select().from(auditEntries));
    const tokens = secrets.filter((s) => s.length >= 8);
    expect(tokens.length).toBeGreaterThan(20);
    for (const s of tokens) {
      expect(audit).not.toContain(s);
      expect(audit).not.toContain(s.replace('-', ''));
      for (const line of logged) expect(line).not.toContain(s);
    }
  });
});

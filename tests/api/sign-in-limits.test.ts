/** @jest-environment node */
import { passwordResetTokens } from '@/server/db/schema';
import { MAX_CLIENT_FAILURES, MAX_FAILURES } from '@/server/limits/login-rate-limit';
import type { Mailer, OutgoingMail } from '@/server/mail/mailer';
import { call, createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * The sign-in limit holds under parallel requests, also applies per client across addresses, and
 * a password-reset request answers before doing any work, so a known address is not slower.
 */

describe.each(testDrivers())('sign-in limits on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  const handed: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      handed.push(mail);
      return {};
    },
    close() {},
  };

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db, { mailer });
  });
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const login = (email: string, password: string, ip: string) =>
    call(t.app, 'POST', '/api/v1/auth/login', { json: { email, password }, ip });

  it(`checks at most ${MAX_FAILURES} passwords of 30 parallel wrong ones for one address`, async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login('verein@example.org', `Wrong-${i}!x`, '198.51.100.1')));
    const checked = results.filter((r) => r.status === 401).length;
    const refused = results.filter((r) => r.status === 429).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(checked + refused).toBe(30);
    expect(results.find((r) => r.status === 429)?.body.error.code).toBe('rate_limited');
    // Refused attempts checked nothing and do not count: the rest of the 5 may be used up, then no more.
    let later = 0;
    while ((await login('verein@example.org', 'Wrong-again!1', '198.51.100.1')).status === 401) later += 1;
    expect(checked + later).toBe(MAX_FAILURES);
    // Even the right password is refused now from this client …
    expect((await login('verein@example.org', DEMO_PASSWORD, '198.51.100.1')).status).toBe(429);
    // … while another client may still sign in.
    expect((await login('verein@example.org', DEMO_PASSWORD, '198.51.100.2')).status).toBe(200);
  });

  it(`refuses a client after ${MAX_CLIENT_FAILURES} failures across different addresses`, async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < MAX_CLIENT_FAILURES; i++) {
      expect((await login(`nobody${i}@example.org`, 'Wrong-1!x', ip)).status).toBe(401);
    }
    const next = await login('verband@example.org', DEMO_PASSWORD, ip);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other clients are not affected, and the window passes.
    expect((await login('verband@example.org', DEMO_PASSWORD, '198.51.100.51')).status).toBe(200);
    t.clock.advance(16 * 60 * 1000);
    expect((await login('verband@example.org', DEMO_PASSWORD, ip)).status).toBe(200);
  });

  it('answers a password-reset request before looking anything up, for known and unknown addresses alike', async () => {
    const before = handed.length;
    const tokensBefore = (await tdb.db.select().from(passwordResetTokens)).length;
    const known = await call(t.app, 'PUT', '/api/v1/auth/request_password/mitglied%40example.org');
    // At the moment of the answer neither the token nor the mail exists yet: the answer did not wait for them.
    expect(known.status).toBe(200);
    expect(handed.length).toBe(before);
    const unknown = await call(t.app, 'PUT', '/api/v1/auth/request_password/nobody%40example.org');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    // The work happens afterwards, in the queue's worker, for the known address only.
    expect((await tdb.db.select().from(passwordResetTokens)).length).toBe(tokensBefore);
    const stop = t.startQueueWorker(tdb.db);
    for (let i = 0; i < 100 && handed.length === before; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(handed.slice(before).map((m) => m.to)).toEqual(['mitglied@example.org']);
    expect((await tdb.db.select().from(passwordResetTokens)).length).toBe(tokensBefore + 1);
  });
});

/** @jest-environment node */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createMailer } from '@/server/mail/mailer';
import { passwordResetRequests, passwordResetTokens } from '@/server/db/schema';
import { call, createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/test-app';
import { decodeHeader, parseMessage, plainText } from './helpers/mime';
import { startSmtpSink } from './helpers/smtp-sink';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

const ADMIN_URL = 'http://admin.test:3000/admin';
const LINK = /http:\/\/admin\.test:3000\/admin\/repair-password\/([A-Za-z0-9_-]+)/;

describe.each(testDrivers())('password reset through a real SMTP server on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: ReturnType<typeof createMailer>;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    smtp = await startSmtpSink();
    const env = {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      ADMIN_PUBLIC_URL: ADMIN_URL,
      MAIL_FROM: 'Verband <noreply@verband.test>',
    };
    // The mailer is the real SMTP one the API builds from its configuration.
    t = createTestApp(tdb.db, {
      env,
      mailer: (appEnv) => {
        mailer = createMailer(appEnv, () => undefined);
        return mailer;
      },
    });
    // The token and the mail are the queue worker's, as in the API process.
    stopWorker = t.startQueueWorker(tdb.db);
  });
  afterAll(async () => {
    await stopWorker?.();
    mailer?.close();
    await smtp?.close();
    t?.cleanup();
    await tdb?.close();
  });

  const requestReset = (email: string) => call(t.app, 'PUT', `/api/v1/auth/request_password/${encodeURIComponent(email)}`);
  const reset = (token: string, email: string, password: string) =>
    call(t.app, 'PUT', `/api/v1/auth/reset_password/${encodeURIComponent(token)}`, { json: { email, password } });
  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/v1/auth/login', { json: { email, password }, ip: '203.0.113.77' });

  /**
   * Until the worker has removed every handled request: a request for an address whose previous
   * one is still being sent joins it (one mail), so a test's next request waits for this.
   */
  async function queueDrained() {
    for (let i = 0; i < 500 && (await tdb.db.select().from(passwordResetRequests)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
  }

  /** Requests a reset for `email` and returns the token from the link in the received mail. */
  async function tokenFromMail(email: string): Promise<string> {
    await queueDrained();
    const before = smtp.messages.length;
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const mail = (await smtp.waitForMessages(before + 1))[before];
    expect(mail.to).toEqual([email]);
    const token = LINK.exec(plainText(mail.raw))?.[1];
    expect(token).toBeDefined();
    await queueDrained();
    return token!;
  }

  it('request → mail with the link (German and English) → reset → sign in with the new password; the old one no longer works', async () => {
    const before = smtp.messages.length;
    expect((await requestReset('trainer@example.org')).status).toBe(200);
    const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
    const parsed = parseMessage(mail.raw);
    expect(decodeHeader(parsed.headers.subject)).toBe('Passwort zurücksetzen / Reset your password');
    expect(parsed.headers.from).toContain('noreply@verband.test');
    const text = plainText(mail.raw);
    expect(text).toContain('Passwort'); // German part
    expect(text).toContain('password'); // English part
    expect(text).toContain('60');
    const html = parsed.parts.find((p) => /text\/html/.test(p.headers['content-type'] ?? ''));
    expect(html?.body).toMatch(LINK);
    const token = LINK.exec(text)![1];
    const sessionBefore = (await login('trainer@example.org', DEMO_PASSWORD)).body.jwtToken as string;

    const done = await reset(token, 'trainer@example.org', 'NeuesPasswort1');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect((await login('trainer@example.org', 'NeuesPasswort1')).status).toBe(200);
    expect((await login('trainer@example.org', DEMO_PASSWORD)).status).toBe(401);
    // A session opened with the old password ends with the reset.
    expect((await call(t.app, 'GET', '/api/v1/getUser', { token: sessionBefore })).status).toBe(401);
  });

  it('a link works only once', async () => {
    const token = await tokenFromMail('land@example.org');
    expect((await reset(token, 'land@example.org', 'ErstesNeues1')).status).toBe(200);
    const again = await reset(token, 'land@example.org', 'ZweitesNeues2');
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
    expect((await login('land@example.org', 'ErstesNeues1')).status).toBe(200);
    expect((await login('land@example.org', 'ZweitesNeues2')).status).toBe(401);
  });

  it('a link expires after 60 minutes', async () => {
    const token = await tokenFromMail('verband@example.org');
    t.clock.advance(61 * 60 * 1000);
    const late = await reset(token, 'verband@example.org', 'ZuSpaet2026!');
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
    expect((await login('verband@example.org', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a link is still good just before 60 minutes', async () => {
    const token = await tokenFromMail('verband@example.org');
    t.clock.advance(59 * 60 * 1000);
    expect((await reset(token, 'verband@example.org', 'RechtzeitigNeu1')).status).toBe(200);
    expect((await login('verband@example.org', 'RechtzeitigNeu1')).status).toBe(200);
  });

  it('refuses a link used with another address, alike to an unknown link, and leaves it usable by its owner', async () => {
    const token = await tokenFromMail('mitglied@example.org');
    const mismatch = await reset(token, 'verein@example.org', 'Uebernahme2026!');
    const unknown = await reset('this-token-does-not-exist', 'mitglied@example.org', 'Uebernahme2026!');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual(unknown.body);
    expect((await login('verein@example.org', 'Uebernahme2026!')).status).toBe(401);
    expect((await reset(token, 'MITGLIED@example.org', 'MeinNeues2026!')).status).toBe(200);
  });

  it('checks the password rules before the link (422, field password) and keeps the link', async () => {
    const token = await tokenFromMail('verein@example.org');
    const weak = await reset(token, 'verein@example.org', 'kurz');
    expect(weak.status).toBe(422);
    expect(weak.body.error).toMatchObject({ code: 'validation', field: 'password' });
    expect((await reset(token, 'verein@example.org', 'alleskleinundlang1')).status).toBe(422);
    expect((await reset(token, 'verein@example.org', 'Verein2026!')).status).toBe(200);
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const before = smtp.messages.length;
    const unknown = await requestReset('niemand@example.org');
    const known = await requestReset('mitglied@example.org');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // Mails go out in order; once the known address's mail is there, the unknown one would be too.
    const arrived = await smtp.waitForMessages(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(before + 1);
    expect(arrived[before].to).toEqual(['mitglied@example.org']);
  });

  it('refuses a malformed address with 422 validation naming the address', async () => {
    const res = await requestReset('not-an-address');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation', field: 'email' });
  });

  it('sends at most 3 reset mails per account and hour, answering further requests alike', async () => {
    t.clock.advance(61 * 60 * 1000); // forget the earlier requests of this file
    for (let i = 0; i < 3; i++) await tokenFromMail('trainer@example.org');
    const before = smtp.messages.length;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fourth = await requestReset('trainer@example.org');
    // The request is handled after the answer has gone out.
    for (let i = 0; i < 500 && warn.mock.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('not sent'));
    warn.mockRestore();
    expect(fourth.status).toBe(200);
    expect(fourth.body).toEqual({ ok: true });
    const other = await tokenFromMail('verein@example.org'); // proves mails still flow, in order
    expect(other).toBeDefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.slice(before).map((m) => m.to[0])).toEqual(['verein@example.org']);
    t.clock.advance(61 * 60 * 1000);
    await tokenFromMail('trainer@example.org');
  });

  it('stores only a hash of the token', async () => {
    const token = await tokenFromMail('mitglied@example.org');
    const rows = await tdb.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token || r.tokenHash.includes(token))).toBe(false);
  });
});

describe('password-reset mail without SMTP', () => {
  let tdb: TestDb;
  let t: TestApp;

  beforeAll(async () => {
    tdb = await createTestDb('pglite');
  });
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  it('is written as an .eml file under DATA_DIR/mail whose link resets the password', async () => {
    const logged: string[] = [];
    t = createTestApp(tdb.db, { env: { ADMIN_PUBLIC_URL: ADMIN_URL }, mailer: (env) => createMailer(env, (line) => logged.push(line)) });
    expect(t.env.smtp).toBeUndefined();
    const stop = t.startQueueWorker(tdb.db);

    expect((await call(t.app, 'PUT', '/api/v1/auth/request_password/verein%40example.org')).status).toBe(200);
    const mailDir = path.join(t.dataDir, 'mail');
    // The mail is written after the answer; the log line comes once the file is complete.
    for (let i = 0; i < 200 && !logged.some((line) => line.includes('.eml')); i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(mailDir, files[0]), 'utf8');
    expect(parseMessage(raw).headers.to).toContain('verein@example.org');
    expect(logged.join('\n')).toContain(path.join(mailDir, files[0]));
    await stop();
    const token = LINK.exec(plainText(raw))![1];
    const res = await call(t.app, 'PUT', `/api/v1/auth/reset_password/${token}`, {
      json: { email: 'verein@example.org', password: 'AusDerDatei1' },
    });
    expect(res.status).toBe(200);
  });
});

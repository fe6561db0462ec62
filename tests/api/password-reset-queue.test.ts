/** @jest-environment node */
import { count, eq } from 'drizzle-orm';
import { passwordResetRequests, passwordResetTokens } from '@/server/db/schema';
import type { Mailer, OutgoingMail } from '@/server/mail/mailer';
import { createOutboxWorker } from '@/server/messages/outbox-worker';
import { handlePasswordResetRequests } from '@/server/services/password-reset-queue';
import { call, createTestApp, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * A password-reset request does no work on its path: it only queues the address, alike for known
 * and unknown ones. The outbox worker creates the token and sends the mail later; several workers
 * never handle one request twice, and a mail that fails is tried again.
 */

describe.each(testDrivers())('password-reset queue on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  const sent: OutgoingMail[] = [];
  let failNext = 0;
  const mailer: Mailer = {
    async send(mail) {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('SMTP down');
      }
      sent.push(mail);
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

  const request = (email: string) => call(t.app, 'PUT', `/api/v1/auth/request_password/${encodeURIComponent(email)}`);
  const tokens = async () => Number((await tdb.db.select({ n: count() }).from(passwordResetTokens))[0].n);
  const queued = async () =>
    (await tdb.db.select({ email: passwordResetRequests.email }).from(passwordResetRequests)).map((r) => r.email).sort();
  const deps = () => ({ db: tdb.db, env: t.env, mailer, clock: t.clock.now });
  const quiet = { log: () => undefined };

  it('only queues the address, for a known and an unknown one alike: no token, no mail, not even after the answer', async () => {
    const tokensBefore = await tokens();
    const known = await request('Verein@example.org');
    const unknown = await request('niemand@example.org');
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await new Promise((r) => setTimeout(r, 150));
    expect(await tokens()).toBe(tokensBefore);
    expect(sent).toEqual([]);
    expect(await queued()).toEqual(['niemand@example.org', 'verein@example.org']);
    // a repeated request while one waits adds nothing
    expect((await request('verein@example.org')).status).toBe(200);
    expect(await queued()).toEqual(['niemand@example.org', 'verein@example.org']);
  });

  it('is handled by the outbox worker: the mail goes to the known address only, and the queue is empty again', async () => {
    const worker = createOutboxWorker({
      db: tdb.db,
      env: t.env,
      mailer,
      push: { send: async () => ({ outcome: 'sent' }) },
      log: () => undefined,
      jobs: [(id) => handlePasswordResetRequests(deps(), id, quiet)],
    });
    await worker.runOnce();
    expect(sent.map((m) => m.to)).toEqual(['verein@example.org']);
    expect(await queued()).toEqual([]);
    expect(await tokens()).toBe(1);
  });

  it('is handled once however many workers run at the same time', async () => {
    sent.length = 0;
    const addresses = ['verband@example.org', 'land@example.org', 'trainer@example.org', 'mitglied@example.org'];
    for (const a of addresses) expect((await request(a)).status).toBe(200);
    const handled = await Promise.all(
      ['a', 'b', 'c'].map((id) => handlePasswordResetRequests(deps(), `worker-${id}`, { ...quiet, batchSize: 2 })),
    );
    // whatever the passes left (batches of two) the next pass takes
    await handlePasswordResetRequests(deps(), 'worker-a', quiet);
    expect(handled.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(addresses.length);
    expect(sent.map((m) => m.to).sort()).toEqual([...addresses].sort());
  });

  it('takes the token back when the mail fails and tries again later', async () => {
    sent.length = 0;
    const tokensBefore = await tokens();
    failNext = 1;
    expect((await request('mitglied@example.org')).status).toBe(200);
    await handlePasswordResetRequests(deps(), 'w', { ...quiet, retryMs: 0 });
    expect(sent).toEqual([]);
    expect(await tokens()).toBe(tokensBefore);
    const [waiting] = await tdb.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.email, 'mitglied@example.org'));
    expect(waiting).toMatchObject({ attempts: 1, claimedBy: null });
    await handlePasswordResetRequests(deps(), 'w', quiet);
    expect(sent.map((m) => m.to)).toEqual(['mitglied@example.org']);
    expect(await tokens()).toBe(tokensBefore + 1);
    expect(await queued()).toEqual([]);
  });
});

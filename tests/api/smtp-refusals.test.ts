/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { createMailer } from '@/server/mail/mailer';
import { createOutboxWorker, type OutboxWorker } from '@/server/messages/outbox-worker';
import { createPushSender } from '@/server/messages/push';
import { answerOf, client, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';
import { startSmtpSink, type SmtpRefusal } from './helpers/smtp-sink';

/*
 * A mail server's answer decides whether a mail is tried again: an address it refuses for good
 * (550) makes that delivery `failed` at once, after one attempt, with the server's reason in the
 * Status tab, and it is never sent again; an address it cannot take just now (451) is tried again
 * and delivered; everybody else gets the mail at once.
 */

describe.each(testDrivers())('SMTP refusals on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let recipient: (address: string) => SmtpRefusal | undefined = () => undefined;
  let worker: OutboxWorker;

  beforeAll(async () => {
    sink = await startSmtpSink({ recipient: (a) => recipient(a) });
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port) },
      mailer: (env) => createMailer(env, () => {}),
    });
    token = await signIn(t.app, 'verein@example.org');
    worker = createOutboxWorker({
      db: tdb.db,
      env: t.env,
      mailer: createMailer(t.env, () => {}),
      push: createPushSender(t.env),
      retryBaseMs: 50,
      pollMs: 50,
      log: () => {},
    });
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await sink?.close();
    t?.cleanup();
    await tdb?.close();
  });

  async function rows(messageId: number) {
    const res = await tdb.db.execute(
      sql`select target, state, attempts, last_error from message_deliveries where message_id = ${messageId} and target is not null order by id`,
    );
    return res.rows as Array<{ target: string; state: string; attempts: number; last_error: string | null }>;
  }

  it('fails a permanently refused address at once with the reason, retries a temporary refusal, delivers the rest', async () => {
    const messages = client(t, token).api.v1.admin.messages;
    const sent = await answerOf(
      messages.$post({ json: { orgId: 11, title: 'Abweisungen', content: '<p>Hallo</p>', lang: 'de', media: ['email'], roles: [32] } }),
      201,
    );
    const id = sent.id;
    const addresses = (await rows(id)).map((r) => r.target);
    expect(addresses.length).toBeGreaterThan(3);
    const [unknown, busy] = addresses;
    let busyAsked = 0;
    recipient = (a) => {
      if (a === unknown) return { code: 550, text: '5.1.1 Mailbox unknown' };
      if (a === busy && ++busyAsked === 1) return { code: 451, text: '4.3.0 Try again later' };
      return undefined;
    };

    await worker.runOnce();
    const first = await rows(id);
    const of = (a: string) => first.find((r) => r.target === a)!;
    expect(of(unknown)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(of(unknown).last_error).toMatch(/^550 5\.1\.1 Mailbox unknown/);
    expect(of(busy)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(of(busy).last_error).toMatch(/^451 4\.3\.0 Try again later/);
    expect(first.filter((r) => r.target !== unknown && r.target !== busy).every((r) => r.state === 'sent')).toBe(true);

    // the temporary one is tried again and delivered; the refused one never again
    const until = Date.now() + 15_000;
    while ((await rows(id)).some((r) => r.state === 'pending' || r.state === 'sending')) {
      if (Date.now() > until) throw new Error('deliveries still open');
      await new Promise((r) => setTimeout(r, 60));
      await worker.runOnce();
    }
    const done = await rows(id);
    expect(done.find((r) => r.target === busy)).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
    expect(done.find((r) => r.target === unknown)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(busyAsked).toBe(2);
    expect(sink.messages.flatMap((m) => m.to)).not.toContain(unknown);
    expect(sink.messages.flatMap((m) => m.to).filter((a) => a === busy)).toHaveLength(1);

    // the Status tab's data names the refused address as failed, with the server's reason
    const status = await answerOf(messages[':id'].status.$get({ param: { id: String(id) }, query: { size: '200' } }), 200);
    expect(status.states.failed).toBe(1);
    const row = status.items.find((i) => i.email === unknown);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/^550 5\.1\.1 Mailbox unknown/);
  });
});

/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { MAX_DELIVERY_ATTEMPTS } from '@/lib/domain/messages/delivery';
import { createMailer } from '@/server/mail/mailer';
import { prepareMessages } from '@/server/messages/message-preparation';
import { createOutboxWorker, type OutboxWorker } from '@/server/messages/outbox-worker';
import { createPushSender } from '@/server/messages/push';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';
import { startPushService } from './helpers/push-service';
import { parseMessage } from './helpers/mime';
import { PDF, png } from './helpers/sample-files';
import { startSmtpSink } from './helpers/smtp-sink';

/*
 * The message centre (form 1006): who may send, whom a message reaches (each person once, nobody
 * outside the sender's reach), and the outbox: every delivery made once, through a mail server
 * that is down for a while and a worker that dies in the middle of a batch; push through a real
 * (local) push service that decrypts what it gets; read receipts; resend to the unread only.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;
const ROLE_MEMBER = 32;
const ROLE_TRAINER = 12;

describe.each(testDrivers())('message centre on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let decide: ((raw: string) => 'accept' | 'refuse') | null = null;
  const workers: OutboxWorker[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink({ decide: (mail) => decide?.(mail.raw) ?? 'accept' });
    pushService = await startPushService();
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db, {
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(sink.port),
        MAIL_REPLY_TO: 'Geschäftsstelle <office@example.org>',
        PUSH_ALLOWED_HOSTS: pushService.host,
      },
      mailer: (env) => createMailer(env, () => {}),
    });
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await sink?.close();
    await pushService?.close();
    t?.cleanup();
    await tdb?.close();
  });

  const as = (who: string) => ({
    get: (url: string) => call(t.app, 'GET', url, { token: tokens[who] }),
    post: (url: string, json?: Json) => call(t.app, 'POST', url, { token: tokens[who], json }),
    put: (url: string, json: Json) => call(t.app, 'PUT', url, { token: tokens[who], json }),
    del: (url: string, json?: Json) => call(t.app, 'DELETE', url, { token: tokens[who], json }),
  });
  const message = (over: Json = {}) => ({
    orgId: CLUB,
    title: 'Vereinsabend',
    abstract: 'Freitag 19 Uhr',
    content: '<p><strong>Alle</strong> sind eingeladen</p>',
    lang: 'de',
    media: ['email'],
    roles: [ROLE_MEMBER],
    ...over,
  });

  function worker(options: { leaseMs?: number } = {}) {
    const w = createOutboxWorker({
      db: tdb.db,
      env: t.env,
      mailer: createMailer(t.env, () => {}),
      push: createPushSender(t.env),
      leaseMs: options.leaseMs ?? 60_000,
      retryBaseMs: 50,
      pollMs: 50,
      log: () => {},
    });
    workers.push(w);
    return w;
  }

  async function rows(messageId: number) {
    const res = await tdb.db.execute(
      sql`select member_id, medium, round, state, attempts, idempotency_key::text as key, target from message_deliveries where message_id = ${messageId} order by id`,
    );
    return res.rows as Array<{
      member_id: number;
      medium: string;
      round: number;
      state: string;
      attempts: number;
      key: string;
      target: string | null;
    }>;
  }

  /** Runs the worker until no row of the message is pending or being sent (or the time is up). */
  async function drain(w: OutboxWorker, messageId: number, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await w.runOnce();
      const open = (await rows(messageId)).filter((r) => r.state === 'pending' || r.state === 'sending');
      if (open.length === 0) return;
      if (Date.now() > until) throw new Error(`${open.length} deliveries still open`);
      await new Promise((r) => setTimeout(r, 30));
    }
  }

  async function holders(orgIds: number[] | null, roleIds: number[]) {
    const today = todayIso(new Date());
    const res = await tdb.db.execute(sql`
      select distinct member_id from function_assignments
      where role_id in (${sql.join(
        roleIds.map((r) => sql`${r}`),
        sql`, `,
      )}) and date_from <= ${today} and date_to >= ${today}
        ${
          orgIds
            ? sql`and org_id in (${sql.join(
                orgIds.map((o) => sql`${o}`),
                sql`, `,
              )})`
            : sql``
        }`);
    return res.rows.map((r) => Number(r.member_id)).sort((a, b) => a - b);
  }

  it('lets a club send from its own organisation only; state staff and trainers have no message centre', async () => {
    expect((await as('verein').post('/api/v1/admin/messages', message({ visible: false }))).status).toBe(201);
    expect((await as('verein').post('/api/v1/admin/messages', message({ orgId: 18, visible: false }))).status).toBe(403);
    expect((await as('land').post('/api/v1/admin/messages', message({ orgId: 4, visible: false }))).status).toBe(403);
    expect((await as('trainer').get(`/api/v1/admin/messages/${CLUB}`)).status).toBe(403);
    expect((await as('verein').get('/api/v1/admin/messages/1')).status).toBe(403);
    // a club may not address another club, nor an event of another club
    const foreign = await as('verein').post('/api/v1/admin/messages', message({ organizations: [18] }));
    expect(foreign.status).toBe(403);
    const list = await as('verein').get(`/api/v1/admin/messages/${CLUB}`);
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeLessThanOrEqual(4);
  });

  it('refuses bad messages with the field named, and keeps nothing', async () => {
    const before = (await as('verein').get(`/api/v1/admin/messages/${CLUB}`)).body.total;
    const cases: Array<[Json, string, number]> = [
      [message({ roles: [] }), 'roles', 422],
      [message({ title: '  ' }), 'title', 422],
      [message({ lang: 'fr' }), 'lang', 422],
      [message({ roles: [99_999] }), 'roles', 422],
      [message({ media: ['fax'] }), 'media.0', 422],
      [message({ audienceParams: { replyTo: 'attacker@evil.example' } }), 'audienceParams.replyTo', 422],
      [message({ events: [999_999] }), 'events', 422],
    ];
    for (const [body, field, status] of cases) {
      const res = await as('verein').post('/api/v1/admin/messages', body);
      expect([res.status, res.body.error?.field]).toEqual([status, field]);
    }
    expect((await as('verein').get(`/api/v1/admin/messages/${CLUB}`)).body.total).toBe(before);
  });

  it('reaches every holder of the roles in the club once, nobody outside it, and answers what it accepts back', async () => {
    const res = await as('verein').post(
      '/api/v1/admin/messages',
      message({ roles: [ROLE_MEMBER, ROLE_TRAINER, ROLE_MEMBER], audienceParams: { replyTo: 'office@example.org' } }),
    );
    expect(res.status).toBe(201);
    const expected = await holders([CLUB], [ROLE_MEMBER, ROLE_TRAINER]);
    expect(expected.length).toBeGreaterThan(3);
    const r = await rows(res.body.id);
    expect(r.map((x) => x.member_id).sort((a, b) => a - b)).toEqual(expected); // one e-mail row per person
    expect(res.body).toMatchObject({
      newsId: res.body.id,
      mgId: 2,
      roles: [ROLE_MEMBER, ROLE_TRAINER],
      audienceParams: { replyTo: 'office@example.org' },
      summary: { recipients: expected.length },
    });
    expect(res.body.content).toBe('<p><strong>Alle</strong> sind eingeladen</p>');
    // Posting the answer back sends it again as a new message (read-only fields ignored).
    const again = await as('verein').post('/api/v1/admin/messages', { ...res.body, visible: false });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(res.body.id);
  });

  it('lets the federation reach several organisations and the referees of an event', async () => {
    // referees of the club's 3D tournament: the federation's staff member (club 18) and the state's (club 12)
    const referee = (id: number) => ({ id, firstName: 'R', lastName: String(id) });
    await tdb.db.execute(
      sql`update tournaments set params = params || ${JSON.stringify({ mainReferee: referee(3), referees: [referee(1)] })}::jsonb where id = 2`,
    );
    const event = { id: 2 };
    const referees = [3, 1];
    const res = await as('verband').post(
      '/api/v1/admin/messages',
      message({ orgId: 1, organizations: [CLUB, 18], roles: [ROLE_TRAINER], events: [event.id], media: ['push'] }),
    );
    expect(res.status).toBe(201);
    const expected = [...new Set([...(await holders([CLUB, 18], [ROLE_TRAINER])), ...referees])].sort((a, b) => a - b);
    expect((await rows(res.body.id)).map((x) => x.member_id).sort((a, b) => a - b)).toEqual(expected);
  });

  it('delivers every e-mail once through SMTP, with the reply-to and the delivery key as Message-ID', async () => {
    const start = sink.messages.length;
    const res = await as('verein').post(
      '/api/v1/admin/messages',
      message({ title: 'Einmal', audienceParams: { replyTo: 'office@example.org' } }),
    );
    const w = worker();
    await drain(w, res.body.id);
    const r = await rows(res.body.id);
    const withAddress = r.filter((x) => x.state !== 'no_address');
    expect(withAddress.length).toBeGreaterThan(0);
    expect(withAddress.every((x) => x.state === 'sent' && x.attempts === 1)).toBe(true);
    // (the worker also delivered what earlier tests left in the outbox)
    const mails = sink.messages.slice(start).filter((m) => /^Subject: Einmal/m.test(m.raw));
    expect(mails).toHaveLength(withAddress.length);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(withAddress.map((x) => x.target).sort());
    expect(mails[0].raw).toMatch(/^Reply-To: office@example\.org/m);
    expect(mails[0].raw).toMatch(/^Subject: Einmal/m);
    const ids = sink
      .messageIds()
      .slice(start)
      .filter((id) => withAddress.some((x) => id === `<${x.key}@example.org>`));
    expect(ids).toHaveLength(withAddress.length);
    // the status lists every recipient with processedAt
    const status = await as('verein').get(`/api/v1/admin/messages/${res.body.id}/status`);
    expect(status.body.items).toHaveLength(r.length);
    expect(status.body.items.filter((i: Json) => i.state === 'sent').every((i: Json) => i.processedAt)).toBe(true);
    expect(status.body).toMatchObject({
      total: r.length,
      states: { sent: withAddress.length, pending: 0, no_address: r.length - withAddress.length },
    });
    const second = await as('verein').get(`/api/v1/admin/messages/${res.body.id}/status?page=2&size=2`);
    expect(second.body.items.map((i: Json) => i.name)).toEqual(status.body.items.slice(2, 4).map((i: Json) => i.name));
    expect((await as('verband').get(`/api/v1/admin/messages/${res.body.id}/status`)).status).toBe(403);
  });

  it('retries while the mail server is down and delivers everything once when it is back', async () => {
    const port = sink.port;
    await sink.close();
    const res = await as('verein').post('/api/v1/admin/messages', message({ title: 'Trotz Ausfall' }));
    const w = worker();
    await w.runOnce();
    const failed = (await rows(res.body.id)).filter((x) => x.state !== 'no_address');
    expect(failed.every((x) => x.state === 'pending' && x.attempts === 1)).toBe(true);
    const status = await as('verein').get(`/api/v1/admin/messages/${res.body.id}/status`);
    expect(status.body.items.find((i: Json) => i.state === 'pending').lastError).toMatch(/ECONNREFUSED|connect/i);
    await w.runOnce(); // still down: second attempt, later next try
    sink = await startSmtpSink({ port, decide: (mail) => decide?.(mail.raw) ?? 'accept' });
    await drain(w, res.body.id);
    const done = (await rows(res.body.id)).filter((x) => x.state !== 'no_address');
    expect(done.every((x) => x.state === 'sent' && x.attempts >= 2)).toBe(true);
    expect(sink.messageIds().sort()).toEqual(done.map((x) => `<${x.key}@example.org>`).sort());
  });

  it('loses nothing and sends nothing twice when the worker dies in the middle of a batch', async () => {
    const start = sink.messages.length;
    const res = await as('verein').post('/api/v1/admin/messages', message({ title: 'Absturz' }));
    const due = (await rows(res.body.id)).filter((x) => x.state === 'pending');
    expect(due.length).toBeGreaterThan(3);
    const first = worker({ leaseMs: 300 });
    let seen = 0;
    // The third mail is being transferred when the first worker's process dies: the server never takes it.
    decide = () => {
      if (++seen !== 3) return 'accept';
      first.abandon();
      return 'refuse';
    };
    await first.runOnce();
    decide = null;
    const after = await rows(res.body.id);
    expect(after.filter((x) => x.state === 'sent')).toHaveLength(2);
    expect(after.filter((x) => x.state === 'sending').length).toBeGreaterThan(0); // claimed by the dead worker
    const second = worker({ leaseMs: 300 });
    await second.runOnce(); // the dead worker's claims still hold: nothing of them is taken yet
    await new Promise((r) => setTimeout(r, 350));
    await drain(second, res.body.id);
    const done = (await rows(res.body.id)).filter((x) => x.state !== 'no_address');
    expect(done.every((x) => x.state === 'sent')).toBe(true);
    const ids = sink.messageIds().slice(start);
    expect(ids).toHaveLength(done.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('repeats an accepted but unrecorded mail with the same Message-ID, so the receiver can tell it is the same', async () => {
    const start = sink.messages.length;
    const res = await as('verein').post('/api/v1/admin/messages', message({ title: 'Zwischen Senden und Buchen' }));
    const first = worker({ leaseMs: 200 });
    let seen = 0;
    // The server takes the second mail, but the worker dies before it can record it.
    decide = () => {
      if (++seen === 2) first.abandon();
      return 'accept';
    };
    await first.runOnce();
    decide = null;
    await new Promise((r) => setTimeout(r, 250));
    await drain(worker({ leaseMs: 200 }), res.body.id);
    const done = (await rows(res.body.id)).filter((x) => x.state !== 'no_address');
    const ids = sink.messageIds().slice(start);
    expect(new Set(ids).size).toBe(done.length); // every delivery arrived; one of them twice, under the same Message-ID
    expect(ids.length).toBe(done.length + 1);
  });

  it('pushes to the recipients’ browsers, records reads, removes expired subscriptions, resends to the unread only', async () => {
    const trainerSub = pushService.subscription();
    expect((await as('trainer').post('/api/v1/notification/subscription', trainerSub)).status).toBe(201);
    const stale = pushService.subscription();
    expect((await as('verein').post('/api/v1/notification/subscription', stale)).status).toBe(201);
    pushService.answer(stale.endpoint, 410);
    // an endpoint that is no push service is refused: the server does not post to arbitrary addresses
    const evil = { ...pushService.subscription(), endpoint: 'http://169.254.169.254/latest' };
    expect((await as('trainer').post('/api/v1/notification/subscription', evil)).body.error.field).toBe('endpoint');

    const res = await as('verein').post(
      '/api/v1/admin/messages',
      message({ title: 'Push-Test', abstract: 'Kurztext', roles: [ROLE_TRAINER, 1], media: ['push', 'email'] }),
    );
    expect(res.status).toBe(201);
    await drain(worker(), res.body.id);
    const received = pushService.received.filter((p) => p.payload.title === 'Push-Test');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ endpoint: trainerSub.endpoint, payload: { body: 'Kurztext' } });
    expect(received[0].topic).toMatch(/^[0-9a-f]{32}$/);
    const status = (await as('verein').get(`/api/v1/admin/messages/${res.body.id}/status`)).body;
    const pushRows = status.items.filter((i: Json) => i.medium === 'push');
    expect(pushRows.find((i: Json) => i.memberId === 4).state).toBe('sent');
    // the chair's only subscription expired: removed, shown as without subscription (the e-mail went out)
    expect(pushRows.find((i: Json) => i.memberId === 2).state).toBe('no_subscription');
    expect(status.items.find((i: Json) => i.memberId === 2 && i.medium === 'email').state).toBe('sent');
    const subs = await tdb.db.execute(sql`select endpoint from push_subscriptions where member_id = 2`);
    expect(subs.rows).toHaveLength(0);

    // the trainer opens the notification: read, once
    const notificationId = received[0].payload.notificationId;
    expect((await as('verein').get(`/api/v1/notification/${notificationId}`)).status).toBe(404); // not theirs
    const opened = await as('trainer').get(`/api/v1/notification/${notificationId}`);
    expect(opened.body).toMatchObject({ title: 'Push-Test', read: false, orgId: CLUB, content: res.body.content });
    const read = await as('trainer').put('/api/v1/notification', { ...opened.body, read: true });
    expect(read.body.read).toBe(true);
    const after = (await as('verein').get(`/api/v1/admin/messages/${res.body.id}/status`)).body;
    expect(after.items.find((i: Json) => i.memberId === 4 && i.medium === 'push').readAt).toBe(read.body.readAt);
    expect(after.unread).toBe(after.recipients - 1);

    // resend: a new round for everyone but the trainer
    const resend = await as('verein').post(`/api/v1/admin/messages/${res.body.id}/resend?to=unread`);
    expect(resend.body.recipients).toBe(after.recipients - 1);
    const round2 = (await rows(res.body.id)).filter((x) => x.round === 2);
    expect(round2.some((x) => x.member_id === 4)).toBe(false);
    expect(new Set(round2.map((x) => x.member_id)).size).toBe(after.recipients - 1);
    expect((await as('verein').post(`/api/v1/admin/messages/${res.body.id}/resend?to=all`)).status).toBe(422);
  });

  it('retries a push the service refuses, and gives it up as failed after the last try', async () => {
    const sub = pushService.subscription();
    expect((await as('trainer').post('/api/v1/notification/subscription', sub)).status).toBe(201);
    pushService.answer(sub.endpoint, 500);
    const res = await as('verein').post(
      '/api/v1/admin/messages',
      message({ title: 'Dienst gestört', roles: [ROLE_TRAINER], media: ['push'] }),
    );
    const w = worker();
    await w.runOnce();
    const trainerRow = async () => (await rows(res.body.id)).find((x) => x.member_id === 4)!;
    expect(await trainerRow()).toMatchObject({ state: 'pending', attempts: 1 });
    // the tries before the last one have failed as well
    await tdb.db.execute(
      sql`update message_deliveries set attempts = ${MAX_DELIVERY_ATTEMPTS - 1}, next_attempt_at = now() where message_id = ${res.body.id} and member_id = 4`,
    );
    await w.runOnce();
    expect(await trainerRow()).toMatchObject({ state: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    const status = await as('verein').get(`/api/v1/admin/messages/${res.body.id}/status`);
    const row = status.body.items.find((i: Json) => i.memberId === 4);
    expect(row.lastError).toMatch(/500/);
    expect(row.processedAt).not.toBeNull();
    pushService.answer(sub.endpoint, 0);
    await as('trainer').del('/api/v1/notification/subscription', { endpoint: sub.endpoint });
  });

  it('lets a message centre notify one person within reach directly', async () => {
    const ok = await as('verein').post('/api/v1/notification', { orgId: CLUB, memberId: 4, title: 'Direkt', body: 'Hallo' });
    expect(ok.status).toBe(201);
    expect((await as('verein').post('/api/v1/notification', { orgId: CLUB, memberId: 1, title: 'Fremd', body: '' })).status).toBe(403);
    expect((await as('trainer').post('/api/v1/notification', { orgId: CLUB, memberId: 2, title: 'x', body: '' })).status).toBe(403);
    const inbox = await as('trainer').get('/api/v1/notification');
    expect(inbox.body.items[0]).toMatchObject({ title: 'Direkt', read: false });
    expect(inbox.body.unread).toBeGreaterThan(0);
  });

  it('keeps message files for the recipients and the sender, and deletes them with the message', async () => {
    const res = await as('verein').post('/api/v1/admin/messages', message({ title: 'Mit Bild', roles: [ROLE_TRAINER] }));
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await png(600, 300))], { type: 'image/png' }), 'plakat.png');
    const up = await call(t.app, 'POST', `/api/v1/admin/messages/upload/${res.body.id}`, { token: tokens.verein, body: form });
    expect(up.status).toBe(200);
    const file = up.body.attachedFiles[0];
    expect(Object.keys(file.fileParam.thumbnails).sort()).toEqual(['md', 'sm', 'xs']);
    const url = `/api/v1/uploads?file=${encodeURIComponent(file.fileParam.original)}`;
    expect((await as('trainer').get(url)).status).toBe(200); // a recipient
    expect((await as('land').get(url)).status).toBe(404); // nobody else
    const forbidden = await call(t.app, 'POST', `/api/v1/admin/messages/upload/${res.body.id}`, { token: tokens.verband, body: form });
    expect(forbidden.status).toBe(403);
    expect((await as('verband').del(`/api/v1/admin/messages/${res.body.id}`)).status).toBe(403);
    expect((await as('verein').del(`/api/v1/admin/messages/${res.body.id}`)).body).toEqual({ deleted: 1 });
    expect((await as('trainer').get(url)).status).toBe(404);
    const left = await tdb.db.execute(
      sql`select count(*)::int as n from uploaded_files where owner_id = ${res.body.id} and owner_type like 'message%'`,
    );
    expect(left.rows[0].n).toBe(0);
  });
  it('holds the e-mails until the announced files are stored, then sends them with the files attached', async () => {
    const res = await as('verein').post(
      '/api/v1/admin/messages',
      message({ title: 'Mit Anhang', roles: [ROLE_TRAINER], media: ['email'], files: 2 }),
    );
    expect(res.status).toBe(201);
    const w = worker();
    const recipients = (await rows(res.body.id)).length;
    expect(recipients).toBeGreaterThan(0);
    const before = sink.messages.length;
    // the form has not uploaded yet: nothing goes out
    await w.runOnce();
    expect((await rows(res.body.id)).every((r) => r.state === 'pending' && r.attempts === 0)).toBe(true);
    const upload = async (names: string[]) => {
      const form = new FormData();
      for (const name of names)
        form.append(
          'files',
          new Blob([new Uint8Array(name.endsWith('.pdf') ? PDF : await png(40, 20))], {
            type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
          }),
          name,
        );
      return call(t.app, 'POST', `/api/v1/admin/messages/upload/${res.body.id}`, { token: tokens.verein, body: form });
    };
    // the first of two files: still held
    expect((await upload(['plakat.png'])).status).toBe(200);
    await w.runOnce();
    expect((await rows(res.body.id)).every((r) => r.state === 'pending')).toBe(true);
    expect((await upload(['ausschreibung.pdf'])).status).toBe(200);
    await drain(w, res.body.id);
    expect((await rows(res.body.id)).every((r) => r.state === 'sent')).toBe(true);
    const mails = (await sink.waitForMessages(before + recipients)).slice(before).filter((m) => /Mit Anhang/.test(m.raw));
    expect(mails).toHaveLength(recipients);
    for (const mail of mails) {
      const names = parseMessage(mail.raw)
        .parts.map((p) => /filename="?([^";\r\n]+)/i.exec(p.headers['content-disposition'] ?? '')?.[1])
        .filter(Boolean);
      expect(names).toEqual(['plakat.png', 'ausschreibung.pdf']);
    }
  });

  it('sends without the missing files once the wait for them is over', async () => {
    const res = await as('verein').post('/api/v1/admin/messages', message({ title: 'Anhang kam nie', roles: [ROLE_TRAINER], files: 1 }));
    const w = worker();
    await w.runOnce();
    expect((await rows(res.body.id)).every((r) => r.state === 'pending')).toBe(true);
    await tdb.db.execute(sql`update messages set files_held_until = now() - interval '1 second' where id = ${res.body.id}`);
    await drain(w, res.body.id);
    expect((await rows(res.body.id)).every((r) => r.state === 'sent')).toBe(true);
  });

  it('counts recipients without a push subscription or e-mail address apart from the failed ones in the list', async () => {
    const res = await as('verein').post('/api/v1/admin/messages', message({ title: 'Nur Push', roles: [ROLE_MEMBER], media: ['push'] }));
    await drain(worker(), res.body.id);
    const listed = (await as('verein').get(`/api/v1/admin/messages/${CLUB}?q=Nur%20Push`)).body.items[0];
    const states = (await rows(res.body.id)).map((r) => r.state);
    expect(states.filter((s) => s === 'no_subscription').length).toBeGreaterThan(0);
    expect(listed.summary).toMatchObject({
      failed: states.filter((s) => s === 'failed').length,
      noSubscription: states.filter((s) => s === 'no_subscription').length,
      noAddress: states.filter((s) => s === 'no_address').length,
    });
    expect(listed.summary.failed).toBe(0);
  });

  it('answers a big message before its recipients are written, shows it as being prepared, and a job cut off midway is finished by another worker, everyone mailed once', async () => {
    // this app writes 3 recipients per batch: the club's members are a big message to it
    const small = createTestApp(tdb.db, {
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MESSAGE_BATCH: '3' },
      mailer: (env) => createMailer(env, () => {}),
    });
    const token = await signIn(small.app, 'verein@example.org');
    const expected = await holders([CLUB], [ROLE_MEMBER]);
    expect(expected.length).toBeGreaterThan(6);
    const res = await call(small.app, 'POST', '/api/v1/admin/messages', {
      token,
      json: message({ title: 'Verteiler an alle', roles: [ROLE_MEMBER], media: ['email'] }),
    });
    expect(res.status).toBe(201);
    expect(res.body.summary).toMatchObject({ recipients: 0, preparing: { done: 0, total: expected.length } });
    expect(await rows(res.body.id)).toEqual([]);
    const status = async () => (await call(small.app, 'GET', `/api/v1/admin/messages/${res.body.id}/status`, { token })).body;
    expect(await status()).toMatchObject({ preparing: { done: 0, total: expected.length }, recipients: 0, items: [] });
    // a worker writes one batch and dies holding its claim
    let checks = 0;
    expect(await prepareMessages(tdb.db, 'dead-worker', { batchSize: 3, leaseMs: 60_000, stopped: () => checks++ >= 1 })).toBe(1);
    expect(await status()).toMatchObject({ preparing: { done: 3, total: expected.length }, recipients: 3 });
    // nobody takes it over while the claim holds
    expect(await prepareMessages(tdb.db, 'other', { batchSize: 3, leaseMs: 60_000 })).toBe(0);
    // ... until its lease has run out
    await tdb.db.execute(
      sql`update message_preparations set claimed_until = now() - interval '1 second' where message_id = ${res.body.id}`,
    );
    const before = sink.messages.length;
    const w = createOutboxWorker({
      db: tdb.db,
      env: small.env,
      mailer: createMailer(small.env, () => {}),
      push: createPushSender(small.env),
      leaseMs: 60_000,
      retryBaseMs: 50,
      pollMs: 50,
      log: () => {},
    });
    workers.push(w);
    const until = Date.now() + 20_000;
    while ((await status()).preparing !== null || (await rows(res.body.id)).some((r) => r.state === 'pending' || r.state === 'sending')) {
      if (Date.now() > until) throw new Error('not finished');
      await w.runOnce();
    }
    const done = await status();
    expect(done).toMatchObject({ preparing: null, recipients: expected.length });
    const r = await rows(res.body.id);
    expect(r.map((x) => x.member_id).sort((a, b) => a - b)).toEqual(expected); // one e-mail row per person
    const addressed = r.filter((x) => x.state === 'sent').map((x) => x.target);
    expect(r.every((x) => x.state === 'sent' || x.state === 'no_address')).toBe(true);
    const mails = (await sink.waitForMessages(before + addressed.length)).slice(before).filter((m) => /Verteiler an alle/.test(m.raw));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...addressed].sort()); // each once
    const notes = await tdb.db.execute(
      sql`select count(*)::int as n, count(distinct member_id)::int as people from notifications where message_id = ${res.body.id}`,
    );
    expect(notes.rows[0]).toEqual({ n: expected.length, people: expected.length });
    small.cleanup();
  });
});

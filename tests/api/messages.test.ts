/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { MAX_DELIVERY_ATTEMPTS } from '@/lib/domain/messages/delivery';
import { createMailer } from '@/server/mail/mailer';
import { prepareMessages } from '@/server/messages/message-preparation';
import { createOutboxWorker, type OutboxWorker } from '@/server/messages/outbox-worker';
import { createPushSender } from '@/server/messages/push';
import { z } from 'zod';
import { uploadDoc } from '@/server/api/messages/routes';
import { answerOf, call, client, createTestApp, errorOf, refusalOf, signIn, type TestApp, uploadAnswer } from './helpers/test-app';
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

  // Typed calls (hono/testing): paths, bodies and answers are checked against the route definitions.
  const v1 = (who: string) => client(t, tokens[who]).api.v1;
  const messages = (who: string) => v1(who).admin.messages;
  type MessageInput = Parameters<ReturnType<typeof messages>['$post']>[0]['json'];
  type StatusQuery = Parameters<ReturnType<typeof messages>[':id']['status']['$get']>[0]['query'];
  const send = (who: string, json: MessageInput) => messages(who).$post({ json });
  /** A message the club sends, as the API answers it. */
  const sent = async (json: MessageInput) => answerOf(send('verein', json), 201);
  const list = (who: string, orgId: number, query: { q?: string } = {}) =>
    messages(who)[':id'].$get({ param: { id: String(orgId) }, query });
  const statusOf = (who: string, id: number, query: StatusQuery = {}) =>
    messages(who)[':id'].status.$get({ param: { id: String(id) }, query });
  const message = (over: Partial<MessageInput> = {}): MessageInput => ({
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
    expect((await send('verein', message({ visible: false }))).status).toBe(201);
    expect((await send('verein', message({ orgId: 18, visible: false }))).status).toBe(403);
    expect((await send('land', message({ orgId: 4, visible: false }))).status).toBe(403);
    expect((await list('trainer', CLUB)).status).toBe(403);
    expect((await list('verein', 1)).status).toBe(403);
    // a club may not address another club, nor an event of another club
    const foreign = await send('verein', message({ organizations: [18] }));
    expect(foreign.status).toBe(403);
    const page = await answerOf(list('verein', CLUB), 200);
    expect(page.items.length).toBeLessThanOrEqual(4);
  });

  it('refuses bad messages with the field named, and keeps nothing', async () => {
    const before = (await answerOf(list('verein', CLUB), 200)).total;
    const cases: Array<[MessageInput, string]> = [
      [message({ roles: [] }), 'roles'],
      [message({ title: '  ' }), 'title'],
      [message({ roles: [99_999] }), 'roles'],
      [message({ audienceParams: { replyTo: 'attacker@evil.example' } }), 'audienceParams.replyTo'],
      [message({ events: [999_999] }), 'events'],
    ];
    for (const [body, field] of cases) {
      const error = await refusalOf(send('verein', body));
      expect([error.status, error.field]).toEqual([422, field]);
    }
    // values outside the body's type: sent untyped on purpose
    const malformed: Array<[unknown, string]> = [
      [{ ...message(), lang: 'fr' }, 'lang'],
      [{ ...message(), media: ['fax'] }, 'media.0'],
    ];
    for (const [json, field] of malformed) {
      const res = await call(t.app, 'POST', '/api/v1/admin/messages', { token: tokens.verein, json });
      expect([res.status, errorOf(res).field]).toEqual([422, field]);
    }
    expect((await answerOf(list('verein', CLUB), 200)).total).toBe(before);
  });

  it('reaches every holder of the roles in the club once, nobody outside it, and answers what it accepts back', async () => {
    const res = await sent(message({ roles: [ROLE_MEMBER, ROLE_TRAINER, ROLE_MEMBER], audienceParams: { replyTo: 'office@example.org' } }));
    const expected = await holders([CLUB], [ROLE_MEMBER, ROLE_TRAINER]);
    expect(expected.length).toBeGreaterThan(3);
    const r = await rows(res.id);
    expect(r.map((x) => x.member_id).sort((a, b) => a - b)).toEqual(expected); // one e-mail row per person
    expect(res).toMatchObject({
      newsId: res.id,
      mgId: 2,
      roles: [ROLE_MEMBER, ROLE_TRAINER],
      audienceParams: { replyTo: 'office@example.org' },
      summary: { recipients: expected.length },
    });
    expect(res.content).toBe('<p><strong>Alle</strong> sind eingeladen</p>');
    // Posting the answer back sends it again as a new message (read-only fields ignored).
    const again = await answerOf(send('verein', { ...res, visible: false }), 201);
    expect(again.id).not.toBe(res.id);
  });

  it('lets the federation reach several organisations and the referees of an event', async () => {
    // referees of the club's 3D tournament: the federation's staff member (club 18) and the state's (club 12)
    const referee = (id: number) => ({ id, firstName: 'R', lastName: String(id) });
    await tdb.db.execute(
      sql`update tournaments set params = params || ${JSON.stringify({ mainReferee: referee(3), referees: [referee(1)] })}::jsonb where id = 2`,
    );
    const event = { id: 2 };
    const referees = [3, 1];
    const res = await answerOf(
      send('verband', message({ orgId: 1, organizations: [CLUB, 18], roles: [ROLE_TRAINER], events: [event.id], media: ['push'] })),
      201,
    );
    const expected = [...new Set([...(await holders([CLUB, 18], [ROLE_TRAINER])), ...referees])].sort((a, b) => a - b);
    expect((await rows(res.id)).map((x) => x.member_id).sort((a, b) => a - b)).toEqual(expected);
  });

  it('delivers every e-mail once through SMTP, with the reply-to and the delivery key as Message-ID', async () => {
    const start = sink.messages.length;
    const res = await sent(message({ title: 'Einmal', audienceParams: { replyTo: 'office@example.org' } }));
    const w = worker();
    await drain(w, res.id);
    const r = await rows(res.id);
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
    const status = await answerOf(statusOf('verein', res.id), 200);
    expect(status.items).toHaveLength(r.length);
    expect(status.items.filter((i) => i.state === 'sent').every((i) => i.processedAt)).toBe(true);
    expect(status).toMatchObject({
      total: r.length,
      states: { sent: withAddress.length, pending: 0, no_address: r.length - withAddress.length },
    });
    const second = await answerOf(statusOf('verein', res.id, { page: '2', size: '2' }), 200);
    expect(second.items.map((i) => i.name)).toEqual(status.items.slice(2, 4).map((i) => i.name));
    expect((await statusOf('verband', res.id)).status).toBe(403);
  });

  it('retries while the mail server is down and delivers everything once when it is back', async () => {
    const port = sink.port;
    await sink.close();
    const res = await sent(message({ title: 'Trotz Ausfall' }));
    const w = worker();
    await w.runOnce();
    const failed = (await rows(res.id)).filter((x) => x.state !== 'no_address');
    expect(failed.every((x) => x.state === 'pending' && x.attempts === 1)).toBe(true);
    const status = await answerOf(statusOf('verein', res.id), 200);
    expect(status.items.find((i) => i.state === 'pending')?.lastError).toMatch(/ECONNREFUSED|connect/i);
    await w.runOnce(); // still down: second attempt, later next try
    sink = await startSmtpSink({ port, decide: (mail) => decide?.(mail.raw) ?? 'accept' });
    await drain(w, res.id);
    const done = (await rows(res.id)).filter((x) => x.state !== 'no_address');
    expect(done.every((x) => x.state === 'sent' && x.attempts >= 2)).toBe(true);
    expect(sink.messageIds().sort()).toEqual(done.map((x) => `<${x.key}@example.org>`).sort());
  });

  it('loses nothing and sends nothing twice when the worker dies in the middle of a batch', async () => {
    const start = sink.messages.length;
    const res = await sent(message({ title: 'Absturz' }));
    const due = (await rows(res.id)).filter((x) => x.state === 'pending');
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
    const after = await rows(res.id);
    expect(after.filter((x) => x.state === 'sent')).toHaveLength(2);
    expect(after.filter((x) => x.state === 'sending').length).toBeGreaterThan(0); // claimed by the dead worker
    const second = worker({ leaseMs: 300 });
    await second.runOnce(); // the dead worker's claims still hold: nothing of them is taken yet
    await new Promise((r) => setTimeout(r, 350));
    await drain(second, res.id);
    const done = (await rows(res.id)).filter((x) => x.state !== 'no_address');
    expect(done.every((x) => x.state === 'sent')).toBe(true);
    const ids = sink.messageIds().slice(start);
    expect(ids).toHaveLength(done.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('repeats an accepted but unrecorded mail with the same Message-ID, so the receiver can tell it is the same', async () => {
    const start = sink.messages.length;
    const res = await sent(message({ title: 'Zwischen Senden und Buchen' }));
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
    await drain(worker({ leaseMs: 200 }), res.id);
    const done = (await rows(res.id)).filter((x) => x.state !== 'no_address');
    const ids = sink.messageIds().slice(start);
    expect(new Set(ids).size).toBe(done.length); // every delivery arrived; one of them twice, under the same Message-ID
    expect(ids.length).toBe(done.length + 1);
  });

  it('pushes to the recipients’ browsers, records reads, removes expired subscriptions, resends to the unread only', async () => {
    const subscribe = (who: string, json: ReturnType<typeof pushService.subscription>) => v1(who).notification.subscription.$post({ json });
    const trainerSub = pushService.subscription();
    expect((await subscribe('trainer', trainerSub)).status).toBe(201);
    const stale = pushService.subscription();
    expect((await subscribe('verein', stale)).status).toBe(201);
    pushService.answer(stale.endpoint, 410);
    // an endpoint that is no push service is refused: the server does not post to arbitrary addresses
    const evil = { ...pushService.subscription(), endpoint: 'http://169.254.169.254/latest' };
    expect((await refusalOf(subscribe('trainer', evil))).field).toBe('endpoint');

    const res = await sent(message({ title: 'Push-Test', abstract: 'Kurztext', roles: [ROLE_TRAINER, 1], media: ['push', 'email'] }));
    await drain(worker(), res.id);
    const received = pushService.received.filter((p) => p.payload.title === 'Push-Test');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ endpoint: trainerSub.endpoint, payload: { body: 'Kurztext' } });
    expect(received[0].topic).toMatch(/^[0-9a-f]{32}$/);
    const status = await answerOf(statusOf('verein', res.id), 200);
    const pushRows = status.items.filter((i) => i.medium === 'push');
    expect(pushRows.find((i) => i.memberId === 4)?.state).toBe('sent');
    // the chair's only subscription expired: removed, shown as without subscription (the e-mail went out)
    expect(pushRows.find((i) => i.memberId === 2)?.state).toBe('no_subscription');
    expect(status.items.find((i) => i.memberId === 2 && i.medium === 'email')?.state).toBe('sent');
    const subs = await tdb.db.execute(sql`select endpoint from push_subscriptions where member_id = 2`);
    expect(subs.rows).toHaveLength(0);

    // the trainer opens the notification: read, once
    const notification = (who: string) => v1(who).notification[':id'].$get({ param: { id: String(received[0].payload.notificationId) } });
    expect((await notification('verein')).status).toBe(404); // not theirs
    const opened = await answerOf(notification('trainer'), 200);
    expect(opened).toMatchObject({ title: 'Push-Test', read: false, orgId: CLUB, content: res.content });
    const read = await answerOf(v1('trainer').notification.$put({ json: { ...opened, read: true } }), 200);
    expect(read.read).toBe(true);
    const after = await answerOf(statusOf('verein', res.id), 200);
    expect(after.items.find((i) => i.memberId === 4 && i.medium === 'push')?.readAt).toBe(read.readAt);
    expect(after.unread).toBe(after.recipients - 1);

    // resend: a new round for everyone but the trainer
    const resend = await answerOf(messages('verein')[':id'].resend.$post({ param: { id: String(res.id) }, query: { to: 'unread' } }), 200);
    expect(resend.recipients).toBe(after.recipients - 1);
    const round2 = (await rows(res.id)).filter((x) => x.round === 2);
    expect(round2.some((x) => x.member_id === 4)).toBe(false);
    expect(new Set(round2.map((x) => x.member_id)).size).toBe(after.recipients - 1);
    // resend to everyone is no choice (deliberately outside the typed query)
    const toAll = await call(t.app, 'POST', `/api/v1/admin/messages/${res.id}/resend?to=all`, { token: tokens.verein });
    expect([toAll.status, errorOf(toAll).field]).toEqual([422, 'to']);
  });

  it('retries a push the service refuses, and gives it up as failed after the last try', async () => {
    const sub = pushService.subscription();
    expect((await v1('trainer').notification.subscription.$post({ json: sub })).status).toBe(201);
    pushService.answer(sub.endpoint, 500);
    const res = await sent(message({ title: 'Dienst gestört', roles: [ROLE_TRAINER], media: ['push'] }));
    const w = worker();
    await w.runOnce();
    const trainerRow = async () => (await rows(res.id)).find((x) => x.member_id === 4)!;
    expect(await trainerRow()).toMatchObject({ state: 'pending', attempts: 1 });
    // the tries before the last one have failed as well
    await tdb.db.execute(
      sql`update message_deliveries set attempts = ${MAX_DELIVERY_ATTEMPTS - 1}, next_attempt_at = now() where message_id = ${res.id} and member_id = 4`,
    );
    await w.runOnce();
    expect(await trainerRow()).toMatchObject({ state: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    const status = await answerOf(statusOf('verein', res.id), 200);
    const row = status.items.find((i) => i.memberId === 4);
    expect(row?.lastError).toMatch(/500/);
    expect(row).toMatchObject({ processedAt: expect.any(String) });
    pushService.answer(sub.endpoint, 0);
    await answerOf(v1('trainer').notification.subscription.$delete({ json: { endpoint: sub.endpoint } }), 200);
  });

  it('lets a message centre notify one person within reach directly', async () => {
    type Direct = Parameters<ReturnType<typeof v1>['notification']['$post']>[0]['json'];
    const notify = (who: string, json: Direct) => v1(who).notification.$post({ json });
    expect((await notify('verein', { orgId: CLUB, memberId: 4, title: 'Direkt', body: 'Hallo' })).status).toBe(201);
    expect((await notify('verein', { orgId: CLUB, memberId: 1, title: 'Fremd', body: '' })).status).toBe(403);
    expect((await notify('trainer', { orgId: CLUB, memberId: 2, title: 'x', body: '' })).status).toBe(403);
    const inbox = await answerOf(v1('trainer').notification.$get({ query: {} }), 200);
    expect(inbox.items[0]).toMatchObject({ title: 'Direkt', read: false });
    expect(inbox.unread).toBeGreaterThan(0);
  });

  it('keeps message files for the recipients and the sender, and deletes them with the message', async () => {
    const res = await sent(message({ title: 'Mit Bild', roles: [ROLE_TRAINER] }));
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await png(600, 300))], { type: 'image/png' }), 'plakat.png');
    /** A streamed upload (not in the typed client): its answer is checked with uploadAnswer, its refusal by status. */
    const up = await call(t.app, 'POST', `/api/v1/admin/messages/upload/${res.id}`, { token: tokens.verein, body: form });
    const file = uploadAnswer(up, uploadDoc, 200).attachedFiles[0];
    // (a gallery's fileParam holds its keys untyped)
    const fileParam = z.object({ original: z.string(), thumbnails: z.record(z.string(), z.unknown()) }).parse(file.fileParam);
    expect(Object.keys(fileParam.thumbnails).sort()).toEqual(['md', 'sm', 'xs']);
    const download = (who: string) => v1(who).uploads.$get({ query: { file: fileParam.original } });
    expect((await download('trainer')).status).toBe(200); // a recipient
    expect((await download('land')).status).toBe(404); // nobody else
    const forbidden = await call(t.app, 'POST', `/api/v1/admin/messages/upload/${res.id}`, { token: tokens.verband, body: form });
    expect(forbidden.status).toBe(403);
    const remove = (who: string) => messages(who)[':id'].$delete({ param: { id: String(res.id) } });
    expect((await remove('verband')).status).toBe(403);
    expect(await answerOf(remove('verein'), 200)).toEqual({ deleted: 1 });
    expect((await download('trainer')).status).toBe(404);
    const left = await tdb.db.execute(
      sql`select count(*)::int as n from uploaded_files where owner_id = ${res.id} and owner_type like 'message%'`,
    );
    expect(left.rows[0].n).toBe(0);
  });
  it('holds the e-mails until the announced files are stored, then sends them with the files attached', async () => {
    const res = await sent(message({ title: 'Mit Anhang', roles: [ROLE_TRAINER], media: ['email'], files: 2 }));
    const w = worker();
    const recipients = (await rows(res.id)).length;
    expect(recipients).toBeGreaterThan(0);
    const before = sink.messages.length;
    // the form has not uploaded yet: nothing goes out
    await w.runOnce();
    expect((await rows(res.id)).every((r) => r.state === 'pending' && r.attempts === 0)).toBe(true);
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
      return call(t.app, 'POST', `/api/v1/admin/messages/upload/${res.id}`, { token: tokens.verein, body: form });
    };
    // the first of two files: still held
    expect(uploadAnswer(await upload(['plakat.png']), uploadDoc, 200).attachedFiles).toHaveLength(1);
    await w.runOnce();
    expect((await rows(res.id)).every((r) => r.state === 'pending')).toBe(true);
    expect(uploadAnswer(await upload(['ausschreibung.pdf']), uploadDoc, 200).attachedFiles).toHaveLength(2);
    await drain(w, res.id);
    expect((await rows(res.id)).every((r) => r.state === 'sent')).toBe(true);
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
    const res = await sent(message({ title: 'Anhang kam nie', roles: [ROLE_TRAINER], files: 1 }));
    const w = worker();
    await w.runOnce();
    expect((await rows(res.id)).every((r) => r.state === 'pending')).toBe(true);
    await tdb.db.execute(sql`update messages set files_held_until = now() - interval '1 second' where id = ${res.id}`);
    await drain(w, res.id);
    expect((await rows(res.id)).every((r) => r.state === 'sent')).toBe(true);
  });

  it('counts recipients without a push subscription or e-mail address apart from the failed ones in the list', async () => {
    const res = await sent(message({ title: 'Nur Push', roles: [ROLE_MEMBER], media: ['push'] }));
    await drain(worker(), res.id);
    const listed = (await answerOf(list('verein', CLUB, { q: 'Nur Push' }), 200)).items[0];
    const states = (await rows(res.id)).map((r) => r.state);
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
    const smallMessages = client(small, token).api.v1.admin.messages;
    const res = await answerOf(
      smallMessages.$post({ json: message({ title: 'Verteiler an alle', roles: [ROLE_MEMBER], media: ['email'] }) }),
      201,
    );
    expect(res.summary).toMatchObject({ recipients: 0, preparing: { done: 0, total: expected.length } });
    expect(await rows(res.id)).toEqual([]);
    const status = async () => answerOf(smallMessages[':id'].status.$get({ param: { id: String(res.id) }, query: {} }), 200);
    expect(await status()).toMatchObject({ preparing: { done: 0, total: expected.length }, recipients: 0, items: [] });
    // a worker writes one batch and dies holding its claim
    let checks = 0;
    expect(await prepareMessages(tdb.db, 'dead-worker', { batchSize: 3, leaseMs: 60_000, stopped: () => checks++ >= 1 })).toBe(1);
    expect(await status()).toMatchObject({ preparing: { done: 3, total: expected.length }, recipients: 3 });
    // nobody takes it over while the claim holds
    expect(await prepareMessages(tdb.db, 'other', { batchSize: 3, leaseMs: 60_000 })).toBe(0);
    // ... until its lease has run out
    await tdb.db.execute(sql`update message_preparations set claimed_until = now() - interval '1 second' where message_id = ${res.id}`);
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
    while ((await status()).preparing !== null || (await rows(res.id)).some((r) => r.state === 'pending' || r.state === 'sending')) {
      if (Date.now() > until) throw new Error('not finished');
      await w.runOnce();
    }
    const done = await status();
    expect(done).toMatchObject({ preparing: null, recipients: expected.length });
    const r = await rows(res.id);
    expect(r.map((x) => x.member_id).sort((a, b) => a - b)).toEqual(expected); // one e-mail row per person
    const addressed = r.filter((x) => x.state === 'sent').map((x) => x.target);
    expect(r.every((x) => x.state === 'sent' || x.state === 'no_address')).toBe(true);
    const mails = (await sink.waitForMessages(before + addressed.length)).slice(before).filter((m) => /Verteiler an alle/.test(m.raw));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...addressed].sort()); // each once
    const notes = await tdb.db.execute(
      sql`select count(*)::int as n, count(distinct member_id)::int as people from notifications where message_id = ${res.id}`,
    );
    expect(notes.rows[0]).toEqual({ n: expected.length, people: expected.length });
    small.cleanup();
  });
});

import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from '@/lib/domain/messages/delivery';
import type { Db } from '../db/client';
import { idList } from '../db/sql-list';
import { pushSubscriptions, uploadedFiles } from '../db/schema';
import { resolveInsideRoot } from '../files/upload-root';
import type { Env } from '../env';
import { mailFailureOf } from '../mail/mail-refusal';
import type { MailAttachment, Mailer } from '../mail/mailer';
import { messageMail } from '../mail/message-mail';
import { MESSAGE_GALLERY } from '../services/messages/messages';
import { prepareMessages } from './message-preparation';
import type { PushSender } from './push';

/**
 * The message outbox worker, running inside the API process. It claims due rows of
 * message_deliveries with row locks (FOR UPDATE SKIP LOCKED, so several API processes share the
 * work and never take the same row), marks them `sending` for a lease, delivers, and records the
 * outcome only while its claim still holds. A failure is retried with doubling waits; after the
 * last attempt, or at once when the mail server refuses the mail for good (SMTP 5xx), the row is
 * `failed`. A worker that dies leaves its rows `sending`; when the lease
 * has run out another (or the restarted) worker takes them again: nothing is lost. A delivery that
 * is repeated that way carries the row's idempotency key again (Message-ID, push topic and tag), so
 * the receiver sees the same message, not a second one. A message's e-mails carry its files, and
 * wait while the files its sender announced are still being uploaded (messages.files_held_until).
 * Each pass also writes a few batches of the recipients of a big message being prepared
 * (server/messages/message-preparation.ts), so its first mails go out while the rest is written.
 */

export type OutboxWorkerOptions = {
  db: Db;
  env: Pick<Env, 'mailFrom' | 'adminPublicUrl' | 'uploadDir' | 'messageBatch'>;
  mailer: Mailer;
  push: PushSender;
  /** Rows claimed at once. */
  batchSize?: number;
  /** How long a claim holds; must exceed the slowest single delivery (SMTP and push time out before). */
  leaseMs?: number;
  /** How often to look for due rows when nobody wakes the worker. */
  pollMs?: number;
  /** First wait after a failure (doubling from there). */
  retryBaseMs?: number;
  /**
   * Other queued work this worker does in the same loop, each a claim-and-handle pass that is safe
   * with several processes (row locks) and answers how many rows it handled: the password-reset
   * requests (server/services/password-reset-queue.ts).
   */
  jobs?: ReadonlyArray<(workerId: string) => Promise<number>>;
  log?: (line: string) => void;
};

export type OutboxWorker = {
  readonly id: string;
  start(): void;
  /** Finishes the delivery in hand, then stops. */
  stop(): Promise<void>;
  /** Look for due rows now (after a send). */
  wake(): void;
  /** One claim-and-deliver pass; answers how many rows it handled. */
  runOnce(): Promise<number>;
  /**
   * Stops at once as if the process had died: nothing more is sent or recorded by this worker;
   * its claimed rows stay `sending` until their lease runs out.
   */
  abandon(): void;
};

type Claimed = {
  id: number;
  medium: 'email' | 'push';
  attempts: number;
  idempotency_key: string;
  target: string | null;
  notification_id: number;
  member_id: number;
  message_id: number | null;
  title: string;
  body: string;
  content: string | null;
  reply_to: string | null;
  lang: string | null;
  org_name: string;
};

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, push } = options;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const pollMs = options.pollMs ?? 5_000;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;

  let running = false;
  let dead = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  /** The last pass wrote recipients of a message being prepared: there is probably more. */
  let preparing = false;

  async function claim(): Promise<Claimed[]> {
    const result = await db.execute(sql`
      with due as (
        select id from message_deliveries
        where ((state = 'pending' and next_attempt_at <= now()) or (state = 'sending' and claimed_until < now()))
          -- a message whose announced files are still being uploaded waits for them
          and not exists (select 1 from messages m where m.id = message_deliveries.message_id and m.files_held_until > now())
        order by id
        limit ${batchSize}
        for update skip locked
      )
      update message_deliveries d
      set state = 'sending', attempts = d.attempts + 1, claimed_by = ${id}, claimed_until = now() + ${leaseMs} * interval '1 millisecond'
      from due
      where d.id = due.id
      returning d.id`);
    const ids = result.rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    const details = await db.execute(sql`
      select d.id, d.medium, d.attempts, d.idempotency_key::text as idempotency_key, d.target, d.notification_id, d.member_id, d.message_id,
             n.title, n.body, m.content, m.reply_to, m.lang, o.name as org_name
      from message_deliveries d
      join notifications n on n.id = d.notification_id
      left join messages m on m.id = d.message_id
      join organisations o on o.id = n.org_id
      where d.id in ${idList(ids)}
      order by d.id`);
    return details.rows as unknown as Claimed[];
  }

  /** The files of the messages of these rows (their e-mails carry them), oldest first. */
  async function attachmentsOf(rows: Claimed[]): Promise<Map<number, MailAttachment[]>> {
    const map = new Map<number, MailAttachment[]>();
    const ids = [...new Set(rows.filter((r) => r.medium === 'email' && r.message_id !== null).map((r) => Number(r.message_id)))];
    if (ids.length === 0) return map;
    const files = await db
      .select({
        ownerId: uploadedFiles.ownerId,
        name: uploadedFiles.originalName,
        storedPath: uploadedFiles.storedPath,
        mime: uploadedFiles.mime,
      })
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.ownerType, MESSAGE_GALLERY.fileType), inArray(uploadedFiles.ownerId, ids)))
      .orderBy(asc(uploadedFiles.id));
    for (const f of files) {
      const list = map.get(Number(f.ownerId)) ?? [];
      list.push({ filename: f.name, path: resolveInsideRoot(options.env.uploadDir, f.storedPath), contentType: f.mime });
      map.set(Number(f.ownerId), list);
    }
    return map;
  }

  /**
   * Records the outcome, only while this worker's claim still holds (a slower worker never
   * overwrites a newer claim). A failure is tried again later, unless it was the last attempt or
   * the receiving side refused for good (`permanent`): then the row is `failed` with the reason.
   */
  async function record(
    row: Claimed,
    outcome: { state: 'sent' | 'no_subscription'; target?: string } | { error: string; permanent?: boolean },
  ) {
    if (dead) return;
    if ('state' in outcome) {
      await db.execute(sql`
        update message_deliveries
        set state = ${outcome.state}, processed_at = now(), claimed_by = null, claimed_until = null, last_error = null,
            target = coalesce(${outcome.target ?? null}, target)
        where id = ${row.id} and claimed_by = ${id} and state = 'sending'`);
      return;
    }
    const last = outcome.permanent === true || row.attempts >= MAX_DELIVERY_ATTEMPTS;
    const waitMs = retryDelayMs(row.attempts, retryBaseMs);
    await db.execute(sql`
      update message_deliveries
      set state = ${last ? 'failed' : 'pending'}, next_attempt_at = now() + ${waitMs} * interval '1 millisecond',
          processed_at = ${last ? sql`now()` : sql`null`}, claimed_by = null, claimed_until = null, last_error = ${outcome.error.slice(0, 500)}
      where id = ${row.id} and claimed_by = ${id} and state = 'sending'`);
  }

  async function deliverMail(row: Claimed, attachments: MailAttachment[]) {
    if (!row.target) return record(row, { error: 'no address' });
    try {
      await mailer.send(messageMail(options.env, row, row.target, attachments));
      return record(row, { state: 'sent' });
    } catch (err) {
      const failure = mailFailureOf(err);
      return record(row, { error: failure.reason, permanent: failure.permanent });
    }
  }

  async function deliverPush(row: Claimed) {
    const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, row.member_id));
    if (subscriptions.length === 0) return record(row, { state: 'no_subscription' });
    const payload = {
      title: row.title,
      body: row.body,
      notificationId: row.notification_id,
      url: `${options.env.adminPublicUrl}/inbox?open=${row.notification_id}`,
    };
    const topic = row.idempotency_key.replace(/-/g, ''); // 32 characters of base64url, as the protocol allows
    let sent = 0;
    const errors: string[] = [];
    for (const s of subscriptions) {
      if (dead) return;
      const result = await push.send(s, payload, topic);
      if (result.outcome === 'sent') sent++;
      else if (result.outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
      else errors.push(result.error ?? 'push failed');
    }
    // A device that failed is tried again with the others: their repeat replaces the shown notification (same tag).
    if (errors.length) return record(row, { error: errors[0] });
    if (sent === 0) return record(row, { state: 'no_subscription' });
    return record(row, { state: 'sent', target: `${sent} device${sent === 1 ? '' : 's'}` });
  }

  async function runOnce(): Promise<number> {
    if (dead) return 0;
    const batches = await prepareMessages(db, id, { batchSize: options.env.messageBatch, leaseMs, stopped: () => dead });
    preparing = batches > 0;
    const rows = await claim();
    const attachments = await attachmentsOf(rows);
    for (const row of rows) {
      if (dead) break;
      await (row.medium === 'email' ? deliverMail(row, attachments.get(Number(row.message_id)) ?? []) : deliverPush(row));
    }
    let handled = rows.length + batches;
    for (const job of options.jobs ?? []) {
      if (dead) break;
      handled += await job(id);
    }
    return handled;
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run() {
    while (running && !dead) {
      woken = false;
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (err) {
        log(`[outbox] ${(err as Error).message}`);
      }
      if (!running || dead) break;
      // A full batch or a message being prepared: there is probably more. Otherwise wait for the next poll or a wake-up.
      if (handled < batchSize && !preparing && !woken) await sleep(pollMs);
    }
  }

  return {
    id,
    start() {
      if (running || dead) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    runOnce,
    abandon() {
      dead = true;
      running = false;
      wakeUp?.();
    },
  };
}

/**
 * The message centre at 100,000 members on PostgreSQL: sending a federation-wide message (the
 * request resolves the audience; the preparation job writes the notifications and outbox rows in
 * batches of MESSAGE_BATCH), its Status tab while being prepared and after, what the preparation
 * does to other requests of the process, and how fast the outbox worker delivers e-mail through a
 * real SMTP server on loopback.
 *
 *   npx tsx scripts/bench/messages.ts
 *
 * Uses the database of the member benchmark (BENCH_DATABASE_URL, seeded when missing; see
 * bench-db.ts). The messages it sends are deleted again at the end. BENCH_MAILS (default 2,000)
 * e-mails are delivered by one worker (batches of 20).
 */
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { loadEnv } from '@/server/env';
import { createMailer } from '@/server/mail/mailer';
import { prepareMessages } from '@/server/messages/message-preparation';
import { createOutboxWorker } from '@/server/messages/outbox-worker';
import { createPushSender } from '@/server/messages/push';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const MAILS = Number(process.env.BENCH_MAILS || 2_000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // no reverse DNS lookup of the client (127.0.0.1): without a resolver it stalls every connection
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const sent: number[] = [];
  const app = benchApp(db, DATABASE_URL, dataDir);
  const tokens = await signInAll(app, ['verband']);
  const call = async (method: string, url: string, json?: unknown) => {
    const res = await app.request(url, {
      method,
      headers: { authorization: `Bearer ${tokens.verband}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  try {
    // Nothing of earlier runs may be delivered by the worker below.
    await db.execute(sql`delete from messages where title like 'Benchmark%'`);
    const rows = async () =>
      Number(
        ((await db.execute(sql`select count(*)::int as n from message_deliveries`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n,
      );
    console.log(`[bench] ${MEMBERS.toLocaleString('en')} members; outbox rows before: ${await rows()}`);

    let t0 = performance.now();
    const everyone = await call('POST', '/api/v1/admin/messages', {
      orgId: 1,
      title: 'Benchmark an alle Mitglieder',
      content: '<p>Hallo</p>',
      lang: 'de',
      media: ['email', 'push'],
      roles: [32],
    });
    const sendMs = performance.now() - t0;
    sent.push(everyone.id as number);
    const summary = everyone.summary as { recipients: number; preparing: { done: number; total: number } | null };
    console.log(
      `send to every member (role 32, all organisations), e-mail + push: answered in ${sendMs.toFixed(0)} ms, ${summary.preparing ? `being prepared (0 of ${summary.preparing.total.toLocaleString('en')})` : `${summary.recipients} recipients`}, outbox rows at the answer: ${(await rows()).toLocaleString('en')}`,
    );
    t0 = performance.now();
    const probe = async () => {
      const started = performance.now();
      await call('GET', `/api/v1/admin/messages/${everyone.id}/status?page=1`);
      return performance.now() - started;
    };
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push(await probe());
    // The preparation job (as the outbox worker runs it), with the Status tab asked one request after the other meanwhile.
    t0 = performance.now();
    let preparing = true;
    const job = (async () => {
      while ((await prepareMessages(db, 'bench', { batchSize: 1000, leaseMs: 120_000, maxBatches: 5 })) > 0);
      preparing = false;
    })();
    const during: number[] = [];
    while (preparing) during.push(await probe());
    await job;
    const prepareMs = performance.now() - t0;
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const deliveries = await rows();
    console.log(
      `preparation job: ${deliveries.toLocaleString('en')} outbox rows in ${(prepareMs / 1000).toFixed(1)} s; status tab meanwhile p50 ${med(during).toFixed(0)} ms (${during.length} requests) vs ${med(alone).toFixed(0)} ms before`,
    );

    // A running server's autovacuum analyses the tables within a minute of such a bulk insert.
    await db.execute(sql`analyze notifications`);
    await db.execute(sql`analyze message_deliveries`);
    for (const [label, pageOf] of [
      ['first page', () => 1],
      ['random page', (i: number) => 1 + ((i * 37) % 1800)],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        t0 = performance.now();
        await call('GET', `/api/v1/admin/messages/${everyone.id}/status?page=${pageOf(i)}`);
        if (i >= 5) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(
        `status tab of that message (50 recipients, ${label}, with the counts): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }

    const list: number[] = [];
    for (let i = 0; i < 25; i++) {
      t0 = performance.now();
      await call('GET', '/api/v1/admin/messages/1');
      if (i >= 5) list.push(performance.now() - t0);
    }
    list.sort((a, b) => a - b);
    console.log(
      `message list of the federation (4 per page, with counts): p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms`,
    );

    // Delivery: the big message is set aside (its rows would be claimed first), a message to the
    // members of the biggest club is delivered by one worker until MAILS e-mails went out.
    await db.execute(sql`update message_deliveries set state = 'failed' where message_id = ${everyone.id} and state = 'pending'`);
    const club = await call('POST', '/api/v1/admin/messages', {
      orgId: 1,
      organizations: [11],
      title: 'Benchmark an Verein 11',
      content: '<p>Hallo</p>',
      lang: 'de',
      media: ['email'],
      roles: [32],
    });
    sent.push(club.id as number);
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      ADMIN_PUBLIC_URL: 'http://localhost',
    });
    const worker = createOutboxWorker({ db, env, mailer: createMailer(env), push: createPushSender(env), log: () => {} });
    t0 = performance.now();
    while (received < MAILS) {
      if ((await worker.runOnce()) === 0) break;
    }
    const ms = performance.now() - t0;
    console.log(
      `worker: ${received.toLocaleString('en')} e-mails through SMTP on loopback in ${(ms / 1000).toFixed(1)} s = ${((received / ms) * 1000).toFixed(0)} mails/s`,
    );
  } finally {
    for (const id of sent) await db.execute(sql`delete from messages where id = ${id}`);
    smtp.close();
    await closeBenchDb(db, dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Password-reset request timing: a known address must not answer measurably slower than an
 * unknown one, nor slow down the request after it (either would tell an attacker which addresses
 * have an account).
 *
 *   npx tsx scripts/bench/reset-timing.ts
 *
 * Runs the real API in a child process (so its work does not delay this process's clock or its
 * reading of answers) over loopback HTTP (@hono/node-server) on an in-memory PGlite with the demo
 * data, the file mailer (mails written to a temp folder, as without SMTP_HOST) and the outbox
 * worker as the API process runs it (it creates the tokens and sends the mails of queued
 * requests). Sends BENCH_REQUESTS (default 300) requests per kind, known and unknown alternating,
 * after 30 warm-up requests, one at a time, each followed by a probe (a request for another unknown
 * address), and prints median and p90 of each kind, of the probes after each kind, and the
 * differences. The clock moves an hour per request so the per-account mail limit never skips the
 * work for known ones. At the end it checks that the worker sent a mail for known addresses.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { serve } from '@hono/node-server';
import { createApp } from '@/server/app';
import { closeDb, createDb, migrate } from '@/server/db/client';
import { seedDemo } from '@/server/db/seed';
import { loadEnv } from '@/server/env';
import { createMailer } from '@/server/mail/mailer';
import { createOutboxWorker } from '@/server/messages/outbox-worker';
import { createPushSender } from '@/server/messages/push';
import { handlePasswordResetRequests } from '@/server/services/password-reset-queue';

const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const WARMUP = 30;
const KNOWN = ['verband@example.org', 'verein@example.org', 'land@example.org', 'trainer@example.org', 'mitglied@example.org'];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The child: the API on a random port, which it prints as its first line. */
async function serveApi() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-reset-'));
  const db = createDb({ pgliteDir: 'memory://' });
  await migrate(db);
  await seedDemo(db, { members: 60 });
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  let now = Date.now();
  const clock = () => new Date((now += 61 * 60_000));
  const mailer = createMailer(env, () => undefined);
  const app = createApp({ db, env, mailer, clock });
  // The worker as server/index.ts runs it (default poll interval).
  const outbox = createOutboxWorker({
    db,
    env,
    mailer,
    push: createPushSender(env),
    log: () => undefined,
    jobs: [(id) => handlePasswordResetRequests({ db, env, mailer, clock }, id)],
  });
  outbox.start();
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
  process.on('SIGTERM', async () => {
    server.close();
    await outbox.stop();
    const mails = existsSync(env.mailDir) ? readdirSync(env.mailDir).filter((f) => f.endsWith('.eml')).length : 0;
    process.stderr.write(`  mails written by the worker: ${mails}\n`);
    await closeDb(db);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

async function main() {
  const child = spawn(process.execPath, [...process.execArgv, __filename, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;

  const request = async (email: string) => {
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}/api/v1/auth/request_password/${encodeURIComponent(email)}`, { method: 'PUT' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`unexpected ${res.status}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  // Lets the background work of the previous request finish, so both kinds start from the same state.
  const settle = () => new Promise((r) => setTimeout(r, 5));

  for (let i = 0; i < WARMUP; i++) {
    await request(KNOWN[i % KNOWN.length]);
    await request(`nobody${i}@example.org`);
    await settle();
  }
  const known: number[] = [];
  const unknown: number[] = [];
  const afterKnown: number[] = [];
  const afterUnknown: number[] = [];
  for (let i = 0; i < 2 * REQUESTS; i++) {
    // Alternate the kinds; each request is followed by a probe for another unknown address.
    const isKnown = i % 2 === 0;
    (isKnown ? known : unknown).push(await request(isKnown ? KNOWN[(i / 2) % KNOWN.length] : `nobody${i}@example.org`));
    await settle();
    (isKnown ? afterKnown : afterUnknown).push(await request(`probe${i}@example.org`));
    await settle();
  }
  for (const list of [known, unknown, afterKnown, afterUnknown]) list.sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(3).padStart(7);
  const line = (label: string, list: number[]) =>
    console.log(`  ${label.padEnd(32)} median ${fmt(quantile(list, 0.5))} ms   p90 ${fmt(quantile(list, 0.9))} ms`);
  console.log(`password-reset request, ${REQUESTS} each, loopback HTTP, PGlite in memory, outbox worker running`);
  line('known address:', known);
  line('unknown address:', unknown);
  line('probe after a known address:', afterKnown);
  line('probe after an unknown address:', afterUnknown);
  console.log(`  difference of medians (known − unknown): ${(quantile(known, 0.5) - quantile(unknown, 0.5)).toFixed(3)} ms`);
  console.log(
    `  difference of medians (probe after known − after unknown): ${(quantile(afterKnown, 0.5) - quantile(afterUnknown, 0.5)).toFixed(3)} ms`,
  );
  console.log(
    `  difference of p90 (probe after known − after unknown): ${(quantile(afterKnown, 0.9) - quantile(afterUnknown, 0.9)).toFixed(3)} ms`,
  );

  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

(process.argv.includes('--serve') ? serveApi() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});

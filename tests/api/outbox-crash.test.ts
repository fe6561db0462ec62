/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hc } from 'hono/client';
import type { App } from '@/server/app';
import { answerOf, DEMO_PASSWORD, sessionToken } from './helpers/test-app';
import { startSmtpSink } from './helpers/smtp-sink';

/*
 * The real thing: the API process (server/index.ts, embedded database, demo data) sends a message
 * through an SMTP server; while the third mail is being transferred the process is killed
 * (SIGKILL: no clean-up of any kind). A new API process on the same data takes over once the dead
 * one's claims have run out (OUTBOX_LEASE=2s). Every recipient gets the mail, nobody twice.
 */

jest.setTimeout(240_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

describe('outbox across a crash of the API process', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outbox-crash-'));
  let api: ChildProcess | null = null;
  let port = 0;
  let kills = 0;
  let transfers = 0;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  async function startApi() {
    // node itself with tsx's loader: one process (the tsx command would run the API as its child, which a kill of tsx misses)
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        API_PORT: String(port),
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(sink.port),
        OUTBOX_LEASE: '2s',
        MAIL_FROM: 'Verband <noreply@example.org>',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const until = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API ended: ${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > until) throw new Error(`the API did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    api = child;
  }

  // Typed calls over HTTP (hono/client on the app's type): bodies and answers as the routes define them.
  const http = (token?: string) =>
    hc<App>(`http://127.0.0.1:${port}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).api.v1;
  const signIn = async () =>
    sessionToken(await answerOf(http().auth.login.$post({ json: { email: 'verein@example.org', password: DEMO_PASSWORD } }), 200));

  beforeAll(async () => {
    sink = await startSmtpSink({
      decide: () => {
        transfers++;
        if (transfers !== 3 || !api) return 'accept';
        api.kill('SIGKILL');
        kills++;
        return 'refuse';
      },
    });
    port = await freePort();
  });
  afterAll(async () => {
    api?.kill('SIGKILL');
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no mail and sends none twice when the process dies mid-batch', async () => {
    await startApi();
    const token = await signIn();
    const sent = await answerOf(
      http(token).admin.messages.$post({
        json: { orgId: 11, title: 'Absturztest', content: '<p>Hallo</p>', lang: 'de', media: ['email'], roles: [32] },
      }),
      201,
    );
    const recipients = sent.summary.recipients;
    expect(recipients).toBeGreaterThan(5);
    expect(recipients).toBeLessThanOrEqual(200); // one page of the status below

    // the process dies during the third transfer
    const until = Date.now() + 30_000;
    while (api!.exitCode === null && api!.signalCode === null) {
      if (Date.now() > until) throw new Error('the API was not killed');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(kills).toBe(1);
    expect(sink.messages).toHaveLength(2);

    await startApi(); // the same data folder: the dead process's lock is taken over
    const again = await signIn();
    const readStatus = () =>
      answerOf(http(again).admin.messages[':id'].status.$get({ param: { id: String(sent.id) }, query: { size: '200' } }), 200);
    let status: Awaited<ReturnType<typeof readStatus>>;
    const done = Date.now() + 60_000;
    for (;;) {
      status = await readStatus();
      if (status.states.pending + status.states.sending === 0) break;
      if (Date.now() > done)
        throw new Error(`still open: ${JSON.stringify(status.items.filter((i) => i.state === 'pending' || i.state === 'sending'))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const delivered = status.items.filter((i) => i.state === 'sent');
    expect(delivered.length + status.items.filter((i) => i.state === 'no_address').length).toBe(recipients);
    const ids = sink.messageIds();
    expect(ids).toHaveLength(delivered.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sink.messages.map((m) => m.to[0]).sort()).toEqual(delivered.map((i) => i.email).sort());
    // the dead process had claimed a batch of 20 and finished 2: the other 18 were taken again
    expect(delivered.filter((i) => i.attempts === 2)).toHaveLength(Math.min(20, delivered.length) - 2);
    expect(delivered.every((i) => i.attempts <= 2)).toBe(true);
  });
});

/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { hc } from 'hono/client';
import { Client } from 'pg';
import type { App } from '@/server/app';
import { startApiProcess, type ApiProcess } from './helpers/api-process';
import { startSmtpSink } from './helpers/smtp-sink';
import { answerOf, DEMO_PASSWORD, sessionToken } from './helpers/test-app';
import { createTestDb, type TestDb } from './helpers/test-db';

/*
 * The real API process on PostgreSQL, under parallel reads and writes, while every connection it
 * has to the database is cut (pg_terminate_backend, as a server restart does) again and again: the
 * process stays up, each answer is either normal or 503 with Retry-After, every write it
 * acknowledged is in the database, and afterwards it serves and delivers mail as before. (Before,
 * a connection cut while a request held it between two statements of a transaction ended the
 * process with an unhandled 'error' event.)
 */

jest.setTimeout(240_000);

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

pgOnly('the API process while PostgreSQL connections are cut', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'db-outage-'));
  const leftover = path.join(dataDir, 'uploads', '.tmp', 'crashed-upload.part');
  let tdb: TestDb;
  let dbName = '';
  let api: ApiProcess | null = null;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;

  // Typed calls over HTTP (hono/client on the app's type): bodies and answers as the routes define them.
  const http = (token?: string) =>
    hc<App>(`http://127.0.0.1:${api!.port}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).api.v1;
  const signIn = async (email: string) =>
    sessionToken(await answerOf(http().auth.login.$post({ json: { email, password: DEMO_PASSWORD } }), 200));

  /** Ends every connection to the test's database but the caller's own; answers how many. */
  async function cutConnections(): Promise<number> {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const res = await admin.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) x',
        [dbName],
      );
      return res.rows[0].n as number;
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    tdb = await createTestDb('pg');
    dbName = (await tdb.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
    sink = await startSmtpSink();
    // what a crash during an upload left behind: removed when the API starts
    mkdirSync(path.dirname(leftover), { recursive: true });
    writeFileSync(leftover, 'half an upload');
    // written by a process that died an hour ago
    utimesSync(leftover, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    api = await startApiProcess({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      OUTBOX_LEASE: '2s',
      // the demo federation account signs in with the password alone here (PostgreSQL asks levels 1 and 2 for a second factor by default)
      TWO_FACTOR_REQUIRED_LEVELS: '',
      MAIL_FROM: 'Verband <noreply@example.org>',
    });
  });
  afterAll(async () => {
    api?.stop();
    await sink?.close();
    await tdb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up, answers 503 with Retry-After meanwhile, loses no acknowledged write, and serves and delivers again afterwards', async () => {
    expect(existsSync(leftover)).toBe(false);
    const reader = await signIn('verband@example.org');
    const writer = await signIn('verein@example.org');

    type Seen = { kind: 'read' | 'write'; status: number; retryAfter: string | null } | { kind: 'lost'; error: string };
    const seen: Seen[] = [];
    const acknowledged: string[] = [];
    let loading = true;
    let n = 0;
    async function client(id: number) {
      while (loading) {
        const write = (n++ + id) % 2 === 0;
        try {
          if (write) {
            const pname = `Ausfallplatz ${id}-${n}`;
            const res = await http(writer).admin.org.places.$post({
              query: { actingOrgId: '11' },
              json: {
                orgId: 11,
                pname,
                city: 'Wien',
                zip: '1100',
                address: 'Hauptplatz 2',
                params: { openingHours: 'Di 18:00–21:00', training: ['Indoor'] },
              },
            });
            await res.text(); // read to the end, so the connection is free again
            seen.push({ kind: 'write', status: res.status, retryAfter: res.headers.get('retry-after') });
            if (res.status >= 200 && res.status < 300) acknowledged.push(pname);
          } else {
            const res = await http(reader).admin.members.$get({ query: { pageSize: '20' } });
            await res.text();
            seen.push({ kind: 'read', status: res.status, retryAfter: res.headers.get('retry-after') });
          }
        } catch (err) {
          seen.push({ kind: 'lost', error: String((err as Error).cause ?? err) });
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
    const clients = Array.from({ length: 12 }, (_, i) => client(i));
    let cut = 0;
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 300 + (i % 3) * 150));
      cut += await cutConnections();
    }
    await new Promise((r) => setTimeout(r, 500));
    loading = false;
    await Promise.all(clients);

    expect(cut).toBeGreaterThan(0);
    expect(api!.alive()).toBe(true);
    expect(seen.filter((s) => s.kind === 'lost')).toEqual([]);
    const odd = seen.filter(
      (s) => s.kind !== 'lost' && !((s.status >= 200 && s.status < 300) || (s.status === 503 && s.retryAfter === '5')),
    );
    expect(odd).toEqual([]);
    expect(seen.filter((s) => s.kind !== 'lost' && s.status === 503).length).toBeGreaterThan(0); // the cuts did reach requests
    expect(acknowledged.length).toBeGreaterThan(0);

    // every acknowledged write is stored
    const stored = await tdb.db.execute<{ pname: string }>(sql`select pname from places where pname like 'Ausfallplatz %'`);
    const names = new Set(stored.rows.map((r) => r.pname));
    expect(acknowledged.filter((p) => !names.has(p))).toEqual([]);

    // and it serves normally afterwards
    const list = await answerOf(http(reader).admin.members.$get({ query: { pageSize: '5' } }), 200);
    expect(list.items).toHaveLength(5);

    // the outbox worker went on: a message sent now reaches the mail server
    const sent = await answerOf(
      http(writer).admin.messages.$post({
        json: { orgId: 11, title: 'Nach dem Ausfall', content: '<p>Hallo</p>', lang: 'de', media: ['email'], roles: [32] },
      }),
      201,
    );
    const readStatus = () =>
      answerOf(http(writer).admin.messages[':id'].status.$get({ param: { id: String(sent.id) }, query: { size: '200' } }), 200);
    let status: Awaited<ReturnType<typeof readStatus>>;
    const until = Date.now() + 60_000;
    for (;;) {
      status = await readStatus();
      if (status.states.pending + status.states.sending === 0) break;
      if (Date.now() > until) throw new Error(`still open: ${JSON.stringify(status.states)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status.states.sent).toBeGreaterThan(0);
    expect(status.states.failed).toBe(0);
    expect(sink.messages.filter((m) => /Nach dem Ausfall/.test(m.raw))).toHaveLength(status.states.sent);
    expect(api!.alive()).toBe(true);
  });
});

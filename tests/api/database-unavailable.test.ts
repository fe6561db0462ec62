/** @jest-environment node */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { closeDb, createDb, type Db } from '@/server/db/client';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * While the database cannot be reached, the API answers 503 with Retry-After (not 500), and
 * answers normally again as soon as the database is back.
 */

const UNAVAILABLE = { error: { code: 'unavailable', message: 'The database is not reachable; try again shortly.' } };

/**
 * A TCP relay in front of the PostgreSQL server: stopping it refuses new connections and cuts the
 * open ones, as a server restart does; starting it again on the same port brings the server back.
 */
class Relay {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

const pgOnly = testDrivers().includes('pg') ? describe : describe.skip;

pgOnly('PostgreSQL going away and coming back', () => {
  let tdb: TestDb;
  let relay: Relay;
  let db: Db;
  let t: TestApp;

  beforeAll(async () => {
    tdb = await createTestDb('pg');
    const [{ name }] = (await tdb.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const server = new URL(process.env.TEST_DATABASE_URL!);
    relay = new Relay({ host: server.hostname, port: Number(server.port || 5432) });
    await relay.start();
    const url = new URL(server);
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${name}`;
    db = createDb({ databaseUrl: url.toString() });
    t = createTestApp(db);
  });
  afterAll(async () => {
    t?.cleanup();
    await relay?.stop();
    await closeDb(db).catch(() => undefined);
    await tdb?.close();
  });

  it('answers 503 with Retry-After while the server is away (signed-in calls and sign-in alike), and 200 again once it is back', async () => {
    const token = await signIn(t.app, 'verband@example.org');
    const list = () => call(t.app, 'GET', '/api/v1/admin/members?pageSize=5', { token });
    expect((await list()).status).toBe(200);

    await relay.stop();
    for (const res of [
      await list(),
      await list(),
      await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'verband@example.org', password: 'Bogen2026!' } }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual(UNAVAILABLE);
    }

    await relay.start();
    const back = await list();
    expect(back.status).toBe(200);
    expect(back.body.items).toHaveLength(5);
  });

  it('connections the server ends (pg_terminate_backend) are replaced: the next calls answer normally', async () => {
    const token = await signIn(t.app, 'verband@example.org');
    const [{ name }] = (await db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const ended = await tdb.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()) x`,
    );
    expect(ended.rows[0].n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await call(t.app, 'GET', '/api/v1/admin/members?pageSize=5', { token });
    expect(res.status).toBe(200);
  });
});

describe.each(testDrivers())('an unreachable database on %s', (driver) => {
  it('a closed database answers 503 with Retry-After, not 500', async () => {
    const tdb = await createTestDb(driver);
    const t = createTestApp(tdb.db);
    try {
      const token = await signIn(t.app, 'verband@example.org');
      await closeDb(tdb.db);
      const res = await call(t.app, 'GET', '/api/v1/admin/members?pageSize=5', { token });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual(UNAVAILABLE);
    } finally {
      t.cleanup();
      await tdb.close().catch(() => undefined);
    }
  });
});

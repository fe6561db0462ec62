/** @jest-environment node */
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { createApp, type App } from '@/server/app';
import { CALLER_CHANGED_CHANNEL, listenForCallerChanges, type CallerChangeListener } from '@/server/db/caller-changes';
import { loadEnv } from '@/server/env';
import type { CallerCache } from '@/server/services/caller-cache';
import { call, recordingMailer, signIn, TEST_JWT_SECRET } from './helpers/test-app';
import { createTestDb, type TestDb } from './helpers/test-db';

/*
 * Signed-in callers kept between requests (PostgreSQL): two API processes, each with its own
 * cache and its own listener, on one database. Whatever the caller statement reads (sessions,
 * members, function assignments, organisations, roles) that changes through one process, or
 * through the database directly, is what the other process answers with next: a sign-out, a
 * removed role, a renamed member, organisation or function, a removed password. While a process
 * cannot hear the database's notifications it reads the caller on every request.
 */

jest.setTimeout(60_000);

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** How long a notification may take to arrive before a change counts as not heard. */
const HEARD_WITHIN_MS = 2_000;

/** Polls `probe` until it returns true, for at most `ms`; true when it did. */
async function within(ms: number, probe: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
}

pgOnly('signed-in callers kept per process, forgotten on every change the database reports', () => {
  let tdb: TestDb;
  let url: string;
  const processes: Array<{ app: App; cache: CallerCache; listener: CallerChangeListener }> = [];

  const apiProcess = async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-caller-cache-test',
      JWT_SECRET: TEST_JWT_SECRET,
      TWO_FACTOR_REQUIRED_LEVELS: '',
    });
    const listener = listenForCallerChanges(url);
    await listener.ready;
    const p = {
      app: createApp({ db: tdb.db, env, mailer: recordingMailer(), callerCache: listener.cache }),
      cache: listener.cache,
      listener,
    };
    processes.push(p);
    return p;
  };

  /** Runs `statement` without its triggers firing (replication role): a change the caches do not hear of. */
  const unheard = async (statement: string, params: unknown[] = []) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query(statement, params);
      await client.query('commit');
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    tdb = await createTestDb('pg');
    const name = (await tdb.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0].name;
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    for (const p of processes) await p.listener.close();
    await tdb?.close();
  });

  it('answers a kept caller without reading it, until the database reports a change', async () => {
    const b = await apiProcess();
    const token = await signIn(b.app, 'mitglied@example.org');
    expect((await call(b.app, 'GET', '/api/v1/getUser', { token })).status).toBe(200);
    expect(b.cache.size).toBe(1);

    // Revoked behind the caches' back: the kept caller still answers, which shows it was not read again.
    await unheard('update sessions set revoked_at = now() where member_id = (select id from members where email = $1)', [
      'mitglied@example.org',
    ]);
    expect((await call(b.app, 'GET', '/api/v1/getUser', { token })).status).toBe(200);

    // Any notification on the channel makes every process forget.
    await tdb.db.execute(sql.raw(`notify ${CALLER_CHANGED_CHANNEL}`));
    expect(await within(HEARD_WITHIN_MS, async () => (await call(b.app, 'GET', '/api/v1/getUser', { token })).status === 401)).toBe(true);
  });

  it('ends a session at the other process when it signs out (one session, and everywhere)', async () => {
    const [a, b] = [await apiProcess(), await apiProcess()];
    const one = await signIn(a.app, 'trainer@example.org');
    const two = await signIn(a.app, 'trainer@example.org');
    const three = await signIn(a.app, 'trainer@example.org');
    for (const token of [one, two, three]) expect((await call(b.app, 'GET', '/api/v1/getUser', { token })).status).toBe(200);

    expect((await call(a.app, 'POST', '/api/v1/auth/logout', { token: one })).status).toBe(200);
    expect(await within(HEARD_WITHIN_MS, async () => (await call(b.app, 'GET', '/api/v1/getUser', { token: one })).status === 401)).toBe(
      true,
    );
    expect((await call(b.app, 'GET', '/api/v1/getUser', { token: two })).status).toBe(200);

    expect((await call(a.app, 'POST', '/api/v1/auth/logout_everywhere', { token: two })).status).toBe(200);
    expect(await within(HEARD_WITHIN_MS, async () => (await call(b.app, 'GET', '/api/v1/getUser', { token: three })).status === 401)).toBe(
      true,
    );
  });

  it('answers the other process with the rights, names and profile as they are now', async () => {
    const b = await apiProcess();
    const token = await signIn(b.app, 'verein@example.org');
    const roles = async () => (await call(b.app, 'GET', '/api/v1/admin/systemroles', { token })).body as Array<Record<string, unknown>>;
    const user = async () => (await call(b.app, 'GET', '/api/v1/getUser', { token })).body as Record<string, unknown>;
    const clubRole = (await roles()).find((r) => r.orgId === 11)!;
    expect(clubRole).toBeDefined();
    expect((await call(b.app, 'GET', '/api/v1/admin/members/11?pageSize=1', { token })).status).toBe(200);

    // renamed: the member, the function
    await tdb.db.execute(sql`update members set first_name = 'Dušan' where email = 'verein@example.org'`);
    expect(await within(HEARD_WITHIN_MS, async () => (await user()).givenName === 'Dušan')).toBe(true);
    await tdb.db.execute(sql`update roles set name = 'Vereinsführung' where id = ${clubRole.funkId}`);
    expect(await within(HEARD_WITHIN_MS, async () => (await roles()).some((r) => r.functionName === 'Vereinsführung'))).toBe(true);

    // their roles in the club ended yesterday: the club's screens are closed to them at once
    const clubRoles = (await roles()).filter((r) => r.orgId === 11).map((r) => Number(r.funkMgId));
    await tdb.db.execute(
      sql`update function_assignments set date_to = current_date - 1 where id in (${sql.join(
        clubRoles.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(await within(HEARD_WITHIN_MS, async () => !(await roles()).some((r) => r.orgId === 11))).toBe(true);
    expect((await call(b.app, 'GET', '/api/v1/admin/members/11?pageSize=1', { token })).status).toBe(403);

    // the sign-in removed (no password): the session is over
    await tdb.db.execute(sql`update members set password_hash = null where email = 'verein@example.org'`);
    expect(await within(HEARD_WITHIN_MS, async () => (await call(b.app, 'GET', '/api/v1/getUser', { token })).status === 401)).toBe(true);
  });

  it('reads the caller on every request while it cannot hear the database, and keeps them again once it can', async () => {
    const b = await apiProcess();
    const token = await signIn(b.app, 'land@example.org');
    expect((await call(b.app, 'GET', '/api/v1/getUser', { token })).status).toBe(200);
    expect(b.cache.size).toBe(1);

    // The listener's connection is cut (the database restarting, say): each process says so in its log.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    await tdb.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = ${`LISTEN ${CALLER_CHANGED_CHANNEL}`} and pid <> pg_backend_pid()`);
    expect(await within(HEARD_WITHIN_MS, () => b.cache.size === 0)).toBe(true);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^\[api\] lost the caller-change listener .*callers are read on every request/),
    );
    logged.mockRestore();
    expect((await call(b.app, 'GET', '/api/v1/getUser', { token })).status).toBe(200);
    // listening again within about a second; until then nothing is kept
    expect(
      await within(5_000, async () => (await call(b.app, 'GET', '/api/v1/getUser', { token })).status === 200 && b.cache.size === 1),
    ).toBe(true);

    // and a change it hears is again what it answers
    await tdb.db.execute(
      sql`update sessions set revoked_at = now() where member_id = (select id from members where email = 'land@example.org')`,
    );
    expect(await within(HEARD_WITHIN_MS, async () => (await call(b.app, 'GET', '/api/v1/getUser', { token })).status === 401)).toBe(true);
  });

  it('is told of a change to each table the caller is read from, and not of a new session or member', async () => {
    const listener = new Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.channel));
    await listener.query(`LISTEN ${CALLER_CHANGED_CHANNEL}`);
    try {
      const changes = [
        'update sessions set revoked_at = revoked_at where false',
        "update members set city = city where email = 'mitglied@example.org'",
        'delete from function_assignments where false',
        "insert into organisations (id, name, name_short, org_level, org_mother_id) values (9901, 'Neuer Verein', 'NV', 3, 4)",
        'update roles set name = name where id = 1',
      ];
      for (const change of changes) {
        heard.length = 0;
        await tdb.db.execute(sql.raw(change));
        expect(await within(HEARD_WITHIN_MS, () => heard.length > 0)).toBe(true);
      }
      heard.length = 0;
      await tdb.db.execute(
        sql`insert into sessions (id, member_id, created_at, expires_at) values ('caller-cache-test', 2, now(), now() + interval '1 hour')`,
      );
      await listener.query('select 1'); // a round trip after the insert: a notification would be here by now
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });
});

/**
 * The benchmark database the scripts in scripts/bench share: a PostgreSQL database (created when
 * missing, migrated, seeded with the demo data and `members` generated members when it has fewer,
 * then vacuumed and analysed), and the real API in-process on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { Client } from 'pg';
import { createApp, type App } from '@/server/app';
import { closeDb, createDb, migrate, type Db } from '@/server/db/client';
import { members } from '@/server/db/schema';
import { seedDemo } from '@/server/db/seed';
import { rebuildDuplicateKeys } from '@/server/services/members/duplicate-keys';
import { loadEnv } from '@/server/env';
import { listenForCallerChanges } from '@/server/db/caller-changes';
import type { CallerCache } from '@/server/services/caller-cache';

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      console.log(`[bench] creating database ${name}`);
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

export async function openBenchDb(url: string, wantedMembers: number): Promise<{ db: Db; dataDir: string }> {
  await ensureDatabase(url);
  const db = createDb({ databaseUrl: url });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  await migrate(db);
  const rebuilding = performance.now();
  const keyed = await rebuildDuplicateKeys(db);
  console.log(`[bench] duplicate keys: ${keyed} members given keys, flags recomputed in ${(performance.now() - rebuilding).toFixed(0)} ms`);
  const existing = Number((await db.select({ n: count() }).from(members))[0].n);
  if (existing < wantedMembers) {
    console.log(`[bench] seeding ${wantedMembers.toLocaleString('en')} members (found ${existing}) … this takes a few minutes once`);
    await seedDemo(db, { members: wantedMembers, log: (m) => console.log(`[bench] ${m}`) });
  }
  // Fresh statistics for the planner and a current visibility map for index-only scans, as
  // autovacuum would provide on a running server after a bulk load.
  await db.execute('vacuum analyze');
  return { db, dataDir };
}

export async function closeBenchDb(db: Db, dataDir: string): Promise<void> {
  await closeDb(db);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The caller cache as the API runs it on PostgreSQL (server/index.ts), listening for changes;
 * BENCH_CALLER_CACHE=0 measures without it (every request reads its caller).
 */
export async function benchCallerCache(url: string): Promise<{ cache?: CallerCache; close: () => Promise<void> }> {
  if (process.env.BENCH_CALLER_CACHE === '0') return { close: async () => {} };
  const listener = listenForCallerChanges(url);
  await listener.ready;
  return { cache: listener.cache, close: listener.close };
}

export function benchApp(db: Db, url: string, dataDir: string, callerCache?: CallerCache): App {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATABASE_URL: url,
    ADMIN_PUBLIC_URL: 'http://localhost',
    // the demo accounts sign in with the password alone (no second factor) in the benchmarks
    TWO_FACTOR_REQUIRED_LEVELS: '',
  });
  return createApp({
    db,
    env,
    callerCache,
    mailer: {
      async send() {
        return {};
      },
      close() {},
    },
  });
}

/** Bearer tokens of demo accounts (`${who}@example.org`). */
export async function signInAll(app: App, who: readonly string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const name of who) {
    const res = await app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${name}@example.org`, password: 'Bogen2026!' }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${name} failed: ${res.status} ${await res.text()}`);
    tokens[name] = ((await res.json()) as { jwtToken: string }).jwtToken;
  }
  return tokens;
}

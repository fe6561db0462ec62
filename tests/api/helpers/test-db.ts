import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { closeDb, createDb, dumpPglite, migrate, type Db } from '@/server/db/client';
import { seedDemo } from '@/server/db/seed';

/**
 * A migrated and seeded database for one test file, on either engine:
 * - 'pglite': PGlite in memory (always);
 * - 'pg': a PostgreSQL server, only when TEST_DATABASE_URL is set (CI sets it). Each test file
 *   gets its own freshly created database (random name), dropped again in `close()`, so files can
 *   run in parallel and nothing leaks between runs. (A schema per file would not do: drizzle's
 *   migrations name the "public" schema explicitly.)
 * Migrating and seeding is done once per engine and kept as a template (a dump of the PGlite data
 * folder in the temp folder, a template database on PostgreSQL), which each test file copies: the
 * same rows as its own migrate + seed, in a fraction of the time. The template's name carries a
 * hash of everything the database is made from (server/db, lib) and the date (the seed builds
 * around the current season), so a change or a new day makes a new one.
 */

export type TestDriver = 'pglite' | 'pg';

/** The engines to run API tests on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDrivers(): TestDriver[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite'];
}

export type TestDb = { db: Db; driver: TestDriver; close: () => Promise<void> };

/**
 * Small demo data set: every demo account and organisation, only a few ordinary members, without
 * the persons entered twice (tests/api/duplicates-precision.test.ts adds those where it needs them).
 */
const SEED_OPTIONS = { members: 60, duplicates: false } as const;

/** Sources the migrated and seeded database is made from: a change to any of them makes a new template. */
const TEMPLATE_SOURCES = ['server/db', 'lib'];

let templateKeyMemo: string | undefined;
function templateKey(): string {
  if (templateKeyMemo) return templateKeyMemo;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(file).update(readFileSync(file));
    }
  };
  for (const dir of TEMPLATE_SOURCES) walk(path.join(process.cwd(), dir));
  hash.update(new Date().toISOString().slice(0, 10)).update(JSON.stringify(SEED_OPTIONS));
  templateKeyMemo = hash.digest('hex').slice(0, 16);
  return templateKeyMemo;
}

async function migrateAndSeed(db: Db): Promise<void> {
  await migrate(db);
  await seedDemo(db, SEED_OPTIONS);
}

/** The seeded PGlite data folder, made by the first test file that needs it (written under a temporary name, then renamed, so a reader never sees half a file). */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `federation-test-seed-${templateKey()}.tar.gz`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const db = createDb({ pgliteDir: 'memory://' });
  try {
    await migrateAndSeed(db);
    const dump = await dumpPglite(db);
    const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(part, Buffer.from(await dump.arrayBuffer()));
    await rename(part, file);
    return dump;
  } finally {
    await closeDb(db);
  }
}

async function withAdmin<T>(adminUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The seeded template database on PostgreSQL, made by the first test file that needs it: built
 * under a name of its own, then renamed (two files building at once: one rename wins, the other
 * build is dropped). Templates of earlier days are dropped; today's of other sources are kept, as
 * another checkout (a worktree) may be using them right now.
 */
async function pgTemplate(adminUrl: string): Promise<string> {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const template = `api_template_${day}_${templateKey()}`;
  const exists = await withAdmin(adminUrl, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    return found.rowCount === 1;
  });
  if (exists) return template;
  const build = `api_template_build_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${build}"`));
  const db = createDb({ databaseUrl: databaseUrl(adminUrl, build) });
  try {
    await migrateAndSeed(db);
  } finally {
    await closeDb(db);
  }
  await withAdmin(adminUrl, async (admin) => {
    try {
      await admin.query(`ALTER DATABASE "${build}" RENAME TO "${template}"`);
    } catch {
      await admin.query(`DROP DATABASE IF EXISTS "${build}" WITH (FORCE)`);
    }
    const old = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^api_template_[0-9]{8}_' and datname not like $1",
      [`api_template_${day}_%`],
    );
    for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  });
  return template;
}

/** CREATE DATABASE from the template; PostgreSQL refuses while another copy of it is being made ("being accessed by other users"), so wait and try again. */
async function createFromTemplate(admin: Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.floor(Math.random() * 200)));
    }
  }
}

export async function createTestDb(driver: TestDriver): Promise<TestDb> {
  if (driver === 'pglite') {
    const db = createDb({ pgliteDir: 'memory://', pgliteDump: await pgliteTemplate() });
    return { db, driver, close: () => closeDb(db) };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = await pgTemplate(adminUrl);
  const name = `api_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => createFromTemplate(admin, name, template));
  const db = createDb({ databaseUrl: databaseUrl(adminUrl, name) });
  const drop = () => withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return {
    db,
    driver,
    close: async () => {
      await closeDb(db);
      await drop();
    },
  };
}

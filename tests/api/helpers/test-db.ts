import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { closeDb, createDb, migrate, type Db } from '@/server/db/client';
import { seedDemo } from '@/server/db/seed';

/**
 * A migrated and seeded database for one test file, on either engine:
 * - 'pglite': PGlite in memory (always);
 * - 'pg': a PostgreSQL server, only when TEST_DATABASE_URL is set (CI sets it). Each test file
 *   gets its own freshly created database (random name), dropped again in `close()`, so files can
 *   run in parallel and nothing leaks between runs. (A schema per file would not do: drizzle's
 *   migrations name the "public" schema explicitly.)
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

export async function createTestDb(driver: TestDriver): Promise<TestDb> {
  if (driver === 'pglite') {
    const db = createDb({ pgliteDir: 'memory://' });
    await migrate(db);
    await seedDemo(db, SEED_OPTIONS);
    return { db, driver, close: () => closeDb(db) };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `api_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  const drop = async () => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  try {
    await migrate(db);
    await seedDemo(db, SEED_OPTIONS);
  } catch (err) {
    await closeDb(db).catch(() => undefined);
    await drop();
    throw err;
  }
  return {
    db,
    driver,
    close: async () => {
      await closeDb(db);
      await drop();
    },
  };
}

import type { Env } from '../env';
import { closeDb, createDb, isFreshDatabase, migrate, type Db } from './client';
import { acquirePgliteLock } from './pglite-lock';
import { seedDemo } from './seed';
import { rebuildDuplicateKeys } from '../services/members/duplicate-keys';

/**
 * Opens the configured database and brings it up to date: the committed SQL migrations are
 * applied on both engines; a brand-new embedded database is also filled with the demo data, so
 * `npm start` on a fresh machine has something to sign in to. A PostgreSQL server is seeded
 * only on request (`npm run db:seed`).
 */
export async function openDatabase(env: Env, log: (line: string) => void = console.log): Promise<{ db: Db; close: () => Promise<void> }> {
  const releaseLock = env.databaseUrl ? () => undefined : acquirePgliteLock(env.pgliteDir);
  const db = createDb(env);
  const close = async () => {
    await closeDb(db).catch(() => undefined);
    releaseLock();
  };
  try {
    const fresh = await isFreshDatabase(db);
    await migrate(db);
    const keyed = await rebuildDuplicateKeys(db);
    if (keyed > 0) log(`[db] duplicate keys computed for ${keyed} members`);
    if (fresh && !env.databaseUrl) {
      log(`[db] new embedded database at ${env.pgliteDir}: loading the demo data …`);
      const started = Date.now();
      await seedDemo(db, { log, uploadDir: env.uploadDir });
      log(`[db] demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return { db, close };
  } catch (err) {
    await close();
    throw err;
  }
}

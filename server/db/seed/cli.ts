/**
 * `npm run db:seed [-- --members N]`: migrates the configured database (DATABASE_URL, or the
 * embedded PGlite under DATA_DIR) and loads the demo data. Idempotent: existing rows are kept.
 * Stop the API first when it runs on PGlite: one PGlite data folder must not be opened by two processes.
 */
import { closeDb, createDb, migrate } from '@/server/db/client';
import { EnvError, loadEnv } from '@/server/env';
import { DEFAULT_MEMBER_COUNT, seedDemo } from './index';

function parseMembers(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--members' || a.startsWith('--members='));
  if (i < 0) return DEFAULT_MEMBER_COUNT;
  const raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
    throw new Error(`--members expects a whole number from 0 to 1000000 (got ${JSON.stringify(raw ?? '')})`);
  }
  return n;
}

async function main(): Promise<void> {
  const members = parseMembers(process.argv.slice(2));
  const env = loadEnv();
  const db = createDb({ databaseUrl: env.databaseUrl, pgliteDir: env.pgliteDir });
  try {
    console.log(`[seed] database: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${env.pgliteDir}`}`);
    await migrate(db);
    await seedDemo(db, { members, uploadDir: env.uploadDir, log: (m) => console.log(`[${m.replace(/^seed: /, 'seed] ')}`) });
  } finally {
    await closeDb(db);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof EnvError || err instanceof Error ? `[seed] ${err.message}` : err);
  process.exit(1);
});

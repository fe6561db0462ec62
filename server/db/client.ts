import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';

/**
 * One database handle for the services, whichever engine is behind it: PGlite (embedded
 * PostgreSQL in WebAssembly, the default) or a PostgreSQL server via DATABASE_URL. Both are
 * drizzle `PgDatabase`s, so services use one query API and one set of SQL migrations.
 */

export type Schema = typeof schema;

/** What both engines answer to `db.execute()`: at least `{ rows }` (pg QueryResult, PGlite Results). */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
type QueryRows<Row> = { rows: Array<Row extends Record<string, unknown> ? Row : Record<string, unknown>> };

export type Db = PgDatabase<DbQueryResultHKT, Schema>;
export type DbDriver = 'pglite' | 'pg';

export type DbConfig = {
  /** postgres:// URL; when set, PostgreSQL is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` (or empty) for a throwaway in-memory database. */
  pgliteDir?: string;
  /** An in-memory PGlite starts from this dump of a data folder (`dumpPglite`), e.g. the tests' seeded template. */
  pgliteDump?: Blob;
};

type Handle = {
  driver: DbDriver;
  close: () => Promise<void>;
  migrate: () => Promise<void>;
  /** PGlite only: its data folder as a gzipped tarball. */
  dump?: () => Promise<Blob>;
};

// The engine-specific parts stay out of the Db type; migrate/close find them here.
const handles = new WeakMap<object, Handle>();

export const MIGRATIONS_FOLDER = path.resolve(
  typeof __dirname === 'string' ? __dirname : path.join(process.cwd(), 'server/db'),
  'migrations',
);

/** Shared buffers of the embedded database (PostgreSQL's default is 128MB). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** The advisory lock that lets one process at a time migrate a PostgreSQL database (any fixed number; this one spells "migr"). */
export const MIGRATION_LOCK = 0x6d696772;

/**
 * Several API processes start together on one database (a fresh one, or after an upgrade): each
 * runs the migrations, one at a time under a session-level advisory lock held on a connection of
 * its own; the ones after the first find nothing left to do. (Unlocked, the second one failed on
 * the tables the first was making, and its process ended.)
 */
async function migrateOnce(pool: Pool, run: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await run();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}

export function createDb(config: DbConfig): Db {
  if (config.databaseUrl) {
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    // A client losing its connection (server restart, pg_terminate_backend) must never end the
    // process: node-postgres emits 'error' on it, and an 'error' nobody listens to is thrown. The
    // pool listens only while a client is idle, so every client gets its own listener as it is
    // made, which also covers the time it is checked out (a transaction between statements). The
    // statement in hand fails with a connection error (answered 503), the pool drops the broken
    // client, and the next request connects anew.
    pool.on('error', (err) => console.error('[db] idle PostgreSQL client error:', err.message));
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error('[db] PostgreSQL connection lost:', err.message));
    });
    const db: NodePgDatabase<Schema> = drizzlePg({ client: pool, schema });
    handles.set(db, {
      driver: 'pg',
      close: () => pool.end(),
      migrate: () => migrateOnce(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    });
    return db as unknown as Db;
  }

  const dir = config.pgliteDir && config.pgliteDir !== 'memory://' ? config.pgliteDir : undefined;
  // PGlite does not create missing parent folders of its data dir.
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  // pg_trgm backs the member search index (migration 0001); PGlite ships it as a contrib extension.
  const extensions = { pg_trgm };
  // The embedded database serves one process and small data: 16 MB of shared buffers instead of
  // PostgreSQL's 128 MB (all of it resident in the WebAssembly memory, which never shrinks).
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = dir
    ? new PGlite(dir, { extensions, startParams })
    : new PGlite({ extensions, startParams, loadDataDir: config.pgliteDump });
  const db: PgliteDatabase<Schema> = drizzlePglite({ client, schema });
  handles.set(db, {
    driver: 'pglite',
    close: () => client.close(),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dump: () => client.dumpDataDir('gzip'),
  });
  return db as unknown as Db;
}

function handleOf(db: Db): Handle {
  const handle = handles.get(db);
  if (!handle) throw new Error('This database was not created by createDb()');
  return handle;
}

/** Which engine serves `db` (undefined for a handle createDb() did not make, e.g. a wrapper). */
export function dbDriver(db: Db): DbDriver | undefined {
  return handles.get(db)?.driver;
}

/** Applies the SQL migrations of server/db/migrations (drizzle's migrator for the engine). */
export async function migrate(db: Db): Promise<void> {
  await handleOf(db).migrate();
}

/** An embedded database's data folder as a gzipped tarball, for `createDb({ pgliteDump })`. */
export async function dumpPglite(db: Db): Promise<Blob> {
  const dump = handleOf(db).dump;
  if (!dump) throw new Error('Only an embedded (PGlite) database can be dumped');
  return dump();
}

export async function closeDb(db: Db): Promise<void> {
  await handleOf(db).close();
}

/** True before the first migration ran (drizzle keeps its journal in drizzle.__drizzle_migrations). */
export async function isFreshDatabase(db: Db): Promise<boolean> {
  const result = await db.execute<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  return !result.rows[0]?.t;
}

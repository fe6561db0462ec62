import { sql } from 'drizzle-orm';
import type { PgDatabase, PgInsertValue, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';

/** Any drizzle Postgres database or transaction (PGlite or node-postgres), with or without a schema. */
export type SeedDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** PostgreSQL allows 65,535 bind parameters per statement; stay well below it. */
const MAX_PARAMS = 30_000;

/**
 * Inserts rows in multi-row batches. Rows carry fixed ids and conflicts are skipped, so running the
 * seed again leaves existing rows (and any edits made to them since) untouched.
 */
export async function insertRows<T extends PgTable>(db: SeedDb, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableConfig(table).columns.length || 1;
  const size = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insert(table)
      .values(rows.slice(i, i + size))
      .onConflictDoNothing();
  }
}

/** After inserting explicit ids into serial columns, move the sequence past them so later inserts get fresh ids. */
export async function resetSequence(db: SeedDb, table: string): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
  );
}

import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

/**
 * A fingerprint of every table's content (row count and an md5 over all rows), to prove that a
 * refused request changed nothing. `except`: tables a refused request may rightly write to (the
 * sign-in limit records failed attempts).
 */
export async function tableSnapshot(db: Db, except: string[] = []): Promise<Record<string, string>> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of rows) {
    if (except.includes(name) || name.startsWith('__drizzle')) continue;
    const { rows: fp } = await db.execute<{ n: number; h: string | null }>(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`),
    );
    out[name] = `${fp[0].n}:${fp[0].h}`;
  }
  return out;
}

import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from '@/server/db/schema';
import type { Db } from '@/server/db/client';
import { SURNAMES, MALE_FIRST_NAMES } from '@/server/db/seed/names';
import { benchApp, benchCallerCache, closeBenchDb, openBenchDb, signInAll } from '../scripts/bench/bench-db';

const URL_ = 'postgres://postgres@127.0.0.1:5432/bench';
let sent = 0, answered = 0;
let lastSql: { text: string; values: unknown[] } | undefined;
async function main() {
  const { db: seedDb, dataDir } = await openBenchDb(URL_, 100_000);
  const pool = new Pool({ connectionString: URL_, max: 10 });
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as any).query = async (...args: unknown[]) => {
    const c = args[0] as any;
    lastSql = typeof c === 'string' ? { text: c, values: args[1] as unknown[] } : { ...c, values: c.values ?? (args[1] as unknown[]) };
    sent = performance.now();
    const r = await query(...args);
    answered = performance.now();
    return r;
  };
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const direct = new Pool({ connectionString: URL_, max: 1 });
  const callers = await benchCallerCache(URL_);
  const app = benchApp(db, URL_, dataDir, callers.cache);
  const tokens = await signInAll(app, ['verband']);
  const N = Number(process.env.N || 3000);
  const parts: number[][] = [[], [], [], [], [], []];
  for (let i = 0; i < N; i++) {
    const sn = SURNAMES[(i * 7) % SURNAMES.length].toLowerCase(); const q = encodeURIComponent(process.env.FRAG ? sn.slice(i % 3, (i % 3) + 3 + (i % 3)) : `${MALE_FIRST_NAMES[i % MALE_FIRST_NAMES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]}`);
    let pre = 0;
    if (process.env.DIRECT_FIRST && lastSql) {
      // the same request's statement, learned by a dry run below: send it first
    }
    if (process.env.REPEAT) await (await app.request(`/api/v1/admin/members?pageSize=12&q=${q}`, { headers: { authorization: `Bearer ${tokens.verband}` } })).json();
    const t0 = performance.now();
    const res = await app.request(process.env.SEARCH ? `/api/v1/admin/members/search?pageSize=12&name=${q}&roles=12,13,14` : `/api/v1/admin/members?pageSize=12&q=${q}`, { headers: { authorization: `Bearer ${tokens.verband}` } });
    const t3 = performance.now();
    await res.json();
    const t4 = performance.now();
    if (process.env.BEFORE) { await direct.query(lastSql!); }
    const s = performance.now();
    await direct.query(lastSql!);
    const d = performance.now() - s;
    parts[0].push(sent - t0); parts[1].push(answered - sent); parts[2].push(t3 - answered); parts[3].push(t4 - t3); parts[4].push(t4 - t0); parts[5].push(d);
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(3);
  console.log('before-stmt', med(parts[0]), 'stmt(api)', med(parts[1]), 'after-stmt', med(parts[2]), 'client-json', med(parts[3]), 'total', med(parts[4]), 'direct', med(parts[5]));
  await callers.close(); await pool.end(); await direct.end();
  await closeBenchDb(seedDb, dataDir);
}
void main();

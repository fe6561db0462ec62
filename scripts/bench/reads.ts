/**
 * Read paths at federation scale, each as a ratio against its floor measured in the same run (the
 * machine is shared, so absolute times drift; ratios do not):
 *
 * - member list page (forms 51/52): the API calls the page makes before it can answer (lib/api
 *   calls of components/members/members-page.tsx and the shell's loadShell), over HTTP, ÷ a static
 *   answer of the same server (GET /api/health). Measured at API level: the admin app is not built
 *   here, so its own rendering is not in the figure.
 * - person search (F46, federation, 'huber') ÷ the member list searched for the same text.
 * - licence wizard persons step of the biggest club: the whole answer, and one page of it.
 *
 *   npx tsx scripts/bench/reads.ts
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench), BENCH_REQUESTS (default 60)
 * per scenario after 10 warm-up requests; BENCH_PAIR_REQUESTS (default 200) for a path measured in
 * turns with its floor. The federation member search (API ÷ its own SQL) is
 * measured by scripts/bench/members.ts.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import type { Db } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { benchApp, benchCallerCache, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 60);
/** A path measured in turns with its floor: more requests, as each is quick. */
const PAIR_REQUESTS = Number(process.env.BENCH_PAIR_REQUESTS || 200);
const WARMUP = 10;

/**
 * What the member list page asks the API before its first byte: the shell (getUser, which carries
 * the system roles). The system roles name the organisation's level, so the page asks for no
 * summary; the country list comes from the admin process's cache (lib/api/user.ts). Keep in step
 * with components/shell/load-shell.ts and components/members/members-page.tsx.
 */
const MEMBER_PAGE_CALLS: ReadonlyArray<readonly string[]> = [['/api/v1/getUser']];
/** What it asked before: the profile and the system roles as two calls, in parallel. */
const MEMBER_PAGE_CALLS_BEFORE: ReadonlyArray<readonly string[]> = [['/api/v1/getUser', '/api/v1/admin/systemroles']];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

type Result = { p50: number; p95: number; bytes: number; statements: number };

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  const statements: string[] = [];
  const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });
  const logged = drizzle({ client: pool, schema, logger: { logQuery: (sql) => void statements.push(sql) } }) as unknown as Db;
  const callers = await benchCallerCache(DATABASE_URL);
  const app = benchApp(logged, DATABASE_URL, dataDir, callers.cache);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const tokens = await signInAll(app, ['verband', 'verein']);
    const get = async (who: string, path: string): Promise<number> => {
      const res = await fetch(base + path, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
      return body.byteLength;
    };
    /**
     * Paths measured in turns (a, b, a, b …, `requests` each after the warm-up): the machine's
     * drift then weighs on all of them alike. A path and its floor are measured so; measured one
     * after the other, the floor alone moved 2.1–3.1 ms between runs, and the ratio with it.
     */
    const measureInTurns = async (runs: ReadonlyArray<(i: number) => Promise<number>>, requests: number): Promise<Result[]> => {
      const seen = runs.map(() => ({ times: [] as number[], bytes: 0, count: 0 }));
      for (let i = 0; i < WARMUP + requests; i++) {
        for (const [k, run] of runs.entries()) {
          statements.length = 0;
          const started = performance.now();
          const size = await run(i);
          const ms = performance.now() - started;
          if (i >= WARMUP) {
            seen[k].times.push(ms);
            seen[k].bytes = size;
            seen[k].count += statements.length;
          }
        }
      }
      return seen.map(({ times, bytes, count }) => {
        times.sort((a, b) => a - b);
        return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, statements: count / requests };
      });
    };
    const measure = async (run: (i: number) => Promise<number>): Promise<Result> => (await measureInTurns([run], REQUESTS))[0];
    const measurePair = async (floorRun: (i: number) => Promise<number>, run: (i: number) => Promise<number>) => {
      const [floor, result] = await measureInTurns([floorRun, run], PAIR_REQUESTS);
      return { floor, result };
    };
    const sequence = (who: string, calls: ReadonlyArray<readonly string[]>) => async () => {
      let bytes = 0;
      for (const group of calls) bytes += (await Promise.all(group.map((path) => get(who, path)))).reduce((a, b) => a + b, 0);
      return bytes;
    };

    const year = new Date().getFullYear();
    const ordercat = `JAHRESLIZENZ_${year + 1}`;
    const rows: Array<{ name: string; r: Result; floor?: { name: string; r: Result }; goal?: string }> = [];

    const health = () => get('', '/api/health');
    const { floor, result: page } = await measurePair(health, sequence('verband', MEMBER_PAGE_CALLS));
    const before = await measure(sequence('verband', MEMBER_PAGE_CALLS_BEFORE));
    const summary = await measure(() => get('verband', '/api/v1/admin/members/1/summary'));
    rows.push({
      name: `member list page, federation: ${MEMBER_PAGE_CALLS.flat().length} API calls`,
      r: page,
      floor: { name: 'GET /api/health', r: floor },
      goal: '≤ 3×',
    });
    rows.push({
      name: `… the calls it made before (${MEMBER_PAGE_CALLS_BEFORE.flat().length})`,
      r: before,
      floor: { name: 'GET /api/health', r: floor },
    });
    rows.push({ name: 'GET /admin/members/1/summary', r: summary, floor: { name: 'GET /api/health', r: floor } });

    const { floor: list, result: persons } = await measurePair(
      () => get('verband', '/api/v1/admin/members?pageSize=20&q=huber'),
      () => get('verband', '/api/v1/admin/persons/search?org=1&q=huber&size=20'),
    );
    rows.push({
      name: "person search F46, federation, 'huber'",
      r: persons,
      floor: { name: "member list, federation, 'huber'", r: list },
      goal: '≤ 1.5×',
    });

    const whole = await measure(() => get('verein', `/api/v1/order/11/persons?ordercat=${ordercat}`));
    rows.push({ name: `wizard persons step, club 11, ${ordercat}: whole answer`, r: whole, floor: { name: 'GET /api/health', r: floor } });
    const paged = await measure((i) => get('verein', `/api/v1/order/11/persons?ordercat=${ordercat}&page=${1 + (i % 50)}&size=50`));
    rows.push({ name: '… one page (50 persons, pages 1–50)', r: paged, floor: { name: 'GET /api/health', r: floor }, goal: '< 100 ms' });
    const searched = await measure(() => get('verein', `/api/v1/order/11/persons?ordercat=${ordercat}&q=huber&size=50`));
    rows.push({ name: "… searched 'huber' (first page)", r: searched, floor: { name: 'GET /api/health', r: floor }, goal: '< 100 ms' });

    console.log(
      `\nRead paths at ${MEMBERS.toLocaleString('en')} members · PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} · ${REQUESTS} requests each over HTTP`,
    );
    const kib = (n: number) => (n > 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${(n / 1024).toFixed(1)} KiB`);
    for (const { name, r, floor: f, goal } of rows) {
      const ratio = f ? ` · ${(r.p50 / f.r.p50).toFixed(2)}× ${f.name} (p50 ${f.r.p50.toFixed(1)} ms)` : '';
      console.log(
        `${name.padEnd(62)} p50 ${r.p50.toFixed(1).padStart(6)} ms · p95 ${r.p95.toFixed(1).padStart(6)} ms · ${kib(r.bytes).padStart(9)} · ${r.statements.toFixed(1)} statements${ratio}${goal ? ` · goal ${goal}` : ''}`,
      );
    }
  } finally {
    server.close();
    await callers.close();
    await pool.end();
    await closeBenchDb(db, dataDir);
  }
}

main().catch((err: unknown) => {
  console.error('[bench]', err);
  process.exit(1);
});

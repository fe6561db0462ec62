/**
 * Duplicates report benchmark on PostgreSQL: how long one page of GET /admin/duplicates takes for
 * the federation (everyone) and for a state association, at 100,000 members.
 *
 *   npx tsx scripts/bench/duplicates-report.ts
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench) names the database; it is
 * created when missing, migrated, and seeded with BENCH_MEMBERS (default 100,000) generated members
 * when it has fewer (scripts/bench/bench-db.ts). BENCH_REQUESTS (default 20) pages per scenario after
 * 3 warm-up requests. Every request goes through the real API in-process, one at a time. The load
 * average is printed before and after, since the machine is shared.
 */
import os from 'node:os';
import { count } from 'drizzle-orm';
import { members } from '@/server/db/schema';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 20);
const WARMUP = 3;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  try {
    const total = Number((await db.select({ n: count() }).from(members))[0].n);
    const app = benchApp(db, DATABASE_URL, dataDir);
    const tokens = await signInAll(app, ['verband', 'land']);
    console.log(`[bench] ${total.toLocaleString('en')} members; load average before: ${load()}`);
    const scenarios = [
      {
        name: 'federation, 20 pairs/page, pages 1–5',
        who: 'verband',
        url: (n: number) => `/api/v1/admin/duplicates?size=20&page=${1 + (n % 5)}`,
      },
      {
        name: 'state association 4, 20 pairs/page',
        who: 'land',
        url: (n: number) => `/api/v1/admin/duplicates?org=4&size=20&page=${1 + (n % 2)}`,
      },
    ];
    for (const s of scenarios) {
      const times: number[] = [];
      let pairs = 0;
      for (let n = 0; n < WARMUP + REQUESTS; n++) {
        const started = performance.now();
        const res = await app.request(s.url(n), { headers: { authorization: `Bearer ${tokens[s.who]}` } });
        const body = (await res.json()) as { total?: number };
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${JSON.stringify(body)}`);
        pairs = body.total ?? 0;
        if (n >= WARMUP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${s.name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms  max ${times[times.length - 1].toFixed(1).padStart(7)} ms  (${pairs} pairs in the report)`,
      );
    }
    console.log(`[bench] load average after: ${load()}`);
  } finally {
    await closeBenchDb(db, dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Members CSV export benchmark on PostgreSQL: the federation exports all 100,000 members
 * (target: under 5 s, memory flat while streaming).
 *
 *   npx tsx scripts/bench/members-export.ts
 *
 * Uses the database of scripts/bench/members.ts (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/bench; created and seeded with BENCH_MEMBERS, default
 * 100,000, when it has fewer). BENCH_RUNS (default 3) exports after one warm-up.
 *
 * Each export is one request through the real API in-process (token check, permission check,
 * the SQL, shaping, CSV), read to the end as a stream the way a browser download reads it. The
 * heap is sampled while the stream is read: "heap growth" is the largest heap size seen minus
 * the heap before the request, which stays flat when the rows are streamed in batches. "API CPU
 * ms" is the CPU time of this process (API and reader; PostgreSQL's own time is not included):
 * on a busy shared machine the wall time grows with the load, the CPU time much less. With
 * NODE_OPTIONS=--expose-gc each export starts from a collected heap, the heap and RSS are sampled
 * every 10 ms as well, and "heap after GC" is what the export left behind.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const TARGET_MS = 5000;

type Run = {
  ms: number;
  cpuMs: number;
  bytes: number;
  lines: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
  liveAfterMb: number;
  firstByteMs: number;
  sha256: string;
};

async function exportOnce(app: ReturnType<typeof benchApp>, token: string): Promise<Run> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  const heapBefore = before.heapUsed;
  let heapMax = heapBefore;
  let rssMax = before.rss;
  // sampled on a timer too: a slow read would otherwise miss what piles up between chunks
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heapMax = Math.max(heapMax, now.heapUsed);
    rssMax = Math.max(rssMax, now.rss);
  }, 10);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await app.request('/api/v1/admin/members/1/export.csv', { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  const hash = createHash('sha256');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
    hash.update(value);
    for (let i = 0; i < value.length; i++) if (value[i] === 0x0a) lines++;
    const now = process.memoryUsage();
    heapMax = Math.max(heapMax, now.heapUsed);
    rssMax = Math.max(rssMax, now.rss);
  }
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const ms = performance.now() - started;
  globalThis.gc?.();
  const mb = (n: number) => n / 2 ** 20;
  return {
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    bytes,
    lines,
    firstByteMs,
    heapGrowthMb: mb(heapMax - heapBefore),
    rssGrowthMb: mb(rssMax - before.rss),
    liveAfterMb: mb(process.memoryUsage().heapUsed - heapBefore),
    sha256: hash.digest('hex').slice(0, 16),
  };
}

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  try {
    const app = benchApp(db, DATABASE_URL, dataDir);
    const { verband } = await signInAll(app, ['verband']);
    await exportOnce(app, verband); // warm-up: connections, plans, caches
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await exportOnce(app, verband));

    console.log(`\nFederation export (GET /api/v1/admin/members/1/export.csv), PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}\n`);
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} (1 min) at the end`);
    if (!globalThis.gc)
      console.log('(no --expose-gc: the heap before each export holds garbage of the last; run with NODE_OPTIONS=--expose-gc)');
    console.log(
      'run | members | MiB   | first byte ms | total ms | API CPU ms | heap growth MiB | RSS growth MiB | heap after GC MiB | sha256',
    );
    console.log(
      '----|---------|-------|---------------|----------|------------|-----------------|----------------|-------------------|-----------------',
    );
    runs.forEach((r, i) =>
      console.log(
        `${String(i + 1).padStart(3)} | ${String(r.lines - 1).padStart(7)} | ${(r.bytes / 2 ** 20).toFixed(1).padStart(5)} | ${r.firstByteMs.toFixed(0).padStart(13)} | ${r.ms.toFixed(0).padStart(8)} | ${r.cpuMs.toFixed(0).padStart(10)} | ${r.heapGrowthMb.toFixed(1).padStart(15)} | ${r.rssGrowthMb.toFixed(1).padStart(14)} | ${r.liveAfterMb.toFixed(1).padStart(17)} | ${r.sha256}`,
      ),
    );
    const worst = Math.max(...runs.map((r) => r.ms));
    console.log(`\nslowest: ${worst.toFixed(0)} ms (target < ${TARGET_MS} ms): ${worst < TARGET_MS ? 'yes' : 'NO'}`);
    if (worst >= TARGET_MS) process.exitCode = 1;
  } finally {
    await closeBenchDb(db, dataDir);
  }
}

main().catch((err: unknown) => {
  console.error('[bench]', err);
  process.exit(1);
});

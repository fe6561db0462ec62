/**
 * Licence cards PDF of the biggest released licence order of at most BENCH_PERSONS (default 500) persons at 100,000 members on PostgreSQL: time
 * to the first byte and to the last, and what it does to other requests of the same process.
 *
 *   npx tsx scripts/bench/licence-cards.ts
 *
 * Uses the database of the member benchmark (BENCH_DATABASE_URL; see bench-db.ts). Through the
 * real API in-process: first `GET /api/v1/getUser` alone (BENCH_REQUESTS, default 100, one at a
 * time), then the PDF (all=true) read to the end while the same light request is sent one after
 * the other; the light request's p50 during the PDF ÷ its p50 alone is the figure to compare
 * (absolute times on a shared machine are not stable). BENCH_RUNS (default 2) PDFs after a warm-up.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 100);
const RUNS = Number(process.env.BENCH_RUNS || 2);
/** The biggest released licence order with at most this many persons. */
const PERSONS = Number(process.env.BENCH_PERSONS || 500);

const p50 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.max(0, Math.ceil(times.length / 2) - 1)] ?? NaN;

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  try {
    const app = benchApp(db, DATABASE_URL, dataDir);
    const { verband } = await signInAll(app, ['verband']);
    const headers = { authorization: `Bearer ${verband}` };
    const [big] = (
      (await db.execute(sql`
      select o.id, count(i.id)::int as persons from orders o join order_items i on i.order_id = o.id and i.member_id is not null
      where o.status = 'Freigegeben' and o.category like 'JAHRESLIZENZ%' group by o.id
      having count(i.id) <= ${PERSONS} order by persons desc limit 1`)) as unknown as { rows: Array<{ id: number; persons: number }> }
    ).rows;
    const light = async () => {
      const t0 = performance.now();
      const res = await app.request('/api/v1/getUser', { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`getUser: ${res.status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 10; i++) await light();
    const alone: number[] = [];
    for (let i = 0; i < REQUESTS; i++) alone.push(await light());

    const pdf = async () => {
      const t0 = performance.now();
      const res = await app.request(`/api/v1/reports/licenses?order=${big.id}&all=true`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`cards: ${res.status}`);
      const reader = res.body.getReader();
      let first = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (bytes === 0) first = performance.now() - t0;
        bytes += value.byteLength;
      }
      return { first, total: performance.now() - t0, bytes };
    };
    await pdf(); // warm-up
    console.log(`\nLicence cards, order ${big.id} (${big.persons} persons, all=true), ${os.cpus().length} cores`);
    console.log(`getUser alone: p50 ${p50(alone).toFixed(1)} ms (${REQUESTS} requests)`);
    for (let run = 1; run <= RUNS; run++) {
      const during: number[] = [];
      let finished = false;
      const rendering = pdf().finally(() => (finished = true));
      while (!finished) during.push(await light());
      const r = await rendering;
      console.log(
        `run ${run}: first byte ${r.first.toFixed(0)} ms, last byte ${r.total.toFixed(0)} ms, ${(r.bytes / 2 ** 20).toFixed(1)} MiB; ` +
          `getUser meanwhile: ${during.length} requests, p50 ${p50(during).toFixed(1)} ms = ${(p50(during) / p50(alone)).toFixed(1)}× alone; load ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  } finally {
    await closeBenchDb(db, dataDir);
  }
}

main().catch((err: unknown) => {
  console.error('[bench]', err);
  process.exit(1);
});

/**
 * Order screens and downloads at 100,000 members on PostgreSQL: the wizard's persons step of the
 * biggest club, the federation's overview and report (lists, search, CSV), and the PDFs.
 *
 *   npx tsx scripts/bench/orders.ts
 *
 * Uses the database of the member benchmark (BENCH_DATABASE_URL, seeded when missing; see
 * bench-db.ts). Every request goes through the real API in-process, one at a time, after 5
 * warm-up requests; BENCH_REQUESTS (default 50) per scenario. Exit code 1 when a list's p95
 * misses 50 ms.
 */
import { sql } from 'drizzle-orm';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 50);
const WARMUP = 5;
const LIST_TARGET_P95_MS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  try {
    const app = benchApp(db, DATABASE_URL, dataDir);
    const tokens = await signInAll(app, ['verband', 'verein']);
    const year = new Date().getFullYear();
    const next = `JAHRESLIZENZ_${year + 1}`;
    const active = (
      (await db.execute(sql`
      select count(distinct member_id)::int as n from function_assignments
      where org_id = 11 and role_id = 32 and date_from <= current_date and date_to >= current_date`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0].n;
    const [big] = (
      (await db.execute(sql`
      select o.id, o.org_id, count(i.id)::int as persons from orders o join order_items i on i.order_id = o.id and i.member_id is not null
      where o.status = 'Freigegeben' and o.category like 'JAHRESLIZENZ%' group by o.id order by persons desc limit 1`)) as unknown as {
        rows: Array<{ id: number; org_id: number; persons: number }>;
      }
    ).rows;

    // An order with an invoice: the newest released one, or release a created one of club 11 now.
    let invoiced = (
      (await db.execute(sql`select id from orders where invoice_number is not null order by id desc limit 1`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows[0]?.id;
    if (!invoiced) {
      const created = (
        (await db.execute(
          sql`select id, updated_at::text as at from orders where org_id = 11 and status = 'Erstellt' order by id limit 1`,
        )) as unknown as { rows: Array<{ id: number; at: string }> }
      ).rows[0];
      const res = await app.request('/api/v1/order/11', {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens.verband}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: created.id, status: 'Freigegeben', updatedAt: created.at }),
      });
      if (res.status !== 200) throw new Error(`release for the invoice: ${res.status} ${await res.text()}`);
      invoiced = created.id;
    }

    type Scenario = { name: string; list: boolean; who: string; url: (i: number) => string; runs?: number };
    const scenarios: Scenario[] = [
      {
        name: `wizard persons step: club 11 (${active} active members), ${next}`,
        list: false,
        who: 'verein',
        url: () => `/api/v1/order/11/persons?ordercat=${next}`,
      },
      { name: 'wizard offers: club 11', list: true, who: 'verein', url: () => '/api/v1/order/11/offers' },
      {
        name: 'overview: federation, all orders (11/page, random page)',
        list: true,
        who: 'verband',
        url: (i) => `/api/v2/admin/1/orders?page=${1 + (i % 10)}`,
      },
      {
        name: 'overview: federation, search "neustadt" + state created',
        list: true,
        who: 'verband',
        url: () => '/api/v2/admin/1/orders?q=neustadt&state=created',
      },
      {
        name: 'report: federation, ordered persons (20/page, random page)',
        list: true,
        who: 'verband',
        url: (i) => `/api/v1/order/1/report?page=${1 + (i % 50)}`,
      },
      { name: 'report: federation, search a surname', list: true, who: 'verband', url: () => '/api/v1/order/1/report?q=gruber' },
      { name: 'report CSV: federation, every line', list: false, who: 'verband', url: () => '/api/v1/order/1/report.csv', runs: 3 },
      {
        name: `invoice PDF (order ${invoiced})`,
        list: false,
        who: 'verband',
        url: () => `/api/v1/reports/invoice?order=${invoiced}`,
        runs: 10,
      },
      {
        name: `licence cards PDF, order ${big.id} (${big.persons} persons, all=true)`,
        list: false,
        who: 'verband',
        url: () => `/api/v1/reports/licenses?order=${big.id}&all=true`,
        runs: 2,
      },
    ];

    console.log(`\nOrders at ${MEMBERS.toLocaleString('en')} members · PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}\n`);
    console.log('scenario'.padEnd(72) + ' | p50 ms | p95 ms | max ms | size');
    let failed = false;
    for (const s of scenarios) {
      const runs = s.runs ?? REQUESTS;
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < (s.runs ? 1 : WARMUP) + runs; i++) {
        const started = performance.now();
        const res = await app.request(s.url(i), { headers: { authorization: `Bearer ${tokens[s.who]}` } });
        const body = await res.arrayBuffer();
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
        if (i >= (s.runs ? 1 : WARMUP)) {
          times.push(ms);
          size = body.byteLength;
        }
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      if (s.list && p95 > LIST_TARGET_P95_MS) failed = true;
      const kib = size > 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MiB` : `${(size / 1024).toFixed(1)} KiB`;
      console.log(
        `${s.name.padEnd(72)} | ${percentile(times, 50).toFixed(1).padStart(6)} | ${p95.toFixed(1).padStart(6)} | ${times.at(-1)!.toFixed(1).padStart(6)} | ${kib}`,
      );
    }
    if (failed) {
      console.log(`\na list's p95 is above ${LIST_TARGET_P95_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await closeBenchDb(db, dataDir);
  }
}

void main();

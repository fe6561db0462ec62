/**
 * Merge and undo benchmark on PostgreSQL: a person entered twice, whose older record has ten years
 * of history (a membership, a licence, a club function, a training and a licence order line per
 * year), is merged into the newer record and the merge is undone, BENCH_REQUESTS times (default 10).
 *
 *   npx tsx scripts/bench/merge-history.ts
 *
 * BENCH_DATABASE_URL / BENCH_MEMBERS as in scripts/bench/bench-db.ts (the 100,000-member database).
 * Each round makes a fresh pair (new names), times the dry run, the merge and the undo through the
 * real API in-process, and prints medians and the load average (the machine is shared).
 */
import os from 'node:os';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import { functionAssignments, members, memberTrainings, orderItems, orders } from '@/server/db/schema';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 100_000);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 10);
const YEARS = 10;
const CLUB = 11;
/** A club function that is no system role (Zeugwart, equipment warden). */
const CLUB_FUNCTION = 27;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  try {
    const app = benchApp(db, DATABASE_URL, dataDir);
    const { verband } = await signInAll(app, ['verband']);
    const call = async (path: string, body: unknown) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${verband}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const year = new Date().getFullYear();
    const times = { dryRun: [] as number[], merge: [] as number[], undo: [] as number[] };
    let moved = 0;
    console.log(`[bench] load average before: ${load()}`);
    for (let round = 0; round < ROUNDS; round++) {
      const stamp = `${Date.now().toString(36)}${round}`;
      const person = { firstName: 'Bench', surname: `Historie${stamp}`, gender: 'm' as const };
      const [older] = await db
        .insert(members)
        .values({ ...person, birthDate: '1970-05-14' })
        .returning({ id: members.id });
      const [newer] = await db
        .insert(members)
        .values({ ...person, surname: `${person.surname}x`, birthDate: '1970-05-14' })
        .returning({ id: members.id });
      await db.insert(functionAssignments).values({
        memberId: newer.id,
        orgId: CLUB,
        roleId: FUNCTION_MEMBERSHIP,
        dateFrom: `${year}-01-01`,
        dateTo: '2999-12-31',
      });
      for (let y = year - YEARS; y < year; y++) {
        // one licence order of the club a year, with the person's line
        const [order] = await db
          .insert(orders)
          .values({ orgId: CLUB, category: `BENCH_${stamp}_${y}`, status: 'Freigegeben' })
          .returning({ id: orders.id, category: orders.category });
        const ends = `${y}-12-31`;
        await db.insert(functionAssignments).values([
          { memberId: older.id, orgId: CLUB, roleId: FUNCTION_MEMBERSHIP, dateFrom: `${y}-01-01`, dateTo: ends },
          { memberId: older.id, orgId: CLUB, roleId: FUNCTION_LICENCE, dateFrom: `${y}-01-01`, dateTo: ends },
          { memberId: older.id, orgId: CLUB, roleId: CLUB_FUNCTION, dateFrom: `${y}-03-01`, dateTo: ends },
        ]);
        await db.insert(memberTrainings).values({ memberId: older.id, trainingId: 1, orgId: CLUB, dateFrom: `${y}-04-01` });
        await db
          .insert(orderItems)
          .values({ orderId: order.id, category: order.category, memberId: older.id, priceCents: 3500, label: `Lizenz ${y}` });
      }
      const request = { survivorId: newer.id, mergedId: older.id };
      let started = performance.now();
      const plan = await call('/api/v1/admin/members/merge', { ...request, dryRun: true });
      times.dryRun.push(performance.now() - started);
      started = performance.now();
      const done = await call('/api/v1/admin/members/merge', {
        ...request,
        dryRun: false,
        survivorUpdatedAt: plan.survivorUpdatedAt,
        mergedUpdatedAt: plan.mergedUpdatedAt,
      });
      times.merge.push(performance.now() - started);
      moved = (done.moves as Array<{ rows: number }>).reduce((s, m) => s + m.rows, 0);
      started = performance.now();
      await call(`/api/v1/admin/members/merge/${String(done.mergeId)}/undo`, {});
      times.undo.push(performance.now() - started);
    }
    console.log(
      `[bench] ${ROUNDS} rounds, ${moved} rows moved per merge (${YEARS} years of history): ` +
        `dry run p50 ${median(times.dryRun).toFixed(1)} ms, merge p50 ${median(times.merge).toFixed(1)} ms, undo p50 ${median(times.undo).toFixed(1)} ms`,
    );
    console.log(`[bench] load average after: ${load()}`);
  } finally {
    await closeBenchDb(db, dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

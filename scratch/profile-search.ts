import { SURNAMES, MALE_FIRST_NAMES } from '@/server/db/seed/names';
import { benchApp, benchCallerCache, closeBenchDb, openBenchDb, signInAll } from '../scripts/bench/bench-db';

const URL_ = 'postgres://postgres@127.0.0.1:5432/bench';
async function main() {
  const { db, dataDir } = await openBenchDb(URL_, 100_000);
  const callers = await benchCallerCache(URL_);
  const app = benchApp(db, URL_, dataDir, callers.cache);
  const tokens = await signInAll(app, ['verband']);
  const N = Number(process.env.N || 4000);
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const q = encodeURIComponent(`${MALE_FIRST_NAMES[i % MALE_FIRST_NAMES.length]} ${SURNAMES[(i * 7) % SURNAMES.length]}`);
    const url = process.env.HEALTH ? '/api/health' : `/api/v1/admin/members?pageSize=12&q=${q}`;
    const t = performance.now();
    const res = await app.request(url, { headers: { authorization: `Bearer ${tokens.verband}` } });
    await res.json();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log('p50', times[N >> 1].toFixed(3));
  await callers.close();
  await closeBenchDb(db, dataDir);
}
void main();

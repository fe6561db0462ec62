import { benchApp, benchCallerCache, closeBenchDb, openBenchDb, signInAll } from '../scripts/bench/bench-db';
const URL_ = 'postgres://postgres@127.0.0.1:5432/bench';
async function main() {
  const { db, dataDir } = await openBenchDb(URL_, 100_000);
  const app = benchApp(db, URL_, dataDir);
  const tokens = await signInAll(app, ['verband']);
  const res = await app.request(`/api/v1/admin/members?pageSize=12&q=${encodeURIComponent('Peter Huber')}`, { headers: { authorization: `Bearer ${tokens.verband}` } });
  const t = await res.text();
  console.log(t.length, [...res.headers].map(([k]) => k).join(','));
  console.log(t.slice(0, 1500));
  await closeBenchDb(db, dataDir);
}
void main();

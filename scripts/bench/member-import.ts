/**
 * Member import benchmark on PostgreSQL: a club imports 10,000 new members (dry run, then the
 * import of the plan, then the undo), with time and memory of each step.
 *
 *   npx tsx scripts/bench/member-import.ts
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_import; created, migrated
 * and seeded with BENCH_MEMBERS generated members, default 20,000, when it has fewer). Each step
 * is one request through the real API in-process (token and permission check, the multipart
 * upload streamed to a temporary file, reading, planning, writing). "heap peak" and "RSS peak"
 * are sampled every 10 ms while the request runs, as growth over the values before it, and the
 * resident size's peak in all (run BENCH_STEPS=dry in a fresh process to see the dry run alone).
 *
 *   BENCH_FORMAT=xlsx      the same rows as an Excel workbook (default csv)
 *   BENCH_PAD_BYTES=4000   each row gets an unmapped note column this long (a 10,000-row file near 50 MB)
 *   BENCH_STEPS=dry        only the dry run (default: dry run, import, undo)
 */
import ExcelJS from 'exceljs';
import { benchApp, closeBenchDb, openBenchDb, signInAll } from './bench-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_import';
const MEMBERS = Number(process.env.BENCH_MEMBERS || 20_000);
const ROWS = 10_000;
const FORMAT = process.env.BENCH_FORMAT === 'xlsx' ? 'xlsx' : 'csv';
const PAD = Number(process.env.BENCH_PAD_BYTES || 0);
const ONLY_DRY_RUN = process.env.BENCH_STEPS === 'dry';

function rows(): string[][] {
  let seed = 7;
  const letters = (n: number) => {
    let s = '';
    for (let k = 0; k < n; k++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      s += String.fromCharCode(97 + (seed % 26));
    }
    return s[0].toUpperCase() + s.slice(1);
  };
  const lines = [['Vorname', 'Nachname', 'Geburtsdatum', 'Geschlecht', 'Straße', 'PLZ', 'Ort', 'E-Mail', ...(PAD ? ['Notiz'] : [])]];
  const start = Date.UTC(1940, 0, 1);
  const run = Date.now().toString(36);
  for (let i = 0; i < ROWS; i++) {
    const [y, m, d] = new Date(start + i * 86_400_000).toISOString().slice(0, 10).split('-');
    lines.push([
      letters(7),
      letters(9),
      `${d}.${m}.${y}`,
      i % 2 ? 'm' : 'w',
      `Hauptstraße ${i}`,
      '2700',
      'Wiener Neustadt',
      `b${run}${i}@import.example`,
      ...(PAD ? [`${i} `.padEnd(PAD, 'x')] : []),
    ]);
  }
  return lines;
}

async function file(): Promise<{ bytes: Blob; name: string }> {
  const all = rows();
  if (FORMAT === 'csv') return { bytes: new Blob([all.map((r) => r.join(';')).join('\r\n') + '\r\n']), name: 'mitglieder.csv' };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Mitglieder');
  for (const r of all) sheet.addRow(r);
  return { bytes: new Blob([await workbook.xlsx.writeBuffer()]), name: 'mitglieder.xlsx' };
}

async function measure<T>(label: string, work: () => Promise<T>): Promise<T> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 10);
  const started = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(sampler);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(
      `${label.padEnd(10)} ${(performance.now() - started).toFixed(0).padStart(6)} ms   heap peak +${mb(heap - before.heapUsed)} MB   RSS peak +${mb(rss - before.rss)} MB   (RSS peak ${mb(rss)} MB in all)`,
    );
  }
}

async function main() {
  const { db, dataDir } = await openBenchDb(DATABASE_URL, MEMBERS);
  try {
    const app = benchApp(db, DATABASE_URL, dataDir);
    const { verein } = await signInAll(app, ['verein']);
    const upload = await file();
    const send = (query: string) => {
      const form = new FormData();
      form.append('file', upload.bytes, upload.name);
      return app.request(`/api/v1/admin/members/11/import?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${verein}` },
        body: form,
      });
    };
    globalThis.gc?.();
    console.log(
      `${ROWS} rows (${FORMAT}, ${(upload.bytes.size / 1024 / 1024).toFixed(1)} MB) into a database of ${MEMBERS}+ members; RSS before ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
    );
    const dry = await measure('dry run', async () => {
      const res = await send('dryRun=true');
      const body = (await res.json()) as { planId: string; counts: unknown };
      if (res.status !== 200) throw new Error(`dry run: ${res.status} ${JSON.stringify(body)}`);
      return body;
    });
    console.log('           counts', JSON.stringify(dry.counts));
    if (ONLY_DRY_RUN) return;
    const done = await measure('import', async () => {
      const res = await send(`planId=${dry.planId}`);
      const body = (await res.json()) as { importId: string };
      if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
      return body;
    });
    await measure('undo', async () => {
      const res = await app.request(`/api/v1/admin/members/imports/${done.importId}/undo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${verein}` },
      });
      if (res.status !== 200) throw new Error(`undo: ${res.status} ${await res.text()}`);
    });
  } finally {
    await closeBenchDb(db, dataDir);
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * PDF rendering alone, without database or HTTP: licence cards for a 500-person order and an
 * invoice run of 200 invoices, each timed (median of BENCH_RUNS, default 3) with the process's
 * peak resident memory and the bytes produced.
 *
 *   npx tsx scripts/bench/pdf-render.ts
 */
import { invoicePdf } from '../../server/reports/invoice-pdf';
import { licenceCardsPdf } from '../../server/reports/licence-cards-pdf';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const NAMES = ['Marie Kovačević', 'Łukasz Wróbel', 'Zoltán Szőke', 'Tomáš Dvořák', 'Jürgen Größ'];
const mib = (n: number) => (n / 1024 / 1024).toFixed(1);

async function timed(name: string, work: () => Promise<number>): Promise<void> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    bytes = await work();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: median ${Math.round(times[Math.floor(RUNS / 2)])} ms, ${mib(bytes)} MiB of PDF, peak RSS ${mib(process.resourceUsage().maxRSS * 1024)} MiB`,
  );
}

async function main() {
  const cards = Array.from({ length: 500 }, (_, i) => ({
    name: `${NAMES[i % NAMES.length]} ${i}`,
    birthDate: '1990-05-01',
    club: 'BSV Međimurje',
    regNr: String(10_000 + i),
    year: 2027,
    photo: null,
    qrText: `https://example.org/admin/verify#${'x'.repeat(180)}${i}`,
  }));
  await timed('licence cards, 500 persons', async () => (await licenceCardsPdf('Österreichischer Bogensportverband', cards)).length);
  await timed('invoice run, 200 invoices', async () => {
    let bytes = 0;
    for (let n = 0; n < 200; n++) {
      const pdf = await invoicePdf({
        kind: 'invoice',
        federation: 'Österreichischer Bogensportverband',
        bank: { name: 'ÖBSV', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
        invoiceNumber: `2027-${n}`,
        invoiceDate: '2026-11-27',
        orderNumber: String(n),
        reference: `RF18 ${n}`,
        category: 'Lizenz 2027',
        club: { name: 'BSV Međimurje', street: 'Ulica 1', zip: '1010', city: 'Wien', bso: null },
        lines: NAMES.map((x) => ({ text: `${x} (mit Lizenzkarte)`, grossCents: 2100 })),
        grossCents: 10_500,
        netCents: 10_500,
      });
      bytes += pdf.length;
    }
    return bytes;
  });
}

void main();

/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import type { LicenceCard } from '@/server/reports/licence-cards-pdf';
import { licenceCardsPdfOffThread, LicenceCardsBusyError, MAX_WAITING, POOL_SIZE } from '@/server/reports/licence-cards-pool';
import type { FromWorker } from '@/server/reports/licence-cards-protocol';

/**
 * Licence cards are drawn in a worker thread: the API's event loop stays nearly idle while a
 * document of many cards is drawn (other requests are not held up), the pages stream as they are
 * drawn, a client that leaves frees the worker for the next document, a card that cannot be read
 * cuts the download off, and too many waiting documents are refused. The worker entry also runs
 * bundled on its own, as the compiled server starts it.
 */

const card = (i: number): LicenceCard => ({
  name: `Person${String(i + 1).padStart(2, '0')} Kovačević`,
  birthDate: '1990-05-01',
  club: 'BSV Wien',
  regNr: String(5000 + i),
  year: 2027,
  photo: null,
  qrText: `https://example.org/verify#card-${i}`,
});
const cards = Array.from({ length: 24 }, (_, i) => card(i));

const work = mkdtempSync(path.join(tmpdir(), 'cards-worker-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
function pdfText(bytes: Buffer): { pages: string; text: string } {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return {
    pages: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
  };
}

it('draws off the event loop and streams the pages while later cards are still read', async () => {
  await bytesOf(licenceCardsPdfOffThread('Österreichischer Bogensportverband', [card(0)])); // the worker is started
  let read = 0;
  async function* source(): AsyncGenerator<LicenceCard> {
    for (const c of cards) {
      read++;
      yield c;
    }
  }
  const before = performance.eventLoopUtilization();
  const chunks: Buffer[] = [];
  let readAtFirstChunk = -1;
  for await (const chunk of licenceCardsPdfOffThread('Österreichischer Bogensportverband', source())) {
    if (readAtFirstChunk < 0) readAtFirstChunk = read;
    chunks.push(chunk as Buffer);
  }
  // drawn in-process, the loop would be busy nearly all the time
  expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.5);
  expect(readAtFirstChunk).toBeLessThan(cards.length);
  const { pages, text } = pdfText(Buffer.concat(chunks));
  expect(pages).toMatch(/Pages:\s+3\b/);
  for (const c of cards) {
    expect(text).toContain(c.name.split(' ')[0]);
    expect(text).toContain(`Lizenz-Nr. ${c.regNr}`);
  }
}, 180_000);

it('frees the worker when the client leaves, and the next document is drawn whole', async () => {
  const endless = function* () {
    for (let i = 0; ; i++) yield card(i % 50);
  };
  const first = licenceCardsPdfOffThread('Österreichischer Bogensportverband', endless());
  // the client went away after the first page
  await new Promise((resolve) => first.once('data', resolve));
  first.destroy();
  const { text } = pdfText(await bytesOf(licenceCardsPdfOffThread('Österreichischer Bogensportverband', cards.slice(0, 3))));
  expect(text).toContain('Lizenz-Nr. 5002');
}, 180_000);

it('cuts the download off when a card cannot be read', async () => {
  async function* failing(): AsyncGenerator<LicenceCard> {
    yield card(0);
    throw new Error('photo unreadable');
  }
  await expect(bytesOf(licenceCardsPdfOffThread('Österreichischer Bogensportverband', failing()))).rejects.toThrow('photo unreadable');
  // the worker draws the next document
  expect(pdfText(await bytesOf(licenceCardsPdfOffThread('Österreichischer Bogensportverband', [card(7)]))).text).toContain(
    'Lizenz-Nr. 5007',
  );
}, 180_000);

it('refuses a document when every worker is busy and the queue is full, and serves again once they finish', async () => {
  const gates: Array<() => void> = [];
  const held = async function* (): AsyncGenerator<LicenceCard> {
    await new Promise<void>((resolve) => gates.push(resolve));
    yield card(1);
  };
  const streams = Array.from({ length: POOL_SIZE + MAX_WAITING }, () =>
    licenceCardsPdfOffThread('Österreichischer Bogensportverband', held()),
  );
  const all = streams.map(bytesOf);
  // wait until the workers have asked for their first cards
  while (gates.length < POOL_SIZE) await new Promise((r) => setTimeout(r, 20));
  expect(() => licenceCardsPdfOffThread('Österreichischer Bogensportverband', [card(2)])).toThrow(LicenceCardsBusyError);
  const opened = setInterval(() => gates.splice(0).forEach((open) => open()), 10);
  try {
    for (const bytes of await Promise.all(all)) expect(pdfText(bytes).text).toContain('Lizenz-Nr. 5001');
  } finally {
    clearInterval(opened);
  }
}, 300_000);

it('runs bundled as its own entry point, as the compiled server starts it', async () => {
  // beside the project's node_modules, as dist/ is: the bundle loads its packages from there
  const bundled = path.join(process.cwd(), `.licence-cards-worker-test-${process.pid}.js`);
  await esbuild.build({
    entryPoints: [path.join(process.cwd(), 'server/reports/licence-cards-worker.ts')],
    outfile: bundled,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    logLevel: 'silent',
  });
  try {
    const worker = new Worker(bundled);
    const chunks: Buffer[] = [];
    const done = new Promise<void>((resolve, reject) => {
      let sent = false;
      worker.on('error', reject);
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') worker.postMessage({ type: 'start', federation: 'Österreichischer Bogensportverband' });
        else if (m.type === 'next') {
          worker.postMessage(sent ? { type: 'end' } : { type: 'card', card: card(3) });
          sent = true;
        } else if (m.type === 'chunk') chunks.push(Buffer.from(m.bytes));
        else if (m.type === 'done') resolve();
        else if (m.type === 'failed') reject(new Error(m.message));
      });
    });
    await done;
    await worker.terminate();
    expect(pdfText(Buffer.concat(chunks)).text).toContain('Lizenz-Nr. 5003');
  } finally {
    rmSync(bundled, { force: true });
  }
}, 180_000);

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { licenceCardsPdfStream, type LicenceCard } from './licence-cards-pdf';
import type { FromWorker, ToWorker } from './licence-cards-protocol';

/**
 * Licence-card PDFs are drawn in worker threads (licence-cards-worker.ts), never on the API's
 * event loop: drawing hundreds of cards takes seconds of CPU, and every other request of the
 * process would wait behind it. The API reads each card's data (names, photo bytes, signed QR
 * text) and hands it over when the worker asks for it; the pages come back and are streamed to
 * the client, the worker pausing while the client is slower than the drawing.
 *
 * At most POOL_SIZE workers (one per core beyond the API's own, at most two), started when first
 * needed and kept (their fonts parsed once); a document waits for a free worker, and when
 * MAX_WAITING documents already wait, the next is refused with LicenceCardsBusyError.
 *
 * The worker runs compiled (licence-cards-worker.js beside the API's bundle) or, from the
 * sources, through tsx (npm run dev, tests). When no worker can start (neither is available),
 * the cards are drawn in the API process as before, yielding after every card, with one log line.
 */

export const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const MAX_WAITING = 8;
/** Seconds a refused caller is told to wait (Retry-After of the 503 `busy` answer). */
export const BUSY_RETRY_AFTER_SECONDS = 10;
/** A worker idle this long ends (its memory returns); the next document starts a new one. */
const IDLE_MS = 5 * 60_000;

export class LicenceCardsBusyError extends Error {
  constructor() {
    super(`${MAX_WAITING} licence-card documents are already waiting to be drawn`);
    this.name = 'LicenceCardsBusyError';
  }
}

type Cards = AsyncIterable<LicenceCard> | Iterable<LicenceCard>;

type CardWorker = {
  thread: Worker;
  post: (m: ToWorker) => void;
  ready: Promise<void>;
  job: ((m: FromWorker) => void) | null;
  gone: (err: Error) => void;
  idleTimer?: NodeJS.Timeout;
};

const idle: CardWorker[] = [];
const running = new Set<CardWorker>();
const waiting: Array<{ give: (w: CardWorker) => void; fail: (err: Error) => void }> = [];
/** Why no worker can start in this process (then every document is drawn in-process). */
let unavailable: Error | null = null;

function startThread(): Worker {
  const compiled = path.join(__dirname, 'licence-cards-worker.js');
  if (existsSync(compiled)) return new Worker(compiled);
  const source = path.join(__dirname, 'licence-cards-worker.ts');
  const tsx = createRequire(path.join(process.cwd(), 'package.json')).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(source)});`, { eval: true });
}

function spawn(): CardWorker {
  const thread = startThread();
  thread.unref();
  let started = false;
  let lostAlready = false;
  const w: CardWorker = {
    thread,
    post: (m) => thread.postMessage(m),
    job: null,
    gone: () => undefined,
    ready: new Promise<void>((resolve, reject) => {
      thread.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          started = true;
          resolve();
        } else w.job?.(m);
      });
      const lost = (err: Error) => {
        if (lostAlready) return;
        lostAlready = true;
        running.delete(w);
        const at = idle.indexOf(w);
        if (at >= 0) idle.splice(at, 1);
        if (!started) reject(err);
        else w.gone(err);
        // a document waiting for this worker gets a new one
        if (waiting.length > 0) void supply();
      };
      thread.on('error', lost);
      thread.on('exit', (code) => lost(new Error(`the licence-card worker ended (exit code ${code})`)));
    }),
  };
  running.add(w);
  return w;
}

async function supply(): Promise<void> {
  const next = waiting.shift();
  if (!next) return;
  try {
    const w = spawn();
    await w.ready;
    next.give(w);
  } catch (err) {
    next.fail(err instanceof Error ? err : new Error(String(err)));
  }
}

function acquire(): Promise<CardWorker> {
  if (unavailable) return Promise.reject(unavailable);
  const free = idle.pop();
  if (free) {
    clearTimeout(free.idleTimer);
    running.add(free);
    return Promise.resolve(free);
  }
  if (running.size >= POOL_SIZE && waiting.length >= MAX_WAITING) throw new LicenceCardsBusyError();
  return new Promise((give, fail) => {
    waiting.push({ give, fail });
    if (running.size < POOL_SIZE) void supply();
  });
}

function release(w: CardWorker): void {
  w.job = null;
  w.gone = () => undefined;
  w.thread.unref();
  const next = waiting.shift();
  if (next) next.give(w);
  else {
    running.delete(w);
    idle.push(w);
    w.idleTimer = setTimeout(() => void w.thread.terminate(), IDLE_MS).unref();
  }
}

/**
 * The licence cards as a PDF stream drawn in a worker thread (see above); throws
 * LicenceCardsBusyError when too many documents already wait.
 */
export function licenceCardsPdfOffThread(federation: string, cards: Cards): Readable {
  const out = new PassThrough();
  acquire().then(
    (w) => draw(w, federation, cards, out),
    (err: Error) => {
      if (!unavailable) {
        unavailable = err;
        console.error('[reports] licence cards are drawn in the API process: no worker thread could start:', err.message);
      }
      // the documented fallback: drawn here, yielding to other requests after every card
      if (!out.destroyed) pipeline(licenceCardsPdfStream(federation, cards), out, () => undefined);
    },
  );
  return out;
}

function draw(w: CardWorker, federation: string, cards: Cards, out: PassThrough): void {
  if (out.destroyed) return release(w); // the client left while the document waited for a worker
  const iterator = Symbol.asyncIterator in cards ? cards[Symbol.asyncIterator]() : cards[Symbol.iterator]();
  let finished = false;
  let cancelled = false;
  let paused = false;
  let failure: Error | null = null;
  w.thread.ref(); // the process waits for a document being drawn
  const finish = (err: Error | null) => {
    if (finished) return;
    finished = true;
    out.off('close', onClose);
    if (err) out.destroy(err);
    else if (!out.destroyed) out.end();
  };
  const onClose = () => {
    // the client went away: the worker stops after the card it is drawing
    if (finished || cancelled) return;
    cancelled = true;
    w.post({ type: 'cancel' });
    void iterator.return?.();
  };
  out.on('close', onClose);
  w.gone = (err) => finish(failure ?? err);
  w.job = (m) => {
    if (m.type === 'next') {
      Promise.resolve(iterator.next()).then(
        (r) => {
          if (cancelled || finished) return;
          w.post(r.done ? { type: 'end' } : { type: 'card', card: r.value });
        },
        (err: unknown) => {
          failure = err instanceof Error ? err : new Error(String(err));
          if (!cancelled && !finished) w.post({ type: 'fail', message: failure.message });
        },
      );
    } else if (m.type === 'chunk') {
      if (out.destroyed || out.write(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength)) || paused) return;
      paused = true;
      w.post({ type: 'pause' });
      out.once('drain', () => {
        paused = false;
        if (!finished) w.post({ type: 'resume' });
      });
    } else if (m.type === 'done' || m.type === 'failed') {
      release(w);
      finish(m.type === 'failed' && !cancelled ? (failure ?? new Error(m.message)) : null);
    }
  };
  w.post({ type: 'start', federation });
}

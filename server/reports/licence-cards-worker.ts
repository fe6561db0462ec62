/**
 * Worker thread that draws licence-card PDFs (started by licence-cards-pool.ts), so hundreds of
 * cards never hold the API's event loop. Its own entry point: the compiled server bundles it as
 * dist/licence-cards-worker.js next to the API.
 *
 * One document at a time, with the same drawing code as in the API process (fonts parsed once per
 * worker). The worker pulls: it asks for the next card ('next') only after the previous one is
 * drawn and while the reader is not paused, so neither cards nor pages pile up. The document's
 * bytes go back after every card as one chunk, then 'done' (or 'failed' with the reason).
 */
import { parentPort } from 'node:worker_threads';
import { licenceCardsPdfStream, type LicenceCard } from './licence-cards-pdf';
import type { FromWorker, ToWorker, WireCard } from './licence-cards-protocol';

const port = parentPort;
if (!port) throw new Error('licence-cards-worker runs as a worker thread');

function post(message: FromWorker, transfer: ArrayBuffer[] = []) {
  port!.postMessage(message, transfer);
}

type Job = {
  paused: boolean;
  cancelled: boolean;
  deliver: ((card: WireCard | null) => void) | null;
  wake: (() => void) | null;
  failure: Error | null;
};
let job: Job | null = null;

function startJob(federation: string) {
  const current: Job = { paused: false, cancelled: false, deliver: null, wake: null, failure: null };
  job = current;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    // a fresh buffer of its own (never one of Buffer's shared pools) so it can be handed over without a copy
    const bytes = new Uint8Array(pendingBytes);
    let at = 0;
    for (const c of pending) {
      bytes.set(c, at);
      at += c.length;
    }
    pending = [];
    pendingBytes = 0;
    post({ type: 'chunk', bytes }, [bytes.buffer]);
  };

  async function* cards(): AsyncGenerator<LicenceCard> {
    for (;;) {
      flush();
      while (current.paused && !current.cancelled) await new Promise<void>((resolve) => (current.wake = resolve));
      if (current.cancelled) return;
      const card = await new Promise<WireCard | null>((resolve) => {
        current.deliver = resolve;
        post({ type: 'next' });
      });
      current.deliver = null;
      if (current.failure) throw current.failure;
      if (!card) return;
      yield { ...card, photo: card.photo ? Buffer.from(card.photo.buffer, card.photo.byteOffset, card.photo.byteLength) : null };
    }
  }

  const doc = licenceCardsPdfStream(federation, cards());
  doc.on('data', (c: Buffer) => {
    pending.push(c);
    pendingBytes += c.length;
  });
  doc.on('end', () => {
    flush();
    job = null;
    post({ type: 'done' });
  });
  doc.on('error', (err: Error) => {
    job = null;
    post({ type: 'failed', message: err.message });
  });
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'start') return startJob(m.federation);
  if (!job) return;
  if (m.type === 'card') job.deliver?.(m.card);
  else if (m.type === 'end') job.deliver?.(null);
  else if (m.type === 'fail') {
    job.failure = new Error(m.message);
    job.deliver?.(null);
  } else if (m.type === 'pause') job.paused = true;
  else if (m.type === 'resume' || m.type === 'cancel') {
    if (m.type === 'cancel') {
      job.cancelled = true;
      job.deliver?.(null);
    }
    job.paused = false;
    job.wake?.();
  }
});

post({ type: 'ready' });

import type { LicenceCard } from './licence-cards-pdf';

/** The messages between the API and the licence-card worker (licence-cards-worker.ts). */

/** A card as it crosses to the worker: the photo's bytes arrive as a plain Uint8Array. */
export type WireCard = Omit<LicenceCard, 'photo'> & { photo: Uint8Array | null };

export type ToWorker =
  | { type: 'start'; federation: string }
  | { type: 'card'; card: WireCard }
  | { type: 'end' }
  | { type: 'fail'; message: string }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel' };

export type FromWorker =
  { type: 'ready' } | { type: 'next' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string };

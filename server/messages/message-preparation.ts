import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { writeRecipientBatch } from '../services/messages/recipients';

/**
 * The preparation job, run by the outbox worker inside the API process: it writes the
 * notifications and outbox rows of messages whose audience was too big to write inside the
 * request (table message_preparations). It claims one message at a time with a row lock (FOR
 * UPDATE SKIP LOCKED, so several API processes never take the same one) for a lease, writes
 * batches, each committed together with the progress, and lets the claim go after a few batches so
 * the outbox sends meanwhile. A worker that dies leaves its claim; once the lease has run out
 * another takes the message and goes on from the last committed batch: nobody is written twice.
 */

export type PreparationOptions = {
  /** Recipients written per batch (one transaction). */
  batchSize: number;
  /** How long a claim holds without a batch being written. */
  leaseMs: number;
  /** Batches written before the claim is let go (the worker then sends a round of deliveries). */
  maxBatches?: number;
  /** True once the worker was abandoned: nothing more is written. */
  stopped?: () => boolean;
};

/** One claim-and-write pass by `workerId`; answers how many batches it wrote. */
export async function prepareMessages(db: Db, workerId: string, options: PreparationOptions): Promise<number> {
  const { batchSize, leaseMs } = options;
  const maxBatches = options.maxBatches ?? 5;
  const stopped = options.stopped ?? (() => false);
  const claimed = await db.execute(sql`
    with due as (
      select message_id from message_preparations
      where claimed_until is null or claimed_until < now()
      order by message_id
      limit 1
      for update skip locked
    )
    update message_preparations p
    set claimed_by = ${workerId}, claimed_until = now() + ${leaseMs} * interval '1 millisecond'
    from due
    where p.message_id = due.message_id
    returning p.message_id`);
  if (claimed.rows.length === 0) return 0;
  const messageId = Number(claimed.rows[0].message_id);
  let batches = 0;
  while (batches < maxBatches && !stopped()) {
    const progress = await db.transaction((tx) => writeRecipientBatch(tx, messageId, batchSize, { by: workerId, leaseMs }));
    if (!progress) return batches; // finished, deleted, or taken over
    batches++;
    if (progress.done >= progress.total) return batches;
  }
  if (!stopped()) {
    await db.execute(
      sql`update message_preparations set claimed_by = null, claimed_until = null where message_id = ${messageId} and claimed_by = ${workerId}`,
    );
  }
  return batches;
}

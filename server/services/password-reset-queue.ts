import { sql } from 'drizzle-orm';
import type { AppDeps } from '../http/context';
import { deliverPasswordReset } from './auth';

/**
 * The worker's side of password-reset requests (table password_reset_requests): claims due
 * requests with row locks (FOR UPDATE SKIP LOCKED, so several API processes share them and never
 * take the same one) for a lease, hands each to deliverPasswordReset and removes it once done. A
 * mail that could not be sent is tried again after a wait, at most MAX_ATTEMPTS times; a worker
 * that dies leaves its claim, which another takes once the lease has run out.
 */

export const MAX_ATTEMPTS = 3;

export type ResetQueueDeps = Pick<AppDeps, 'db' | 'env' | 'mailer' | 'clock'>;

export type ResetQueueOptions = { batchSize?: number; leaseMs?: number; retryMs?: number; log?: (line: string) => void };

/** One claim-and-handle pass by `workerId`; answers how many requests it handled. */
export async function handlePasswordResetRequests(
  deps: ResetQueueDeps,
  workerId: string,
  options: ResetQueueOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const retryMs = options.retryMs ?? 60_000;
  const log = options.log ?? ((line: string) => console.error(line));
  const claimed = await deps.db.execute(sql`
    with due as (
      select id from password_reset_requests
      where next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
      order by id
      limit ${batchSize}
      for update skip locked
    )
    update password_reset_requests r
    set claimed_by = ${workerId}, claimed_until = now() + ${leaseMs} * interval '1 millisecond', attempts = r.attempts + 1
    from due
    where r.id = due.id
    returning r.id, r.email, r.attempts`);
  const rows = (claimed.rows as Array<{ id: number; email: string; attempts: number }>).sort((a, b) => a.id - b.id);
  for (const row of rows) {
    try {
      await deliverPasswordReset(deps, row.email);
    } catch (err) {
      if (row.attempts < MAX_ATTEMPTS) {
        log(`[auth] password-reset mail failed (attempt ${row.attempts}, tried again): ${(err as Error).message}`);
        await deps.db.execute(sql`
          update password_reset_requests
          set claimed_by = null, claimed_until = null, next_attempt_at = now() + ${retryMs * row.attempts} * interval '1 millisecond'
          where id = ${row.id} and claimed_by = ${workerId}`);
        continue;
      }
      log(`[auth] password-reset mail failed ${row.attempts} times, given up: ${(err as Error).message}`);
    }
    await deps.db.execute(sql`delete from password_reset_requests where id = ${row.id} and claimed_by = ${workerId}`);
  }
  return rows.length;
}

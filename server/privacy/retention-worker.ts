import type { Db } from '../db/client';
import type { Env } from '../env';
import { runRetention, type RetentionReport } from '../services/privacy/retention';

/**
 * Runs the retention job (server/services/privacy/retention.ts) inside the API process, like the
 * outbox worker: nightly at 03:00 UTC, then every 24 hours. Every API process runs it; the job's
 * advisory lock lets one at a time through and a second run finds nothing left to do.
 */

/** Milliseconds from `now` until the next `hour`:00 UTC. */
export function msUntilNextHourUtc(now: Date, hour: number): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

export type RetentionWorker = { start(): void; stop(): Promise<void>; runOnce(): Promise<RetentionReport> };

export function createRetentionWorker(options: {
  db: Db;
  env: Pick<Env, 'retentionFormerMemberYears' | 'uploadDir'>;
  clock?: () => Date;
  firstRunMs?: number;
  everyMs?: number;
  log?: (line: string) => void;
}): RetentionWorker {
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const runOnce = () =>
    runRetention(options.db, { now: clock(), formerMemberYears: options.env.retentionFormerMemberYears, uploadDir: options.env.uploadDir });

  const tick = (delay: number) => {
    timer = setTimeout(async () => {
      running = runOnce()
        .then((r) => {
          if (r.formerMembers.length || r.resetTokens || r.sessions || r.outboxRows) {
            log(
              `[retention] anonymised ${r.formerMembers.length} former members, removed ${r.resetTokens} reset links and ${r.sessions} sessions, cleared ${r.outboxRows} outbox rows`,
            );
          }
        })
        .catch((err: Error) => log(`[retention] failed: ${err.message}`));
      await running;
      running = null;
      if (timer) tick(options.everyMs ?? 86_400_000);
    }, delay);
    timer.unref();
  };

  return {
    start: () => tick(options.firstRunMs ?? msUntilNextHourUtc(clock(), 3)),
    stop: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}

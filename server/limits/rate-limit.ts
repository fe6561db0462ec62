import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * Limits on how often one key (a caller, a client) may do something, counted in the database
 * (table rate_limit_hits), so a restart hands out no fresh tries and several API processes share
 * one count. A scope may have several windows (e.g. per hour and per day); over any of them → the
 * attempt is refused until enough counted attempts have left that window.
 *
 * Counted atomically, without locks, as the sign-in limit is (login-rate-limit.ts beside it):
 * an attempt first inserts its row (committed at once), then counts every row of its windows.
 * Rows of attempts let through stay until `forget` (the attempt turned out not to count) or until
 * they leave the longest window, so of any max + 1 of them the one committed last would have seen
 * them all and been refused: however many arrive in parallel, at most `max` get through. A refused
 * attempt removes its row again.
 */

export type RateWindow = { max: number; windowMs: number };
export type RateScope = { name: string; windows: readonly RateWindow[] };

/** `remaining`: how many more attempts the key gets now, should this one stand (0: it was the last). */
export type RateVerdict = { limited: false; hitId: number; remaining: number } | { limited: true; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 5 * 60 * 1000;

/**
 * When `attempts` (oldest first, every one inside the window) leave fewer than `max` in the
 * window: the moment the oldest of the last `max` leaves it. The rule shared by every counted limit.
 */
export function freedAt(attempts: ReadonlyArray<{ at: Date }>, max: number, windowMs: number): number {
  return attempts[attempts.length - max].at.getTime() + windowMs;
}

export class RateLimiter {
  private readonly lastPrune = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Counts this attempt of `key`; not limited: go on (its row stands unless `forget` removes it). */
  async begin(scope: RateScope, key: string): Promise<RateVerdict> {
    const now = this.clock();
    const longest = Math.max(...scope.windows.map((w) => w.windowMs));
    await this.prune(scope.name, now, longest);
    const [mine] = await this.db.insert(rateLimitHits).values({ scope: scope.name, key, at: now }).returning({ id: rateLimitHits.id });
    const recent = await this.db
      .select({ id: rateLimitHits.id, at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.scope, scope.name), eq(rateLimitHits.key, key), gte(rateLimitHits.at, new Date(now.getTime() - longest))))
      .orderBy(asc(rateLimitHits.at), asc(rateLimitHits.id));
    // Every visible attempt counts, also those that started after this one: only then does the
    // last of any max + 1 parallel attempts surely see them all.
    const others = recent.filter((r) => r.id !== mine.id);
    const waits: number[] = [];
    let remaining = Infinity;
    for (const w of scope.windows) {
      const since = now.getTime() - w.windowMs;
      const inWindow = others.filter((r) => r.at.getTime() >= since);
      if (inWindow.length >= w.max) waits.push(freedAt(inWindow, w.max, w.windowMs));
      remaining = Math.min(remaining, w.max - inWindow.length - 1);
    }
    if (waits.length === 0) return { limited: false, hitId: mine.id, remaining };
    await this.forget(mine.id);
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...waits) - now.getTime()) / 1000)) };
  }

  /** The attempt does not count after all (e.g. it succeeded where only failures count). */
  async forget(hitId: number): Promise<void> {
    await this.db.delete(rateLimitHits).where(eq(rateLimitHits.id, hitId));
  }

  private async prune(scope: string, now: Date, windowMs: number) {
    if (now.getTime() - (this.lastPrune.get(scope) ?? 0) < PRUNE_EVERY_MS) return;
    this.lastPrune.set(scope, now.getTime());
    await this.db
      .delete(rateLimitHits)
      .where(and(eq(rateLimitHits.scope, scope), lt(rateLimitHits.at, new Date(now.getTime() - windowMs))));
  }
}

import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

/**
 * Failed sign-ins per (e-mail address, client IP): after MAX_FAILURES within WINDOW the pair is
 * refused with 429 until its oldest counted failure leaves the window.
 *
 * Kept in the database (table login_failures), not in memory, because:
 * - a restart of the API must not hand an attacker a fresh set of tries;
 * - on PostgreSQL several API processes may run behind a balancer, and they must share one count.
 * The cost is one insert per *failed* sign-in (successful ones only delete). Rows older than the
 * window are deleted when their pair is checked again, and all of them every few minutes, so a
 * flood of made-up addresses cannot grow the table without bound.
 *
 * Keyed by address AND client so one attacker cannot lock a user out everywhere (other clients
 * keep their own tries) and one client cannot try endless passwords for one address.
 */

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;

export type RateLimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

const normalise = (email: string) => email.trim().toLowerCase();

export class LoginRateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async check(email: string, client: string): Promise<RateLimitVerdict> {
    const now = this.clock().getTime();
    const since = new Date(now - WINDOW_MS);
    const key = and(eq(loginFailures.email, normalise(email)), eq(loginFailures.client, client));
    await this.db.delete(loginFailures).where(and(key, lt(loginFailures.failedAt, since)));
    const recent = await this.db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(key, gte(loginFailures.failedAt, since)))
      .orderBy(asc(loginFailures.failedAt));
    if (recent.length < MAX_FAILURES) return { limited: false };
    // Free again when enough failures have aged out that fewer than MAX_FAILURES remain.
    const freeingFailure = recent[recent.length - MAX_FAILURES].failedAt.getTime();
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((freeingFailure + WINDOW_MS - now) / 1000)) };
  }

  async recordFailure(email: string, client: string): Promise<void> {
    const now = this.clock();
    await this.db.insert(loginFailures).values({ email: normalise(email), client, failedAt: now });
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await this.db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
    }
  }

  /** A successful sign-in forgets the pair's failures. */
  async reset(email: string, client: string): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.email, normalise(email)), eq(loginFailures.client, client)));
  }
}

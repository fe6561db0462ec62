import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { freedAt } from './rate-limit';

/**
 * Sign-in limits, counted in the database (table login_failures):
 * - per (e-mail address, client IP): MAX_FAILURES failed sign-ins within WINDOW;
 * - per client IP across all addresses: MAX_CLIENT_FAILURES within WINDOW, so one client cannot
 *   try a few passwords on each of many addresses.
 * Over a limit → 429 until the oldest counted failure leaves the window.
 *
 * Kept in the database, not in memory, because a restart must not hand an attacker a fresh set
 * of tries, and several API processes on PostgreSQL must share one count.
 *
 * Counted atomically, without locks: an attempt first inserts its row (committed at once), then
 * counts every row of the window. Rows of attempts that were let through are never removed
 * (except by a success), so of any MAX_FAILURES + 1 of them the one committed last would have seen
 * them all and been refused: however many arrive in parallel, at most MAX_FAILURES passwords are
 * checked. A refused attempt removes its row again (it checked no password); a failed one keeps
 * it as the failure; a successful one clears the pair. Rows older than the window are pruned.
 *
 * Keyed by address AND client so one attacker cannot lock a user out everywhere. The other counted
 * limits (./rate-limit.ts) count the same way, in a table of their own.
 */

export const MAX_FAILURES = 5;
/** Per client IP, all addresses together: generous for an office behind one NAT address, tight for a sweep. */
export const MAX_CLIENT_FAILURES = 20;
export const WINDOW_MS = 15 * 60 * 1000;
const PRUNE_EVERY_MS = 5 * 60 * 1000;

/** `lastTry`: should this attempt fail, the address (or the client) is locked out from now on. */
export type RateLimitVerdict = { limited: false; lastTry: boolean; attemptId: number } | { limited: true; retryAfterSeconds: number };

const normalise = (email: string) => email.trim().toLowerCase();

export class LoginRateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Counts this attempt (before the password is checked). Not limited: go on and check it; its
   * row stands as a failure unless `succeeded` clears it.
   */
  async begin(email: string, client: string): Promise<RateLimitVerdict> {
    const now = this.clock();
    const since = new Date(now.getTime() - WINDOW_MS);
    await this.prune(now);
    const address = normalise(email);
    const [mine] = await this.db
      .insert(loginFailures)
      .values({ email: address, client, failedAt: now })
      .returning({ id: loginFailures.id });
    const recent = await this.db
      .select({ id: loginFailures.id, email: loginFailures.email, at: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.client, client), gte(loginFailures.failedAt, since)))
      .orderBy(asc(loginFailures.failedAt), asc(loginFailures.id));
    // Every visible attempt counts, also those that started after this one: only then does the
    // last of any MAX_FAILURES + 1 parallel attempts surely see them all.
    const others = recent.filter((r) => r.id !== mine.id);
    const pair = others.filter((r) => r.email === address);
    const waits: number[] = [];
    if (pair.length >= MAX_FAILURES) waits.push(freedAt(pair, MAX_FAILURES, WINDOW_MS));
    if (others.length >= MAX_CLIENT_FAILURES) waits.push(freedAt(others, MAX_CLIENT_FAILURES, WINDOW_MS));
    if (waits.length === 0)
      return {
        limited: false,
        lastTry: pair.length === MAX_FAILURES - 1 || others.length === MAX_CLIENT_FAILURES - 1,
        attemptId: mine.id,
      };
    await this.db.delete(loginFailures).where(eq(loginFailures.id, mine.id));
    const until = Math.max(...waits);
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  /** A successful sign-in forgets the pair's failures (and its own attempt). */
  async succeeded(email: string, client: string): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.email, normalise(email)), eq(loginFailures.client, client)));
  }

  /**
   * A right password whose second factor is still due: only this attempt stops counting. The
   * pair's earlier failures (wrong codes among them) stand until the second factor succeeds, so
   * signing in with the password again never hands out fresh tries at the code.
   */
  async passed(attemptId: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
  }

  private async prune(now: Date) {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    await this.db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
  }
}

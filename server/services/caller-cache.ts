import type { Caller } from './access';

/**
 * Signed-in callers this API process has read (live session, member, system roles: the caller
 * statement of sessions.ts), kept so that the next requests of the same session need no statement
 * of their own.
 *
 * The database says when to forget: every change to the tables the caller statement reads sends a
 * notification (migration 0027, a trigger per table), and on each one the process forgets every
 * caller it keeps (invalidate). So a sign-out, a password change, a removed role or a renamed
 * organisation through any process reaches every process as soon as PostgreSQL delivers the
 * notification. The cache keeps nothing while it cannot hear them (paused): not before the process
 * listens, and not from a lost connection until it listens again.
 *
 * A caller is kept for at most MAX_AGE_MS (a bound in case a notification went missing unnoticed),
 * never past the session's end, and only for the day it was read on (roles begin and end by day).
 */

/** How long a caller is kept at most. */
export const CALLER_MAX_AGE_MS = 30_000;
/** How many callers a process keeps at most; the oldest is forgotten first. */
export const CALLER_CACHE_SIZE = 10_000;

type Entry = { caller: Caller; sessionEndsAt: number; keptUntil: number };

export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private listening = false;

  /** The key of a session's caller on `today` (roles are read per day). */
  static key(memberId: number, sessionId: string, today: string): string {
    return `${memberId}\u0000${sessionId}\u0000${today}`;
  }

  /** The kept caller, when there is one still good at `now`. */
  get(key: string, now: Date): Caller | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const t = now.getTime();
    if (t >= entry.keptUntil || t >= entry.sessionEndsAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.caller;
  }

  /**
   * A mark to take before reading a caller from the database, for `keep`: a caller read before a
   * change whose notification arrived meanwhile is not kept.
   */
  mark(): number {
    return this.generation;
  }

  /** Keeps a caller read after `mark` (nothing when a change was heard since, or while paused). */
  keep(key: string, caller: Caller, sessionEndsAt: Date, mark: number, now: Date): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= CALLER_CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { caller, sessionEndsAt: sessionEndsAt.getTime(), keptUntil: now.getTime() + CALLER_MAX_AGE_MS });
  }

  /** A change was heard (or may have been missed): forget everything. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Notifications arrive from now on (listening again after a lost connection: forget what was kept before). */
  resume(): void {
    this.invalidate();
    this.listening = true;
  }

  /** Notifications can no longer arrive: keep nothing until resume. */
  pause(): void {
    this.listening = false;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}

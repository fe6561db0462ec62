/**
 * The public licence-status check's limit: MAX_CHECKS per client IP within WINDOW_MS (a sliding
 * window); over it → 429 until the oldest counted check leaves the window.
 *
 * Counted in this process's memory, unlike the sign-in limit: the check guards no secret (it
 * needs a card the federation signed and answers only valid / revoked / unknown), so the limit
 * only keeps one client from loading the API and the database. A restart handing out fresh
 * counts costs nothing, and counting in the database would turn every flood request into a
 * write. Several API processes each count on their own (the limit is then per process).
 *
 * At most MAX_CLIENTS addresses are tracked; when full, expired ones are dropped first, then the
 * longest-tracked one, so memory stays bounded whatever addresses a flood comes from.
 */

/** A verifier at a tournament's check-in scans a card every few seconds at most; 30 a minute leaves room for several behind one address. */
export const MAX_CHECKS = 30;
export const WINDOW_MS = 60 * 1000;
export const MAX_CLIENTS = 10_000;

export type LimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

export class LicenceStatusLimiter {
  private readonly checks = new Map<string, number[]>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Counts one check of `client`, unless it is over the limit. */
  take(client: string): LimitVerdict {
    const now = this.clock().getTime();
    const since = now - WINDOW_MS;
    const recent = (this.checks.get(client) ?? []).filter((t) => t > since);
    if (recent.length >= MAX_CHECKS) {
      this.checks.set(client, recent);
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((recent[recent.length - MAX_CHECKS] + WINDOW_MS - now) / 1000)) };
    }
    recent.push(now);
    this.checks.delete(client);
    if (this.checks.size >= MAX_CLIENTS) this.makeRoom(since);
    this.checks.set(client, recent);
    return { limited: false };
  }

  private makeRoom(since: number) {
    for (const [client, times] of this.checks) if (times[times.length - 1] <= since) this.checks.delete(client);
    // Map keeps insertion order, and a client is re-inserted on each check: the first is the longest idle.
    while (this.checks.size >= MAX_CLIENTS) this.checks.delete(this.checks.keys().next().value!);
  }
}

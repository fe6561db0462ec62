import { Client } from 'pg';
import { CallerCache } from '../services/caller-cache';

/** The channel migration 0027's triggers notify on a change to what the caller statement reads. */
export const CALLER_CHANGED_CHANNEL = 'caller_changed';

/** Wait before listening again after the connection was lost (the database restarting, say). */
const RETRY_MS = 1_000;

export type CallerChangeListener = {
  /** The callers this process keeps: only while the listener listens (paused otherwise). */
  cache: CallerCache;
  /** Settles once the first LISTEN has succeeded (or failed: the cache stays paused and it retries). */
  ready: Promise<void>;
  close: () => Promise<void>;
};

/**
 * A process's caller cache with what keeps it true: a connection of its own (PostgreSQL) that
 * listens for `caller_changed` and makes the cache forget on each notification. The cache keeps
 * callers only while this connection listens: it is paused from the moment the connection fails
 * until LISTEN succeeds again, because a change made in between would never be heard.
 */
export function listenForCallerChanges(databaseUrl: string): CallerChangeListener {
  const cache = new CallerCache();
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let settle: () => void = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    const current = new Client({ connectionString: databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = current;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      cache.pause();
      current.removeAllListeners('notification');
      void current.end().catch(() => {});
      if (closed) return;
      console.error(`[api] lost the caller-change listener (${reason}); callers are read on every request until it is back`);
      retry = setTimeout(() => void connect(), RETRY_MS);
      retry.unref();
    };
    current.on('notification', () => cache.invalidate());
    current.on('error', (err) => onLost(err.message));
    current.on('end', () => onLost('connection ended'));
    try {
      await current.connect();
      await current.query(`LISTEN ${CALLER_CHANGED_CHANNEL}`);
      if (!lost && !closed) cache.resume();
    } catch (err) {
      onLost((err as Error).message);
    } finally {
      settle();
    }
  };
  void connect();

  return {
    cache,
    ready,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      cache.pause();
      await client?.end().catch(() => {});
    },
  };
}

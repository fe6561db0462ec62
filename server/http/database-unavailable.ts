import type { Context } from 'hono';
import type { ErrorBody } from './errors';

/**
 * While the database cannot be reached (server down or restarting, connection dropped, embedded
 * database closed), a request failed through no fault of its own and will succeed again shortly:
 * the API answers 503 with Retry-After instead of 500, so clients and the admin app retry later.
 */

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not yet there: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), and class 08,
 * connection exceptions.
 */
function isConnectionSqlState(code: string): boolean {
  return code === '57P01' || code === '57P02' || code === '57P03' || /^08[0-9A-Z]{3}$/.test(code);
}

/** What node-postgres and PGlite say when there is no connection to run a statement on. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/, // the server closed the connection (restart, pg_terminate_backend) or a connect timeout
  /^timeout exceeded when trying to connect/, // pool connect timeout
  /is not queryable/, // a client whose connection failed earlier
  /^PGlite is closed/, // the embedded database was closed (shutting down)
  /^Cannot use a pool after calling end on the pool/, // the PostgreSQL pool was closed (shutting down)
];

function isConnectionError(e: object): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || isConnectionSqlState(code))) return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((m) => m.test(message));
}

/**
 * The connection error `err` is or wraps (drizzle's DrizzleQueryError `cause`, an AggregateError's
 * `errors` of a connect attempt to several addresses), or null when the database was reachable.
 */
export function connectionErrorOf(err: unknown, depth = 0): { code?: unknown; message?: unknown } | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  if (isConnectionError(err)) return err;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  const inner = connectionErrorOf(cause, depth + 1);
  if (inner) return inner;
  if (!Array.isArray(errors)) return null;
  for (const e of errors) {
    const found = connectionErrorOf(e, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The 503 answer for an unreachable database, or null when `err` is something else. */
export function databaseUnavailableResponse(err: unknown, c: Context): Response | null {
  const cause = connectionErrorOf(err);
  if (!cause) return null;
  // the connection error itself, not the failed statement (whose parameters may hold a session id)
  console.warn(`[api] ${c.req.method} ${c.req.path}: database not reachable (${String(cause.code ?? '')}): ${String(cause.message ?? '')}`);
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return c.json({ error: { code: 'unavailable', message: 'The database is not reachable; try again shortly.' } } satisfies ErrorBody, 503);
}

import { unsealData, type SessionOptions } from 'iron-session';

/**
 * The sealed session cookie, without Next's request APIs: used by lib/session.ts (server components,
 * actions), proxy.ts, the API route handler and the admin server (scripts/admin-server.ts).
 */

/** What the sealed `auth` cookie holds. The browser never sees the token in clear. */
export interface SessionData {
  token?: string;
  email?: string;
  /**
   * Half signed in: the password was right, the second factor (stage `verify`) or the enrolment a
   * policy demands (stage `enrol`) is still due. The API's half-signed-in token opens nothing but
   * that step; it is not a session (no `token`).
   */
  pending?: { token: string; stage: 'verify' | 'enrol'; methods: string[]; email: string };
}

export const SESSION_COOKIE = 'auth';
export const SESSION_PATH = '/admin';

function sessionPassword(): string {
  const secret = process.env.SESSION_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error('SESSION_SECRET must be set to a string of at least 32 characters (it seals the session cookie).');
  }
  return secret;
}

export function sessionOptions(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: sessionPassword(),
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      path: SESSION_PATH,
      secure: process.env.NODE_ENV === 'production' && process.env.SESSION_INSECURE_COOKIE !== '1',
    },
  };
}

/**
 * Reads a raw cookie value without touching next/headers, for proxy.ts and the API route handler.
 * A forged, stale-password or garbled cookie counts as no session.
 * A cookie read once is remembered for a short while (see rememberedSession), so a page's many
 * proxied requests do not each pay for decrypting it.
 */
export async function readSessionCookie(value: string | undefined): Promise<SessionData | null> {
  if (!value) return null;
  const password = sessionPassword();
  const remembered = rememberedSession(value, password, Date.now());
  if (remembered) return remembered;
  try {
    const data = await unsealData<SessionData>(value, { password });
    if (!(data && typeof data.token === 'string' && data.token)) return null;
    remember(value, password, data, Date.now());
    return data;
  } catch {
    return null;
  }
}

/** How long an opened cookie is remembered: never past the seal's own expiry. */
export const SESSION_MEMORY_MS = 30_000;
/** At most this many cookies are remembered (the oldest is forgotten first). */
export const SESSION_MEMORY_ENTRIES = 1000;
const opened = new Map<string, { password: string; data: SessionData; until: number }>();

function rememberedSession(value: string, password: string, now: number): SessionData | null {
  const entry = opened.get(value);
  if (!entry) return null;
  if (entry.until <= now || entry.password !== password) {
    opened.delete(value);
    return null;
  }
  return entry.data;
}

function remember(value: string, password: string, data: SessionData, now: number) {
  const expires = sealExpiry(value);
  const until = Math.min(now + SESSION_MEMORY_MS, expires ?? Infinity);
  if (until <= now) return;
  opened.delete(value);
  if (opened.size >= SESSION_MEMORY_ENTRIES) opened.delete(opened.keys().next().value as string);
  opened.set(value, { password, data: Object.freeze({ ...data }), until });
}

/**
 * The expiry (ms since the epoch) an iron seal carries in its sixth field
 * (`Fe26.2*id*salt*iv*data*expiration*hmacSalt*hmac`, followed by `~<version>` from
 * iron-session), or null when it has none.
 */
export function sealExpiry(value: string): number | null {
  const expiration = value.split('~')[0].split('*')[5];
  const ms = expiration ? Number(expiration) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** Forgets every remembered cookie (tests; a changed SESSION_SECRET is already told apart). */
export function forgetOpenedSessions() {
  opened.clear();
}

/** A Set-Cookie header value that removes the session cookie (used where no cookie store is at hand). */
export function clearSessionCookieHeader(): string {
  const secure = sessionOptions().cookieOptions?.secure ? '; Secure' : '';
  return `${SESSION_COOKIE}=; Path=${SESSION_PATH}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure}`;
}

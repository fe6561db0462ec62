import { unsealData, type SessionOptions } from 'iron-session';

/**
 * The sealed session cookie, without Next's request APIs: used by lib/session.ts (server components,
 * actions), proxy.ts, the API route handler and the admin server (scripts/admin-server.ts).
 */

/** What the sealed `auth` cookie holds. The browser never sees the token in clear. */
export interface SessionData {
  token?: string;
  email?: string;
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
 */
export async function readSessionCookie(value: string | undefined): Promise<SessionData | null> {
  if (!value) return null;
  try {
    const data = await unsealData<SessionData>(value, { password: sessionPassword() });
    return data && typeof data.token === 'string' && data.token ? data : null;
  } catch {
    return null;
  }
}

/** A Set-Cookie header value that removes the session cookie (used where no cookie store is at hand). */
export function clearSessionCookieHeader(): string {
  const secure = sessionOptions().cookieOptions?.secure ? '; Secure' : '';
  return `${SESSION_COOKIE}=; Path=${SESSION_PATH}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure}`;
}

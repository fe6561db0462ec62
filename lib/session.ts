import 'server-only';
import { cookies } from 'next/headers';
import { getIronSession } from 'iron-session';
import { sessionOptions, type SessionData } from './session-cookie';

export * from './session-cookie';

/** The session of the current request (server components, server actions, route handlers). */
export async function getSession() {
  return getIronSession<SessionData>(await cookies(), sessionOptions());
}

/** The signed-in token, or undefined. */
export async function getToken(): Promise<string | undefined> {
  return (await getSession()).token;
}

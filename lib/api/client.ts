import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import ky, { HTTPError, type Options } from 'ky';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getSession, getToken } from '@/lib/session';
import { ApiError, apiErrorFromResponse } from './errors';
import { clientIp, upstreamUrl } from './upstream';

/** Where a page goes when the API rejects the session's token: a route that clears the cookie. */
export const SESSION_EXPIRED_PATH = '/session-expired';

export interface CallOptions {
  method?: 'get' | 'post' | 'put' | 'delete' | 'patch';
  json?: unknown;
  searchParams?: Options['searchParams'];
  /** Use this token instead of the session's (sign-in uses the fresh one before it is saved). */
  token?: string;
  /**
   * What a 401 means. 'endSession' (default): the session's token is no longer accepted, so the
   * session ends and the user is sent to sign-in. 'throw': the caller handles it (sign-in, where
   * 401 means wrong credentials).
   */
  onUnauthorized?: 'endSession' | 'throw';
}

/** Inside a server action's pipeline a 401 is thrown as an ApiError instead of redirecting. */
const unauthorizedScope = new AsyncLocalStorage<'throw'>();

/**
 * Runs `fn` so that API calls in it throw a 401 instead of ending the session with a redirect: the
 * action pipeline answers the client itself (the session ended) so the typed data is not lost.
 */
export function throwingUnauthorized<T>(fn: () => Promise<T>): Promise<T> {
  return unauthorizedScope.run('throw', fn);
}

/**
 * One call to the federation API with the session's bearer token ("NONE" when signed out).
 * Returns the parsed JSON body; failures become ApiError.
 */
export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'get', json, searchParams } = options;
  const onUnauthorized = options.onUnauthorized ?? unauthorizedScope.getStore() ?? 'endSession';
  const token = options.token ?? (await getToken());
  const h = await headers();
  const ip = clientIp(h.get('x-forwarded-for'), h.get('x-real-ip'));
  try {
    const response = await ky(path.replace(/^\/+/, ''), {
      prefixUrl: upstreamUrl(),
      method,
      json,
      searchParams,
      retry: 0,
      timeout: 30_000,
      headers: {
        authorization: `Bearer ${token || 'NONE'}`,
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
    });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    const apiError =
      error instanceof HTTPError
        ? await apiErrorFromResponse(error.response)
        : new ApiError(0, { code: 'network', message: error instanceof Error ? error.message : String(error) });
    if (apiError.status === 401 && onUnauthorized === 'endSession') await endSession();
    throw apiError;
  }
}

/**
 * The API no longer accepts the token: clear the cookie and go to sign-in. Server actions and route
 * handlers may change cookies; a server component may not, so it goes through a route that does.
 */
async function endSession(): Promise<never> {
  let cleared = false;
  try {
    (await getSession()).destroy();
    cleared = true;
  } catch {
    // rendering a server component: cookies are read-only here
  }
  redirect(cleared ? '/?expired=1' : SESSION_EXPIRED_PATH);
}

import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { hc, type ClientResponse, type InferRequestType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { JSONValue } from 'hono/utils/types';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { App } from '@/server/app';
import { getSession, getToken } from '@/lib/session';
import { ApiError, apiErrorFromResponse } from './errors';
import { clientIp, upstreamUrl } from './upstream';

/** Where a page goes when the API rejects the session's token: a route that clears the cookie. */
export const SESSION_EXPIRED_PATH = '/session-expired';

/** How long one call may take before it fails as a network error. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * The federation API as typed by its own route definitions (Hono's `hc` over the app's type):
 * a path, method, path parameter, query or body the API does not define is a compile error, and
 * the answer's type is the one the API's handler sends. Path parameters and query values are
 * strings, as they are in a URL (`String(orgId)`); a free-text path parameter is
 * encodeURIComponent-ed by the caller.
 */
export type Api = ReturnType<typeof hc<App>>;

/** The body of a call's successful answers (2xx): JSON as typed by the API, nothing for a 204. */
export type Answer<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? S extends 204
        ? undefined
        : F extends 'json'
          ? AnyJsonAsUnknown<T>
          : unknown
      : never
    : never;

/**
 * Where the API's schema says "any value" (`z.unknown()`, a record of them), Hono's client types
 * it as JSONValue; the app's own types (lib/schemas) say unknown, which is what it is to a reader.
 */
type AnyJsonAsUnknown<T> = [JSONValue] extends [T]
  ? unknown
  : T extends ReadonlyArray<infer U>
    ? AnyJsonAsUnknown<U>[]
    : T extends object
      ? { [K in keyof T]: AnyJsonAsUnknown<T[K]> }
      : T;

/** The JSON body an endpoint takes, e.g. `RequestBody<Api['api']['v1']['admin']['news']['$post']>`. */
export type RequestBody<E> = InferRequestType<E> extends { json: infer J } ? J : never;

export interface CallOptions {
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
 * One call to the federation API with the session's bearer token ("NONE" when signed out) and the
 * client's address, e.g. `apiCall((api) => api.api.v1.order[':orgId'].$get({ param: { orgId: '11' }, query: {} }))`.
 * Answers the successful answer's body, typed from the API; any other answer becomes ApiError.
 */
export async function apiCall<R extends ClientResponse<unknown, number, string>>(
  request: (api: Api) => Promise<R>,
  options: CallOptions = {},
): Promise<Answer<R>> {
  const onUnauthorized = options.onUnauthorized ?? unauthorizedScope.getStore() ?? 'endSession';
  const token = options.token ?? (await getToken());
  const h = await headers();
  const ip = clientIp(h.get('x-forwarded-for'), h.get('x-real-ip'));
  const api = hc<App>(upstreamUrl(), {
    headers: { authorization: `Bearer ${token || 'NONE'}`, ...(ip ? { 'x-forwarded-for': ip } : {}) },
    init: { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) },
  });
  let response: R;
  try {
    response = await request(api);
  } catch (error) {
    throw new ApiError(0, { code: 'network', message: error instanceof Error ? error.message : String(error) });
  }
  if (!response.ok) {
    const apiError = await apiErrorFromResponse(response);
    if (apiError.status === 401 && onUnauthorized === 'endSession') await endSession();
    throw apiError;
  }
  if (response.status === 204) return undefined as Answer<R>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as Answer<R>;
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

type QueryValue = string | number | boolean | null | undefined;
type QueryString<V> = V extends boolean ? `${V}` : V extends string ? V : string;
type Query<T> = { [K in keyof T as undefined extends T[K] ? never : K]: QueryString<NonNullable<T[K]>> } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: QueryString<NonNullable<T[K]>>;
};

/**
 * A call's query as the URL carries it: every value a string; undefined, null and '' left out
 * (an empty search is no search). Keys, optionality and literal values (`'true' | 'false'`) stay
 * those of `params`, so the API's query type still checks them.
 */
export function queryOf<T extends Record<string, QueryValue>>(params: T): Query<T> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ) as Query<T>;
}

/**
 * The version sent with an update whose caller named none: the API refuses it (updatedAt is
 * required), as it refused an update without the field.
 */
export const NO_VERSION = '';

/** A path parameter as the URL carries it. */
export const pathParam = (value: number | string): string => (typeof value === 'number' ? String(value) : encodeURIComponent(value));

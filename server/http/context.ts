import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { HttpBindings } from '@hono/node-server';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from '../mail/mailer';
import type { LicenceStatusLimiter } from '../limits/licence-status-limit';
import type { LoginRateLimiter } from '../limits/login-rate-limit';
import type { RateLimiter } from '../limits/rate-limit';
import type { CallerCache } from '../services/caller-cache';
import type { HalfSignIn } from '../services/two-factor/half-sign-in';
import { validationHook } from './validation-hook';

/** What every route and service needs, passed in once by createApp (tests pass their own). */
export type AppDeps = {
  db: Db;
  env: Env;
  mailer: Mailer;
  clock: () => Date;
  loginRateLimiter: LoginRateLimiter;
  /** The public licence-status check's per-address limit (in this process's memory). */
  licenceStatusLimiter: LicenceStatusLimiter;
  /** Every other counted limit (per caller or client), see server/limits/rate-limit.ts. */
  rateLimiter: RateLimiter;
  /** The message outbox worker of this process, woken after a send so deliveries start at once. */
  outbox?: { wake(): void };
  /** Signed-in callers this process keeps between requests (PostgreSQL, while it hears changes); without it every request reads its caller. */
  callerCache?: CallerCache;
};

/**
 * Hono environment of the API. `incoming` is the Node request (socket address for the rate
 * limit); in-process tests may leave it out. `deps` is set by createApp for every request;
 * `callerId` (the signed-in member making the call, never the member a path names) and
 * `sessionId` (the token's sign-in session) are set by requireAuth; `halfSignIn` by the guards that
 * accept a half-signed-in token (server/api/require-auth.ts).
 */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { deps: AppDeps; callerId: number; sessionId: string; halfSignIn?: HalfSignIn };
};

/** A router whose failed validations answer in the API's error shape (see validation-hook.ts). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/** The handler of one route definition: `export const list: AppRouteHandler<typeof list> = ...`. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

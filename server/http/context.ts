import { OpenAPIHono } from '@hono/zod-openapi';
import type { HttpBindings } from '@hono/node-server';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Mailer } from '../mail/mailer';
import type { LoginRateLimiter } from '../services/login-rate-limit';
import { validationHook } from './errors';

/** What every route and service needs, passed in once by createApp (tests pass their own). */
export type AppDeps = {
  db: Db;
  env: Env;
  mailer: Mailer;
  clock: () => Date;
  loginRateLimiter: LoginRateLimiter;
};

/**
 * Hono environment of the API. `incoming` is the Node request (socket address for the
 * rate limit); in-process tests may leave it out. `memberId` and `sessionId` (the token's sign-in session) are set by requireAuth.
 */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { memberId: number; sessionId: string };
};

/** A router whose failed validations answer in the API's error shape. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook(400) });
}

/** Security requirement for OpenAPI route definitions of protected routes. */
export const bearerSecurity = [{ bearerAuth: [] as string[] }];

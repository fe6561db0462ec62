import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyToken } from '../services/jwt';
import { withRequestCaller } from '../services/access';
import { liveSessionCaller } from '../services/sessions';
import type { AppDeps, AppEnv } from './context';
import { unauthorized } from './errors';

/**
 * Bearer-token guard: a missing header, the literal `NONE` (what the admin app sends when signed
 * out), a forged or expired token, or one whose session has ended (signed out, signed out
 * everywhere, ended by a password change or reset) or whose member can no longer sign in → 401.
 * One database statement per request, which also loads the caller's rights (services/access.ts).
 */
export function requireAuth(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const token = match?.[1];
    if (!token || token === 'NONE') throw unauthorized();
    const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
    if (!claims) throw unauthorized();
    const caller = await liveSessionCaller(deps, claims.memberId, claims.sessionId);
    if (!caller) throw unauthorized();
    c.set('memberId', caller.memberId);
    c.set('sessionId', claims.sessionId);
    // the caller's rights, loaded with the session check, serve every service of this request
    await withRequestCaller(caller, next);
  });
}

/**
 * Puts `guard` in front of one route definition only (its method and path), unlike `use()`,
 * which would also hit other methods on the same path.
 */
export function guardRoute(
  router: { on: (method: string, path: string, handler: MiddlewareHandler<AppEnv>) => unknown },
  route: { method: string; getRoutingPath(): string },
  guard: MiddlewareHandler<AppEnv>,
) {
  router.on(route.method.toUpperCase(), route.getRoutingPath(), guard);
}

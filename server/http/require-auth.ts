import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyToken } from '../services/jwt';
import { liveSessionMember } from '../services/sessions';
import type { AppDeps, AppEnv } from './context';
import { unauthorized } from './errors';

/**
 * Bearer-token guard: a missing header, the literal `NONE` (what the admin app sends when signed
 * out), a forged or expired token, or one whose session has ended (signed out, signed out
 * everywhere, ended by a password change or reset) or whose member can no longer sign in → 401.
 * One database statement per request.
 */
export function requireAuth(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const token = match?.[1];
    if (!token || token === 'NONE') throw unauthorized();
    const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
    if (!claims) throw unauthorized();
    const memberId = await liveSessionMember(deps, claims.memberId, claims.sessionId);
    if (memberId === undefined) throw unauthorized();
    c.set('memberId', memberId);
    c.set('sessionId', claims.sessionId);
    await next();
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

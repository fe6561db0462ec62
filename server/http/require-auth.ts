import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { and, eq, isNotNull } from 'drizzle-orm';
import { members } from '../db/schema';
import { credentialFingerprint, verifyToken } from '../services/jwt';
import type { AppDeps, AppEnv } from './context';
import { unauthorized } from './errors';

/**
 * Bearer-token guard: a missing header, the literal `NONE` (what the admin app sends when signed
 * out), a forged or expired token, a token of a member who can no longer sign in, or one issued
 * before the member's password was last changed → 401.
 */
export function requireAuth(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const token = match?.[1];
    if (!token || token === 'NONE') throw unauthorized();
    const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
    if (!claims) throw unauthorized();
    const [member] = await deps.db
      .select({ id: members.id, passwordHash: members.passwordHash })
      .from(members)
      .where(and(eq(members.id, claims.memberId), isNotNull(members.passwordHash)))
      .limit(1);
    if (!member?.passwordHash || credentialFingerprint(member.passwordHash) !== claims.pwd) throw unauthorized();
    c.set('memberId', claims.memberId);
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

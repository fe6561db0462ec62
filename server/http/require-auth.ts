import { createMiddleware } from 'hono/factory';
import { verifyToken } from '../services/jwt';
import { liveSessionMember } from '../services/sessions';
import type { AppEnv } from './context';
import { unauthorized } from './errors';

/**
 * Bearer-token guard: a missing header, the literal `NONE` (what the admin app sends when signed
 * out), a forged or expired token, or one whose session has ended (signed out, signed out
 * everywhere, ended by a password change or reset) or whose member can no longer sign in → 401.
 * One database statement per request. createApp puts it in front of every `/api/v1/admin/*`
 * call; a route elsewhere that needs a sign-in names it in its definition (`middleware`).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.var.deps;
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  if (!token || token === 'NONE') throw unauthorized();
  const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
  if (!claims) throw unauthorized();
  const callerId = await liveSessionMember(deps, claims.memberId, claims.sessionId);
  if (callerId === undefined) throw unauthorized();
  c.set('callerId', callerId);
  c.set('sessionId', claims.sessionId);
  await next();
});

import { createMiddleware } from 'hono/factory';
import { verifyToken } from '../services/jwt';
import { withRequestCaller } from '../services/access';
import { liveSessionCaller } from '../services/sessions';
import type { AppEnv } from './context';
import { unauthorized } from './errors';

/**
 * Bearer-token guard: a missing header, the literal `NONE` (what the admin app sends when signed
 * out), a forged or expired token, or one whose session has ended (signed out, signed out
 * everywhere, ended by a password change or reset) or whose member can no longer sign in → 401.
 * One database statement per request, which also loads the caller's rights (services/access.ts).
 * createApp puts it in front of every `/api/v1/admin/*` call; a route elsewhere that needs a
 * sign-in names it in its definition (`middleware`).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.var.deps;
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match?.[1];
  if (!token || token === 'NONE') throw unauthorized();
  const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
  if (!claims) throw unauthorized();
  const caller = await liveSessionCaller(deps, claims.memberId, claims.sessionId);
  if (!caller) throw unauthorized();
  c.set('callerId', caller.memberId);
  c.set('sessionId', claims.sessionId);
  // the caller's rights, loaded with the session check, serve every service of this request
  await withRequestCaller(caller, next);
});

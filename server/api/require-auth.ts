import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context';
import { unauthorized } from '../http/errors';
import { withRequestCaller } from '../services/access';
import { verifyToken } from '../services/jwt';
import { liveSessionCaller } from '../services/sessions';

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

/**
 * Spread into a route definition of a signed-in call outside /api/v1/admin/* (where createApp
 * already checks the token): the guard, and the bearer requirement in the document.
 */
export const signedIn = { middleware: requireAuth, security: [{ bearerAuth: [] as string[] }] };

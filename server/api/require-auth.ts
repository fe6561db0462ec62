import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context';
import { unauthorized } from '../http/errors';
import { withRequestCaller } from '../services/access';
import { verifyPendingToken, verifyToken, type TokenClaims } from '../services/jwt';
import { liveSessionCaller } from '../services/sessions';
import { liveHalfSignIn, type HalfSignIn } from '../services/two-factor/half-sign-in';

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
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  // A half-signed-in token (password right, second factor due) is signed for another issuer:
  // verifyToken refuses it, so it opens none of the calls behind this guard.
  const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
  if (!claims) throw unauthorized();
  await signedInCaller(c, claims, next);
});

function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  const token = match?.[1];
  return token && token !== 'NONE' ? token : undefined;
}

async function signedInCaller(c: Context<AppEnv>, claims: TokenClaims, next: Next) {
  const deps = c.var.deps;
  const caller = await liveSessionCaller(deps, claims.memberId, claims.sessionId);
  if (!caller) throw unauthorized();
  c.set('callerId', caller.memberId);
  c.set('sessionId', claims.sessionId);
  // the caller's rights, loaded with the session check, serve every service of this request
  await withRequestCaller(caller, next);
}

/** The live half sign-in of the request's half-signed-in token in `stage`, or undefined. */
async function halfSignInOf(c: Context<AppEnv>, token: string, stage: HalfSignIn['stage']): Promise<HalfSignIn | undefined> {
  const deps = c.var.deps;
  const claims = await verifyPendingToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
  if (!claims) return undefined;
  const half = await liveHalfSignIn(deps, claims.memberId, claims.pendingId);
  return half?.stage === stage ? half : undefined;
}

/**
 * The second step of a sign-in: only a live half-signed-in token whose second factor is due
 * (stage `verify`). A session token, an expired or used half token → 401.
 */
export const requireSecondFactorStep = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c);
  const half = token ? await halfSignInOf(c, token, 'verify') : undefined;
  if (!half) throw unauthorized();
  c.set('callerId', half.memberId);
  c.set('halfSignIn', half);
  await next();
});

/**
 * Enrolling a second factor: a signed-in caller, or a half-signed-in one whom the policy leads to
 * enrolment (stage `enrol`: they hold no factor yet). A half token whose second factor is due
 * never enrols another one: the password alone must not add a factor.
 */
export const requireSignedInOrEnrolling = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.var.deps;
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  const claims = await verifyToken(token, { secret: deps.env.jwtSecret, clock: deps.clock });
  if (claims) return signedInCaller(c, claims, next);
  const half = await halfSignInOf(c, token, 'enrol');
  if (!half) throw unauthorized();
  c.set('callerId', half.memberId);
  c.set('halfSignIn', half);
  await next();
});

/**
 * Spread into a route definition of a signed-in call outside /api/v1/admin/* (where createApp
 * already checks the token): the guard, and the bearer requirement in the document.
 */
export const signedIn = { middleware: requireAuth, security: [{ bearerAuth: [] as string[] }] };

/** Spread into the definition of a second-step call (half-signed-in token, stage `verify`). */
export const secondFactorStep = { middleware: requireSecondFactorStep, security: [{ bearerAuth: [] as string[] }] };

/** Spread into the definition of an enrolment call (signed in, or half-signed-in with enrolment due). */
export const signedInOrEnrolling = { middleware: requireSignedInOrEnrolling, security: [{ bearerAuth: [] as string[] }] };

import { jwtVerify, SignJWT } from 'jose';

/**
 * API tokens: JWT signed with HS256 (jose). `sub` is the member id, `sid` the sign-in session
 * (table `sessions`), `exp` the end of the session (JWT_TTL after sign-in). Whether the session is
 * still live (not signed out, not ended by a password change) is checked against the database on
 * every call (server/api/require-auth.ts); so are the member's roles. Nothing else is trusted
 * from the token.
 */

const ISSUER = 'federation-api';

export type JwtSettings = { secret: string; ttlSeconds: number; clock: () => Date };
export type TokenClaims = { memberId: number; sessionId: string };

// The HMAC key, imported once per secret (given the raw bytes, jose would import it on every call).
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** Signs a token for one session; it expires with the session (`expiresAt`). */
export async function signToken(claims: TokenClaims, expiresAt: Date, settings: Omit<JwtSettings, 'ttlSeconds'>): Promise<string> {
  const now = Math.floor(settings.clock().getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.memberId))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keyFor(settings.secret));
}

/**
 * Tokens whose signature was checked already, with their claims and expiry: checking a signature
 * gives the same answer every time, so a client's next calls skip the HMAC and the JSON parsing
 * (expiry is still compared with the clock on every call, the session in the database too).
 * Bounded; the oldest entries go first.
 */
const VERIFIED_LIMIT = 2000;
const verified = new Map<string, { claims: TokenClaims; exp: number }>();

function remember(key: string, claims: TokenClaims, exp: number) {
  if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
  verified.set(key, { claims, exp });
}

/** The member and session of a valid token, or null for a forged, malformed or expired one. */
export async function verifyToken(token: string, settings: Omit<JwtSettings, 'ttlSeconds'>): Promise<TokenClaims | null> {
  const key = `${settings.secret}\u0000${token}`;
  const known = verified.get(key);
  if (known) return known.exp * 1000 > settings.clock().getTime() ? known.claims : null;
  const claims = await checkToken(token, settings);
  if (claims) remember(key, claims.claims, claims.exp);
  return claims?.claims ?? null;
}

async function checkToken(token: string, settings: Omit<JwtSettings, 'ttlSeconds'>): Promise<{ claims: TokenClaims; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await keyFor(settings.secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: settings.clock(),
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    const id = Number(payload.sub);
    const sid = payload.sid;
    return Number.isSafeInteger(id) && id > 0 && typeof sid === 'string' && sid.length > 0 && sid.length <= 64
      ? { claims: { memberId: id, sessionId: sid }, exp: payload.exp! }
      : null;
  } catch {
    return null;
  }
}

/**
 * Half-signed-in tokens: after a correct password, before the second factor (or the enrolment a
 * policy demands). Signed with the same key but a different issuer, so the session guard
 * (verifyToken) refuses them outright; only the second-factor and enrolment routes accept them.
 */
const PENDING_ISSUER = 'federation-api/second-factor';

export type PendingClaims = { memberId: number; pendingId: string };

export async function signPendingToken(claims: PendingClaims, expiresAt: Date, settings: Omit<JwtSettings, 'ttlSeconds'>): Promise<string> {
  const now = Math.floor(settings.clock().getTime() / 1000);
  return new SignJWT({ pid: claims.pendingId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.memberId))
    .setIssuer(PENDING_ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await keyFor(settings.secret));
}

/** The member and half sign-in of a valid half-signed-in token, or null. */
export async function verifyPendingToken(token: string, settings: Omit<JwtSettings, 'ttlSeconds'>): Promise<PendingClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyFor(settings.secret), {
      algorithms: ['HS256'],
      issuer: PENDING_ISSUER,
      currentDate: settings.clock(),
      requiredClaims: ['sub', 'exp', 'pid'],
    });
    const id = Number(payload.sub);
    const pid = payload.pid;
    return Number.isSafeInteger(id) && id > 0 && typeof pid === 'string' && pid.length > 0 && pid.length <= 64
      ? { memberId: id, pendingId: pid }
      : null;
  } catch {
    return null;
  }
}

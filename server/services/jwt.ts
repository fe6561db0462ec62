import { jwtVerify, SignJWT } from 'jose';

/**
 * API tokens: JWT signed with HS256 (jose). `sub` is the member id, `exp` the end of the
 * session (JWT_TTL after sign-in). Nothing else is trusted from the token: the member's
 * roles are read from the database on every call.
 */

const ISSUER = 'federation-api';

export type JwtSettings = { secret: string; ttlSeconds: number; clock: () => Date };

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signToken(memberId: number, settings: JwtSettings): Promise<string> {
  const now = Math.floor(settings.clock().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(memberId))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + settings.ttlSeconds)
    .sign(keyFor(settings.secret));
}

/** The member id of a valid token, or null for a forged, malformed or expired one. */
export async function verifyToken(token: string, settings: Omit<JwtSettings, 'ttlSeconds'>): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(settings.secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: settings.clock(),
      requiredClaims: ['sub', 'exp'],
    });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * API tokens: JWT signed with HS256 (jose). `sub` is the member id, `exp` the end of the
 * session (JWT_TTL after sign-in), `pwd` a fingerprint of the password hash it was issued for:
 * a password change or reset makes every earlier token invalid. Nothing else is trusted from the
 * token: the member's roles are read from the database on every call.
 */

/** A short one-way fingerprint of the stored password hash (never the hash itself). */
export function credentialFingerprint(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

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

export async function signToken(memberId: number, passwordHash: string, settings: JwtSettings): Promise<string> {
  const now = Math.floor(settings.clock().getTime() / 1000);
  return new SignJWT({ pwd: credentialFingerprint(passwordHash) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(memberId))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + settings.ttlSeconds)
    .sign(keyFor(settings.secret));
}

/** The member id and credential fingerprint of a valid token, or null for a forged, malformed or expired one. */
export async function verifyToken(
  token: string,
  settings: Omit<JwtSettings, 'ttlSeconds'>,
): Promise<{ memberId: number; pwd: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(settings.secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: settings.clock(),
      requiredClaims: ['sub', 'exp', 'pwd'],
    });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 && typeof payload.pwd === 'string' ? { memberId: id, pwd: payload.pwd } : null;
  } catch {
    return null;
  }
}

import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppDeps } from '../../http/context';

/**
 * Proof that a caller identified a person before connecting them to a club: the duplicate check
 * hands one out for each candidate that matched the name AND birth date the caller entered, and
 * the connect call must bring it back. A JWT (HS256, jose) that names the candidate and the
 * caller and expires after 15 minutes, so it cannot be replayed for another person, by another
 * user, or days later.
 *
 * Its key is derived from the API's JWT secret for this one purpose, so a proof can never pass as
 * a sign-in token (whose subject would be the candidate) and a sign-in token never as a proof.
 */

export const CONNECT_PROOF_MINUTES = 15;

const AUDIENCE = 'member-connect';
const ISSUER = 'federation-api';

const keys = new Map<string, Uint8Array>();
function proofKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('member-connect-proof').digest());
    keys.set(secret, key);
  }
  return key;
}

type ProofDeps = Pick<AppDeps, 'env' | 'clock'>;

/** A proof that `callerId` found `candidateId` by name and birth date just now. */
export async function issueConnectProof(deps: ProofDeps, callerId: number, candidateId: number): Promise<string> {
  const now = Math.floor(deps.clock().getTime() / 1000);
  return new SignJWT({ by: callerId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(candidateId))
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + CONNECT_PROOF_MINUTES * 60)
    .sign(proofKey(deps.env.jwtSecret));
}

/** Is `proof` a valid, unexpired proof that `callerId` identified `candidateId`? */
export async function isValidConnectProof(deps: ProofDeps, proof: string, callerId: number, candidateId: number): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(proof, proofKey(deps.env.jwtSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: deps.clock(),
      requiredClaims: ['sub', 'exp', 'by'],
    });
    return payload.sub === String(candidateId) && payload.by === callerId;
  } catch {
    return false;
  }
}

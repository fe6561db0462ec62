import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { HALF_SIGN_IN_MINUTES } from '@/lib/domain/two-factor';
import { members, passkeys, webauthnChallenges } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { startSession } from '../sessions';
import { completeHalfSignIn, countedAttempt, tooManyAttempts, type HalfSignIn } from './half-sign-in';
import { assertMayRemove, factorsOf, hasFactor } from './policy';
import { dropCodesWithoutFactor, issueRecoveryCodes } from './recovery-codes';
import type { EnrolmentResult } from './totp';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registration with a resident key preferred and user
 * verification required; authentication as the second step of a sign-in or, with a discoverable
 * credential, instead of the password. The relying party is the admin app: its host from
 * ADMIN_PUBLIC_URL is the RP id, its origin the expected origin. Each challenge is stored and
 * usable once.
 */

type Purpose = 'register' | 'second-factor' | 'passwordless';

export type PasskeyInfo = { id: string; name: string; createdAt: string; lastUsedAt: string | null; transports: string[] };

function relyingParty(deps: Pick<AppDeps, 'env'>) {
  const url = new URL(deps.env.adminPublicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: deps.env.bank.name };
}

async function storeChallenge(deps: AppDeps, purpose: Purpose, memberId: number | null, challenge: string): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const now = deps.clock();
  await deps.db.insert(webauthnChallenges).values({
    id,
    memberId,
    purpose,
    challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + HALF_SIGN_IN_MINUTES * 60_000),
  });
  return id;
}

/** Takes a challenge (it cannot be taken twice); undefined when unknown, used, expired or someone else's. */
async function takeChallenge(deps: AppDeps, id: string, purpose: Purpose, memberId: number | null): Promise<string | undefined> {
  const [row] = await deps.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        memberId === null ? isNull(webauthnChallenges.memberId) : eq(webauthnChallenges.memberId, memberId),
        gt(webauthnChallenges.expiresAt, deps.clock()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge;
}

const invalidPasskey = () => new ApiError(400, 'invalid_passkey', 'The passkey could not be verified');

const toInfo = (p: typeof passkeys.$inferSelect): PasskeyInfo => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  transports: p.transports,
});

export async function listPasskeys(deps: Pick<AppDeps, 'db'>, memberId: number): Promise<PasskeyInfo[]> {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toInfo);
}

/** POST registration options: a challenge for a new passkey of the member; their passkeys are excluded. */
export async function registrationOptions(
  deps: AppDeps,
  memberId: number,
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const [member] = await deps.db
    .select({ email: members.email, firstName: members.firstName, surname: members.surname })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw notFound('No such member');
  const { rpID, rpName } = relyingParty(deps);
  const existing = await deps.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.memberId, memberId));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: member.email ?? `${member.firstName} ${member.surname}`,
    userDisplayName: `${member.firstName} ${member.surname}`,
    userID: new TextEncoder().encode(String(memberId)),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(deps, 'register', memberId, options.challenge);
  return { challengeId, options };
}

/** POST registration: the authenticator's answer to the challenge becomes a named passkey. */
export async function registerPasskey(
  deps: AppDeps,
  memberId: number,
  input: { challengeId: string; name: string; response: unknown },
  half?: HalfSignIn,
): Promise<EnrolmentResult & { passkey: PasskeyInfo }> {
  const challenge = await takeChallenge(deps, input.challengeId, 'register', memberId);
  if (!challenge) throw new ApiError(400, 'invalid_challenge', 'The passkey request has expired; start again');
  const { rpID, origin } = relyingParty(deps);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw invalidPasskey();
  }
  if (!verification.verified) throw invalidPasskey();
  const { credential } = verification.registrationInfo;
  const now = deps.clock();
  const before = await factorsOf(deps, memberId);
  const result: EnrolmentResult = {};
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        memberId,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.id })
      .returning();
    if (!row) throw new ApiError(409, 'passkey_exists', 'This passkey is registered already');
    if (!hasFactor(before)) result.recoveryCodes = await issueRecoveryCodes(tx, memberId, now);
    await recordAudit(tx, { actorId: memberId, entity: 'member', entityId: memberId, action: 'secondFactor', after: { passkey: 'added' } });
    return row;
  });
  if (half) result.jwtToken = await completeHalfSignIn(deps, half);
  return { ...result, passkey: toInfo(stored) };
}

export async function renamePasskey(deps: AppDeps, memberId: number, id: string, name: string): Promise<PasskeyInfo> {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.memberId, memberId)))
    .returning();
  if (!row) throw notFound('No such passkey');
  return toInfo(row);
}

export async function removePasskey(deps: AppDeps, memberId: number, id: string): Promise<void> {
  const [own] = await deps.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.memberId, memberId)));
  if (!own) throw notFound('No such passkey');
  await assertMayRemove(deps, memberId, 'passkey');
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.memberId, memberId)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw notFound('No such passkey');
    await dropCodesWithoutFactor(tx, memberId);
    await recordAudit(tx, {
      actorId: memberId,
      entity: 'member',
      entityId: memberId,
      action: 'secondFactor',
      after: { passkey: 'removed' },
    });
  });
}

/** POST options for the second step: a challenge answerable by one of the member's passkeys. */
export async function secondFactorOptions(
  deps: AppDeps,
  half: HalfSignIn,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const own = await deps.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.memberId, half.memberId));
  if (own.length === 0) throw new ApiError(409, 'no_passkey', 'No passkey is registered for this account');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).rpID,
    allowCredentials: own.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
    userVerification: 'required',
  });
  return { challengeId: await storeChallenge(deps, 'second-factor', half.memberId, options.challenge), options };
}

/** Challenges for a sign-in with a passkey alone, per client: each stores a row, so nobody fills the table. */
const PASSKEY_SIGN_IN_SCOPE = { name: 'passkey-sign-in', windows: [{ max: 30, windowMs: 15 * 60_000 }] } as const;

/** POST options for a sign-in without password: any discoverable passkey of this site may answer. */
export async function passwordlessOptions(
  deps: AppDeps,
  client: string,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const verdict = await deps.rateLimiter.begin(PASSKEY_SIGN_IN_SCOPE, client);
  if (verdict.limited) throw tooManyAttempts(verdict.retryAfterSeconds);
  await deps.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, deps.clock()));
  const options = await generateAuthenticationOptions({ rpID: relyingParty(deps).rpID, userVerification: 'required' });
  return { challengeId: await storeChallenge(deps, 'passwordless', null, options.challenge), options };
}

/**
 * Checks an assertion against the stored passkey (of `memberId` when given) and moves its counter
 * and last use on. Answers the member, or undefined when it does not verify.
 */
async function verifyAssertion(deps: AppDeps, challenge: string, response: unknown, memberId?: number): Promise<number | undefined> {
  const assertion = response as AuthenticationResponseJSON;
  const [stored] = await deps.db
    .select()
    .from(passkeys)
    .where(memberId === undefined ? eq(passkeys.id, assertion.id) : and(eq(passkeys.id, assertion.id), eq(passkeys.memberId, memberId)));
  if (!stored) return undefined;
  const { rpID, origin } = relyingParty(deps);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: stored.id,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransport[],
      },
    });
  } catch {
    return undefined;
  }
  if (!verification.verified) return undefined;
  await deps.db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: deps.clock() })
    .where(eq(passkeys.id, stored.id));
  return stored.memberId;
}

/** The second step with a passkey: a failed one counts toward the sign-in limit. */
export async function signInWithPasskey(
  deps: AppDeps,
  half: HalfSignIn,
  input: { challengeId: string; response: unknown },
): Promise<string> {
  const challenge = await takeChallenge(deps, input.challengeId, 'second-factor', half.memberId);
  if (!challenge) throw new ApiError(400, 'invalid_challenge', 'The passkey request has expired; start again');
  await countedAttempt(deps, half, async () => (await verifyAssertion(deps, challenge, input.response, half.memberId)) ?? false).catch(
    (err: unknown) => {
      if (err instanceof ApiError && err.code === 'invalid_code') throw invalidPasskey();
      throw err;
    },
  );
  return completeHalfSignIn(deps, half);
}

/**
 * Sign-in without a password: a passkey with user verification is two factors in itself. The
 * member must still be able to sign in (hold a password, i.e. not have had their sign-in removed).
 */
export async function signInPasswordless(deps: AppDeps, input: { challengeId: string; response: unknown }): Promise<string> {
  const challenge = await takeChallenge(deps, input.challengeId, 'passwordless', null);
  if (!challenge) throw new ApiError(400, 'invalid_challenge', 'The passkey request has expired; start again');
  const memberId = await verifyAssertion(deps, challenge, input.response);
  if (memberId === undefined) throw new ApiError(401, 'invalid_passkey', 'The passkey could not be verified');
  const [member] = await deps.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), isNotNull(members.passwordHash)));
  if (!member) throw new ApiError(401, 'invalid_passkey', 'The passkey could not be verified');
  return startSession(deps, memberId);
}

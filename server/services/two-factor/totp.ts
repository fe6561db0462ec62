import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS } from '@/lib/domain/two-factor';
import { members, totpSecrets } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { completeHalfSignIn, countedAttempt, type HalfSignIn } from './half-sign-in';
import { assertMayRemove, factorsOf, hasFactor } from './policy';
import { dropCodesWithoutFactor, issueRecoveryCodes } from './recovery-codes';

/**
 * Authenticator apps (TOTP, RFC 6238 via otpauth): six digits, 30-second steps, SHA-1 (what every
 * app reads from the QR code). A code is accepted within one step of clock drift either way, and
 * only once: the step of the last accepted code is stored and only a later one is accepted.
 */

function totpFor(secret: string, label: string, issuer: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, or null when it is wrong (outside the drift window). */
function stepOf(secret: string, code: string, now: Date): number | null {
  const totp = totpFor(secret, 'x', 'x');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

const invalidCode = () => new ApiError(400, 'invalid_code', 'The code is not correct or was used already', { field: 'code' });

/**
 * POST enrol: a new secret (replacing one not yet confirmed) with its otpauth:// URI and the QR
 * code of that URI. A confirmed authenticator must be removed before another is enrolled.
 */
export async function enrolTotp(deps: AppDeps, memberId: number): Promise<{ secret: string; uri: string; qrCode: string }> {
  const [member] = await deps.db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
  const [existing] = await deps.db
    .select({ confirmedAt: totpSecrets.confirmedAt })
    .from(totpSecrets)
    .where(eq(totpSecrets.memberId, memberId));
  if (existing?.confirmedAt) throw new ApiError(409, 'totp_enrolled', 'An authenticator app is enrolled already; remove it first');
  const secret = new Secret({ size: 20 }).base32;
  const now = deps.clock();
  await deps.db
    .insert(totpSecrets)
    .values({ memberId, secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpSecrets.memberId,
      set: { secret, createdAt: now, lastUsedStep: null },
      setWhere: isNull(totpSecrets.confirmedAt),
    });
  const uri = totpFor(secret, member?.email ?? String(memberId), deps.env.bank.name).toString();
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode };
}

export type EnrolmentResult = {
  /** Handed out with the first factor only: shown once. */
  recoveryCodes?: string[];
  /** When the enrolment was the second step of a sign-in (a policy demanded it): the real session. */
  jwtToken?: string;
};

/**
 * POST confirm: the first code proves the app holds the secret; from then on it is a factor.
 * The first factor of a member comes with recovery codes.
 */
export async function confirmTotp(deps: AppDeps, memberId: number, code: string, half?: HalfSignIn): Promise<EnrolmentResult> {
  const [row] = await deps.db.select().from(totpSecrets).where(eq(totpSecrets.memberId, memberId));
  if (!row || row.confirmedAt) throw new ApiError(409, 'no_enrolment', 'No authenticator app is waiting for its first code');
  const now = deps.clock();
  const step = stepOf(row.secret, code, now);
  if (step === null) throw invalidCode();
  const before = await factorsOf(deps, memberId);
  const result: EnrolmentResult = {};
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(totpSecrets)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(and(eq(totpSecrets.memberId, memberId), isNull(totpSecrets.confirmedAt), eq(totpSecrets.secret, row.secret)))
      .returning({ memberId: totpSecrets.memberId });
    if (done.length === 0) throw new ApiError(409, 'stale', 'The enrolment changed meanwhile; start again');
    if (!hasFactor(before)) result.recoveryCodes = await issueRecoveryCodes(tx, memberId, now);
    await recordAudit(tx, { actorId: memberId, entity: 'member', entityId: memberId, action: 'secondFactor', after: { totp: 'added' } });
  });
  if (half) result.jwtToken = await completeHalfSignIn(deps, half);
  return result;
}

/** DELETE: the authenticator app stops being a factor (none enrolled: nothing to do, answered alike). */
export async function removeTotp(deps: AppDeps, memberId: number): Promise<void> {
  await assertMayRemove(deps, memberId, 'totp');
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpSecrets)
      .where(eq(totpSecrets.memberId, memberId))
      .returning({ confirmedAt: totpSecrets.confirmedAt });
    await dropCodesWithoutFactor(tx, memberId);
    if (removed[0]?.confirmedAt) {
      await recordAudit(tx, {
        actorId: memberId,
        entity: 'member',
        entityId: memberId,
        action: 'secondFactor',
        after: { totp: 'removed' },
      });
    }
  });
}

/** The second step with a code: counted toward the sign-in limit, each code accepted once. */
export async function signInWithTotp(deps: AppDeps, half: HalfSignIn, code: string): Promise<string> {
  await countedAttempt(deps, half, async () => {
    const [row] = await deps.db
      .select({ secret: totpSecrets.secret })
      .from(totpSecrets)
      .where(and(eq(totpSecrets.memberId, half.memberId), isNotNull(totpSecrets.confirmedAt)));
    if (!row) return false;
    const step = stepOf(row.secret, code, deps.clock());
    if (step === null) return false;
    // a conditional update: of two requests with one code, only one moves the step on
    const used = await deps.db
      .update(totpSecrets)
      .set({ lastUsedStep: step })
      .where(and(eq(totpSecrets.memberId, half.memberId), or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step))))
      .returning({ memberId: totpSecrets.memberId });
    return used.length > 0;
  });
  return completeHalfSignIn(deps, half);
}

import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { mustUseSecondFactor, secondFactorMethods, type SecondFactorMethod } from '@/lib/domain/two-factor';
import { functionAssignments, organisations, passkeys, recoveryCodes, totpSecrets } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { systemRoleAssignments } from '../access';

/** What second factors a member holds (confirmed ones only). */
export async function factorsOf(deps: Pick<AppDeps, 'db'>, memberId: number) {
  // one after another: inside a transaction they share one connection
  const [keys] = await deps.db.select({ n: count() }).from(passkeys).where(eq(passkeys.memberId, memberId));
  const [totp] = await deps.db
    .select({ n: count() })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.memberId, memberId), isNotNull(totpSecrets.confirmedAt)));
  const [codes] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.memberId, memberId), isNull(recoveryCodes.usedAt)));
  return { passkeys: keys.n, totp: totp.n > 0, recoveryCodes: codes.n };
}

/** Whether the member holds a factor that can stand alone (a passkey or a confirmed authenticator app). */
export const hasFactor = (f: { passkeys: number; totp: boolean }) => f.passkeys > 0 || f.totp;

/** Whether TWO_FACTOR_REQUIRED_LEVELS makes this member use a second factor (a system role in an organisation of those levels). */
export async function isRequired(deps: Pick<AppDeps, 'db' | 'env' | 'clock'>, memberId: number): Promise<boolean> {
  const levels = deps.env.twoFactorRequiredLevels;
  if (levels.length === 0) return false;
  const rows = await deps.db
    .select({ level: organisations.orgLevel })
    .from(functionAssignments)
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(systemRoleAssignments(memberId, todayIso(deps.clock())));
  return mustUseSecondFactor(
    levels,
    rows.map((r) => r.level),
  );
}

/**
 * Removing a factor: refused (409) when the policy requires a second factor and it is the
 * member's last one (they would be led to enrolment at their next sign-in anyway).
 */
export async function assertMayRemove(deps: Pick<AppDeps, 'db' | 'env' | 'clock'>, memberId: number, removing: 'totp' | 'passkey') {
  const f = await factorsOf(deps, memberId);
  if (removing === 'totp' && !f.totp) return;
  const left = { passkeys: f.passkeys - (removing === 'passkey' ? 1 : 0), totp: removing === 'totp' ? false : f.totp };
  if (!hasFactor(left) && (await isRequired(deps, memberId))) {
    throw new ApiError(409, 'factor_required', 'A second factor is required for your functions: add another before removing this one');
  }
}

export type SecondStep = { stage: 'verify'; methods: SecondFactorMethod[] } | { stage: 'enrol'; methods: [] };

/**
 * What follows a right password: the second factor for whoever holds one; enrolment for whoever
 * must hold one and does not yet; nothing (the session at once) otherwise.
 */
export async function secondStepAfterPassword(deps: Pick<AppDeps, 'db' | 'env' | 'clock'>, memberId: number): Promise<SecondStep | null> {
  const factors = await factorsOf(deps, memberId);
  if (hasFactor(factors)) return { stage: 'verify', methods: secondFactorMethods(factors) };
  if (await isRequired(deps, memberId)) return { stage: 'enrol', methods: [] };
  return null;
}

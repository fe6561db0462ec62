import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { formatRecoveryCode, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '@/lib/domain/two-factor';
import type { SeedDb } from '../../db/seed/insert';
import { passkeys, recoveryCodes, totpSecrets } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { completeHalfSignIn, countedAttempt, type HalfSignIn } from './half-sign-in';
import { factorsOf, hasFactor } from './policy';

/**
 * Recovery codes: RECOVERY_CODE_COUNT random codes of 50 bits each, shown once; only the SHA-256
 * of each is stored (random codes need no slow hash). Each is usable once.
 */

const hashCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** Replaces the member's codes with a new set and answers the codes in clear (the only time they are seen). */
export async function issueRecoveryCodes(tx: SeedDb, memberId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(10)));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ memberId, codeHash: hashCode(code), createdAt: now })));
  return codes;
}

/**
 * Recovery codes recover a factor: once the last passkey and authenticator app are gone, they go
 * too (the next first factor comes with a new set).
 */
export async function dropCodesWithoutFactor(tx: SeedDb, memberId: number): Promise<void> {
  const [key] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.memberId, memberId)).limit(1);
  const [app] = await tx
    .select({ id: totpSecrets.memberId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.memberId, memberId), isNotNull(totpSecrets.confirmedAt)));
  if (!key && !app) await tx.delete(recoveryCodes).where(eq(recoveryCodes.memberId, memberId));
}

/** POST: a new set of codes; the old ones stop working. Only with a factor to recover. */
export async function regenerateRecoveryCodes(deps: AppDeps, memberId: number): Promise<string[]> {
  if (!hasFactor(await factorsOf(deps, memberId))) {
    throw new ApiError(409, 'no_factor', 'Recovery codes need a passkey or an authenticator app first');
  }
  return deps.db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, memberId, deps.clock());
    await recordAudit(tx, {
      actorId: memberId,
      entity: 'member',
      entityId: memberId,
      action: 'secondFactor',
      after: { recoveryCodes: 'renewed' },
    });
    return codes;
  });
}

/** The second step with a recovery code: counted toward the sign-in limit; the code is used up. */
export async function signInWithRecoveryCode(
  deps: AppDeps,
  half: HalfSignIn,
  code: string,
): Promise<{ jwtToken: string; remaining: number }> {
  const now = deps.clock();
  await countedAttempt(deps, half, async () => {
    const used = await deps.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.memberId, half.memberId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  });
  const jwtToken = await completeHalfSignIn(deps, half);
  return { jwtToken, remaining: (await factorsOf(deps, half.memberId)).recoveryCodes };
}

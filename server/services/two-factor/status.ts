import { and, eq, isNotNull } from 'drizzle-orm';
import { totpSecrets } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { listPasskeys, type PasskeyInfo } from './passkeys';
import { factorsOf, isRequired } from './policy';

export type TwoFactorStatus = {
  /** The policy makes this member use a second factor. */
  required: boolean;
  totp: boolean;
  passkeys: PasskeyInfo[];
  recoveryCodesLeft: number;
};

/** GET: the member's second factors as the profile shows them (nothing secret). */
export async function twoFactorStatus(deps: AppDeps, memberId: number): Promise<TwoFactorStatus> {
  // one after another: inside a transaction they share one connection
  const factors = await factorsOf(deps, memberId);
  const keys = await listPasskeys(deps, memberId);
  const required = await isRequired(deps, memberId);
  const [totp] = await deps.db
    .select({ memberId: totpSecrets.memberId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.memberId, memberId), isNotNull(totpSecrets.confirmedAt)));
  return { required, totp: Boolean(totp), passkeys: keys, recoveryCodesLeft: factors.recoveryCodes };
}

/**
 * Rules of the two-factor sign-in that the API and the admin app share (no I/O).
 */

/** How long the state between the password and the second factor lives. */
export const HALF_SIGN_IN_MINUTES = 5;
/** Recovery codes handed out at a time; each is usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** Authenticator codes: six digits, a new one every 30 seconds, one step of clock drift either way. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DRIFT_STEPS = 1;

export type SecondFactorMethod = 'passkey' | 'totp' | 'recovery';

/**
 * Whether a member must sign in with a second factor: they hold a function in an organisation of
 * one of the required levels (TWO_FACTOR_REQUIRED_LEVELS).
 */
export function mustUseSecondFactor(requiredLevels: readonly number[], functionOrgLevels: readonly number[]): boolean {
  return functionOrgLevels.some((level) => requiredLevels.includes(level));
}

/** The ways a member can take the second step, passkey first, recovery codes last. */
export function secondFactorMethods(has: { passkeys: number; totp: boolean; recoveryCodes: number }): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (has.passkeys > 0) methods.push('passkey');
  if (has.totp) methods.push('totp');
  if (has.recoveryCodes > 0) methods.push('recovery');
  return methods;
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** A recovery code from 10 random bytes: ten characters (50 bits), shown as XXXXX-XXXXX. */
export function formatRecoveryCode(randomBytes: Uint8Array): string {
  const chars = Array.from(randomBytes.slice(0, 10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
}

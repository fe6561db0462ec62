import 'server-only';
import { ApiError } from '@/lib/api/errors';
import type { ActionContext } from './define-action';
import { NO_PERMISSIONS } from './keep-session';

/** Whole minutes to wait, from the API's retry-after seconds (at least one). */
function minutesToWait(error: ApiError): number {
  const seconds = Number(error.value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

/**
 * How the steps of a sign-in after the password (second factor, passkey alone, enrolment the
 * policy demands) word their refusals; the namespaces are `twoFactor` then `signIn`.
 */
export function secondStepRefusal(error: ApiError, { t }: ActionContext) {
  if (error.code === NO_PERMISSIONS) return { message: t('noPermissions', { email: String(error.value ?? '') }) };
  if (error.status === 429) return { message: t('rateLimited', { minutes: minutesToWait(error) }) };
  if (error.code === 'invalid_code') return { message: t('invalidCode'), fieldErrors: { code: t('invalidCode') } };
  if (error.code === 'invalid_passkey' || error.code === 'invalid_challenge') return { message: t('invalidPasskey') };
  // the half-signed-in state is over (5 minutes, or used): back to the password
  if (error.status === 401) return { message: t('expired') };
  return undefined;
}

export const SECOND_STEP_NAMESPACES = ['twoFactor', 'signIn'] as const;

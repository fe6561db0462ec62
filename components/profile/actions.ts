'use server';

import { getTranslations } from 'next-intl/server';
import { fail, fieldErrorsOf, ok, type ActionResult } from '@/lib/api/action-result';
import { logoutEverywhere, updatePassword } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/errors';
import { getSession } from '@/lib/session';
import { changePasswordFormSchema, type ChangePasswordFormInput } from './change-password-schema';

/** Change the signed-in user's password (core §7 update_password); failure text 'Fehler!' (core §8). */
export async function changePassword(input: ChangePasswordFormInput): Promise<ActionResult> {
  const t = await getTranslations('password');
  const parsed = changePasswordFormSchema.safeParse(input);
  if (!parsed.success) {
    return fail(t('failure'), { fieldErrors: fieldErrorsOf(parsed.error.issues, (k) => t(k)), code: 'validation' });
  }
  try {
    // The API ends the user's other sessions; this one goes on.
    await updatePassword(parsed.data.oldPassword, parsed.data.newPassword);
    return ok(null);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // e.g. the redirect that ends an expired session
    if (error.code === 'wrong_password') {
      return fail(t('failure'), { fieldErrors: { oldPassword: t('oldWrong') }, code: error.code });
    }
    if (error.status === 422) {
      return fail(t('failure'), { fieldErrors: { newPassword: t('rules') }, code: error.code });
    }
    return fail(t('failure'), { code: error.code });
  }
}

/**
 * "Sign out everywhere": the API ends every session of the user (other browsers and devices, and
 * this one); then this browser's cookie goes too. The client reloads /admin afterwards.
 */
export async function signOutEverywhere(): Promise<ActionResult> {
  try {
    await logoutEverywhere();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // 401: the session had already ended — there is nothing left to end.
    if (error.status !== 401) return fail((await getTranslations('errors'))('generic'), { code: error.code });
  }
  (await getSession()).destroy();
  return ok(null);
}

'use server';

import { getTranslations } from 'next-intl/server';
import { defineAction } from '@/lib/actions/define-action';
import type { Refusal } from '@/lib/actions/define-action';
import { fail, ok, type ActionResult } from '@/lib/api/action-result';
import { logoutEverywhere, updatePassword } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/errors';
import { getSession } from '@/lib/session';
import { changePasswordFormSchema } from './change-password-schema';

/** Change the signed-in user's password; a refusal is titled 'Fehler!'. */
export const changePassword = defineAction({
  namespace: 'password',
  input: changePasswordFormSchema,
  failure: 'failure',
  refusal: (error, { t }): Refusal | undefined => {
    if (error.code === 'wrong_password') return { fieldErrors: { oldPassword: t('oldWrong') } };
    if (error.status === 422) return { fieldErrors: { newPassword: t('rules') } };
    return undefined;
  },
  run: async ({ oldPassword, newPassword }) => {
    // The API ends the user's other sessions; this one goes on.
    await updatePassword(oldPassword, newPassword);
    return null;
  },
});

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

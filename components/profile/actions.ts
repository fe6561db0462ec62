'use server';

import { defineAction } from '@/lib/actions/define-action';
import type { Refusal } from '@/lib/actions/define-action';
import { updatePassword } from '@/lib/api/auth';
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
    const { jwtToken } = await updatePassword(oldPassword, newPassword);
    // The change revokes every earlier token, this session's too: keep the fresh one.
    const session = await getSession();
    session.token = jwtToken;
    await session.save();
    return null;
  },
});

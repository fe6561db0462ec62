'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { login, requestPassword, resetPassword } from '@/lib/api/auth';
import { getSession } from '@/lib/session';
import { loginSchema, requestPasswordSchema } from '@/lib/schemas/auth';
import { keepSession, NO_PERMISSIONS } from '@/lib/actions/keep-session';
import { resetFormSchema } from './reset-form-schema';
import { minutesToWait } from '@/lib/domain/retry-after';

/** The sign-in limit's window: the wait shown when the refusal carries none. */
const SIGN_IN_LIMIT_MINUTES = 15;

/**
 * Sign-in: clears the stored auth, posts the credentials, and keeps the token only when the user
 * has system roles; otherwise the user stays signed out with the no-permission error (a failed
 * role lookup counts as no roles).
 */
export const signIn = defineAction({
  namespace: 'signIn',
  input: loginSchema,
  refusal: (error, { t }) => {
    if (error.code === NO_PERMISSIONS) return { message: t('noPermissions', { email: String(error.value ?? '') }) };
    if (error.status === 429) return { message: t('rateLimited', { minutes: minutesToWait(error.value, SIGN_IN_LIMIT_MINUTES) }) };
    // a 401 here is a wrong password, not an ended session
    // 400/422: a body the API refuses (the form checks the same schema first)
    if (error.status === 401 || error.status === 400 || error.status === 422) return { message: t('failure') };
    return undefined;
  },
  run: async ({ email, password }): Promise<SignInOutcome> => {
    const session = await getSession();
    session.destroy();
    const answer = await login(email, password);
    if (!('jwtToken' in answer)) {
      // the second step (or the enrolment the policy demands) comes first
      session.pending = { token: answer.pendingToken, stage: answer.stage, methods: answer.methods, email };
      await session.save();
      return { secondFactor: { stage: answer.stage, methods: answer.methods } };
    }
    await keepSession(answer.jwtToken, email);
    return null;
  },
});

/** What a sign-in answers: done (null), or the second step that is due. */
export type SignInOutcome = null | { secondFactor: { stage: 'verify' | 'enrol'; methods: Array<'passkey' | 'totp' | 'recovery'> } };

/** Forgot password: asks the API to mail a reset link. Known and unknown addresses answer alike. */
export const requestPasswordReset = defineAction({
  namespace: 'forgotPassword',
  input: requestPasswordSchema,
  refusal: (error, { t }) => (error.status === 400 || error.status === 422 ? { message: t('invalid') } : undefined),
  run: async ({ email }) => {
    await requestPassword(email);
    return { email };
  },
});

/** Reset password with the token from the mailed link. */
export const completePasswordReset = defineAction({
  namespace: ['resetPassword', 'password'],
  input: z.object({ token: z.string().min(1).max(500), values: resetFormSchema }),
  failure: 'failure',
  refusal: (error, { t }) => {
    if (error.status === 422) return { message: t('rules'), fieldErrors: { password: t('rules') } };
    if (error.status === 400) return { message: t('failure') };
    return undefined;
  },
  run: async ({ token, values }) => {
    await resetPassword(token, values.email, values.password);
    return null;
  },
});

'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { login, requestPassword, resetPassword } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/errors';
import { getSystemRolesWithToken } from '@/lib/api/user';
import { getSession } from '@/lib/session';
import { loginSchema, requestPasswordSchema } from '@/lib/schemas/auth';
import { resetFormSchema } from './reset-form-schema';

/** Whole minutes to wait, from the API's retry-after seconds (at least one). */
function minutesToWait(error: ApiError): number {
  const seconds = Number(error.value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

/** Thrown inside the sign-in when the account holds no system role: it stays signed out. */
const NO_PERMISSIONS = 'no_permissions';

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
    if (error.status === 429) return { message: t('rateLimited', { minutes: minutesToWait(error) }) };
    // a 401 here is a wrong password, not an ended session
    // 400/422: a body the API refuses (the form checks the same schema first)
    if (error.status === 401 || error.status === 400 || error.status === 422) return { message: t('failure') };
    return undefined;
  },
  run: async ({ email, password }) => {
    const session = await getSession();
    session.destroy();
    const answer = await login(email, password);
    if (!('jwtToken' in answer)) {
      // A second factor is due (or its enrolment): the admin app's second step is not built yet.
      throw new ApiError(401, { code: 'second_factor_required', message: 'A second factor is due' });
    }
    const token = answer.jwtToken;
    const roles = await getSystemRolesWithToken(token).catch(() => []);
    if (!Array.isArray(roles) || roles.length === 0) {
      throw new ApiError(403, { code: NO_PERMISSIONS, message: 'The user holds no system role', value: email });
    }
    session.token = token;
    session.email = email;
    await session.save();
    return null;
  },
});

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

'use server';

import { getTranslations } from 'next-intl/server';
import { fail, fieldErrorsOf, ok, type ActionResult } from '@/lib/api/action-result';
import { login, requestPassword, resetPassword } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/errors';
import { getSystemRolesWithToken } from '@/lib/api/user';
import { getSession } from '@/lib/session';
import { loginSchema, requestPasswordSchema } from '@/lib/schemas/auth';
import { resetFormSchema, type ResetFormInput } from './reset-form-schema';

/** Whole minutes to wait, from the API's retry-after seconds (at least one). */
function minutesToWait(error: ApiError): number {
  const seconds = Number(error.value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

/**
 * Sign-in (core §4): clears the stored auth, posts the credentials, and keeps the token only when
 * the user has system roles; otherwise the user stays signed out with the no-permission error.
 */
export async function signIn(input: { email: string; password: string }): Promise<ActionResult> {
  const t = await getTranslations('signIn');
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return fail(t('failure'), { fieldErrors: fieldErrorsOf(parsed.error.issues, (k) => t(k)), code: 'validation' });
  }
  const { email, password } = parsed.data;
  const session = await getSession();
  session.destroy();

  let token: string;
  try {
    token = (await login(email, password)).jwtToken;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // e.g. the redirect that ends an expired session
    if (error.status === 429) {
      return fail(t('rateLimited', { minutes: minutesToWait(error) }), { code: 'rate_limited' });
    }
    if ((error.status === 401 || error.status === 400)) {
      return fail(t('failure'), { code: 'invalid_credentials' });
    }
    return fail((await getTranslations('errors'))('generic'), { code: 'generic' });
  }

  let roles: unknown[] = [];
  try {
    roles = await getSystemRolesWithToken(token);
  } catch {
    // a failed load counts as no permissions (core §4)
  }
  if (!Array.isArray(roles) || roles.length === 0) {
    return fail(t('noPermissions', { email }), { code: 'no_permissions' });
  }
  session.token = token;
  session.email = email;
  await session.save();
  return ok(null);
}

/** Forgot password: asks the API to mail a reset link. Known and unknown addresses answer alike. */
export async function requestPasswordReset(input: { email: string }): Promise<ActionResult<{ email: string }>> {
  const t = await getTranslations('forgotPassword');
  const parsed = requestPasswordSchema.safeParse(input);
  if (!parsed.success) {
    return fail(t('invalid'), { fieldErrors: fieldErrorsOf(parsed.error.issues, (k) => t(k)) });
  }
  try {
    await requestPassword(parsed.data.email);
    return ok({ email: parsed.data.email });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // e.g. the redirect that ends an expired session
    if (error.status === 400) return fail(t('invalid'), { code: error.code });
    if (error.status === 429) return fail((await getTranslations('errors'))('rateLimited'), { code: error.code });
    return fail((await getTranslations('errors'))('generic'));
  }
}

/** Reset password with the token from the mailed link. */
export async function completePasswordReset(token: string, input: ResetFormInput): Promise<ActionResult> {
  const t = await getTranslations('resetPassword');
  const tp = await getTranslations('password');
  const translate = (key: string) => (t.has(key) ? t(key) : tp(key));
  const parsed = resetFormSchema.safeParse(input);
  if (!parsed.success) {
    return fail(t('failure'), { fieldErrors: fieldErrorsOf(parsed.error.issues, translate), code: 'validation' });
  }
  try {
    await resetPassword(token, parsed.data.email, parsed.data.password);
    return ok(null);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // e.g. the redirect that ends an expired session
    if (error.status === 422) {
      return fail(tp('rules'), { fieldErrors: { password: tp('rules') }, code: error.code });
    }
    if (error.status === 400) return fail(t('failure'), { code: error.code });
    return fail((await getTranslations('errors'))('generic'));
  }
}

'use server';

import { z } from 'zod';
import { defineAction, type ActionContext } from '@/lib/actions/define-action';
import { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/two-factor';
import { getSession } from '@/lib/session';
import {
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
  recoveryCodeSchema,
  totpCodeSchema,
} from '@/lib/schemas/two-factor';
import { keepSession, NO_PERMISSIONS } from '../auth/keep-session';

/**
 * The second step of a sign-in (code, recovery code, passkey), sign-in with a passkey alone, and
 * enrolment of the second factors (from the profile, or at sign-in when the policy demands it).
 */

const NAMESPACES = ['twoFactor', 'signIn'] as const;
const noInput = z.object({});

/** Whole minutes to wait, from the API's retry-after seconds (at least one). */
function minutesToWait(error: ApiError): number {
  const seconds = Number(error.value);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

/** How the sign-in's steps word their refusals. */
function signInRefusal(error: ApiError, { t }: ActionContext) {
  if (error.code === NO_PERMISSIONS) return { message: t('noPermissions', { email: String(error.value ?? '') }) };
  if (error.status === 429) return { message: t('rateLimited', { minutes: minutesToWait(error) }) };
  if (error.code === 'invalid_code') return { message: t('invalidCode'), fieldErrors: { code: t('invalidCode') } };
  if (error.code === 'invalid_passkey' || error.code === 'invalid_challenge') return { message: t('invalidPasskey') };
  // the half-signed-in state is over (5 minutes, or used): back to the password
  if (error.status === 401) return { message: t('expired') };
  return undefined;
}

/** The half sign-in of this browser whose second factor is due. */
async function pendingVerify() {
  const pending = (await getSession()).pending;
  if (!pending || pending.stage !== 'verify')
    throw new ApiError(401, { code: 'unauthorized', message: 'No sign-in is waiting for its second factor' });
  return pending;
}

export const signInWithCode = defineAction({
  namespace: NAMESPACES,
  input: totpCodeSchema,
  refusal: signInRefusal,
  run: async ({ code }) => {
    const pending = await pendingVerify();
    await keepSession((await api.secondStepTotp(pending.token, code)).jwtToken, pending.email);
    return null;
  },
});

export const signInWithRecoveryCode = defineAction({
  namespace: NAMESPACES,
  input: recoveryCodeSchema,
  refusal: signInRefusal,
  run: async ({ code }) => {
    const pending = await pendingVerify();
    const answer = await api.secondStepRecovery(pending.token, code);
    await keepSession(answer.jwtToken, pending.email);
    return { remaining: answer.remaining };
  },
});

export const secondStepPasskeyOptions = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  refusal: signInRefusal,
  run: async () => api.secondStepPasskeyOptions((await pendingVerify()).token),
});

export const signInWithPasskeyAnswer = defineAction({
  namespace: NAMESPACES,
  input: passkeyAuthenticationSchema,
  refusal: signInRefusal,
  run: async ({ challengeId, response }) => {
    const pending = await pendingVerify();
    await keepSession((await api.secondStepPasskey(pending.token, challengeId, response)).jwtToken, pending.email);
    return null;
  },
});

/** Sign-in with a passkey alone: the challenge. */
export const passkeySignInOptions = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  refusal: signInRefusal,
  run: async () => {
    (await getSession()).destroy();
    return api.passkeySignInOptions();
  },
});

/** Sign-in with a passkey alone: the answer. */
export const passkeySignIn = defineAction({
  namespace: NAMESPACES,
  input: passkeyAuthenticationSchema,
  refusal: signInRefusal,
  run: async ({ challengeId, response }) => {
    const { jwtToken } = await api.passkeySignIn(challengeId, response);
    await keepSession(jwtToken, await api.emailOfToken(jwtToken));
    return null;
  },
});

/**
 * The token enrolment runs with: the session's; else, when the policy demands enrolment at
 * sign-in, the half-signed-in one (the API accepts nothing else with it).
 */
async function enrolmentToken(): Promise<{ token?: string; pendingEmail?: string }> {
  const session = await getSession();
  if (session.token) return {};
  if (session.pending?.stage === 'enrol') return { token: session.pending.token, pendingEmail: session.pending.email };
  throw new ApiError(401, { code: 'unauthorized', message: 'Not signed in' });
}

/** An enrolment that completed a sign-in the policy held back: keep the session it gave. */
async function finishEnrolment(answer: { jwtToken?: string; recoveryCodes?: string[] }, pendingEmail?: string) {
  if (answer.jwtToken && pendingEmail !== undefined) await keepSession(answer.jwtToken, pendingEmail);
  return { recoveryCodes: answer.recoveryCodes ?? null, signedIn: Boolean(answer.jwtToken) };
}

export const startAuthenticatorEnrolment = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  refusal: signInRefusal,
  run: async () => api.enrolTotp((await enrolmentToken()).token),
});

export const confirmAuthenticator = defineAction({
  namespace: NAMESPACES,
  input: totpCodeSchema,
  refusal: signInRefusal,
  run: async ({ code }) => {
    const { token, pendingEmail } = await enrolmentToken();
    return finishEnrolment(await api.confirmTotp(code, token), pendingEmail);
  },
});

export const startPasskeyRegistration = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  refusal: signInRefusal,
  run: async () => api.passkeyRegistrationOptions((await enrolmentToken()).token),
});

export const finishPasskeyRegistration = defineAction({
  namespace: NAMESPACES,
  input: passkeyRegistrationSchema,
  refusal: signInRefusal,
  run: async (input) => {
    const { token, pendingEmail } = await enrolmentToken();
    const answer = await api.registerPasskey(input, token);
    return { ...(await finishEnrolment(answer, pendingEmail)), passkey: answer.passkey };
  },
});

export const renamePasskey = defineAction({
  namespace: NAMESPACES,
  input: passkeyRenameSchema.extend({ id: z.string().min(1).max(1400) }),
  run: async ({ id, name }) => api.renamePasskey(id, name),
});

export const removePasskey = defineAction({
  namespace: NAMESPACES,
  input: z.object({ id: z.string().min(1).max(1400) }),
  run: async ({ id }) => {
    await api.removePasskey(id);
    return null;
  },
});

export const removeAuthenticator = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  run: async () => {
    await api.removeTotp();
    return null;
  },
});

export const renewRecoveryCodes = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  run: async () => (await api.regenerateRecoveryCodes()).recoveryCodes,
});

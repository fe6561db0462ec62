'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { keepSession } from '@/lib/actions/keep-session';
import { SECOND_STEP_NAMESPACES as NAMESPACES, secondStepRefusal as signInRefusal } from '@/lib/actions/two-factor-refusal';
import { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/two-factor';
import { getSession } from '@/lib/session';
import { passkeyRegistrationSchema, totpCodeSchema } from '@/lib/schemas/two-factor';

/** Enrolling a second factor: from the profile, or at sign-in when the policy demands it. */

const noInput = z.object({});

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

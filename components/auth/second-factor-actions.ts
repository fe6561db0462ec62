'use server';

import { z } from 'zod';
import { defineAction } from '@/lib/actions/define-action';
import { keepSession } from '@/lib/actions/keep-session';
import { SECOND_STEP_NAMESPACES as NAMESPACES, secondStepRefusal as signInRefusal } from '@/lib/actions/two-factor-refusal';
import { ApiError } from '@/lib/api/errors';
import * as api from '@/lib/api/two-factor';
import { getSession } from '@/lib/session';
import { passkeyAuthenticationSchema, recoveryCodeSchema, totpCodeSchema } from '@/lib/schemas/two-factor';

/** The second step of a sign-in (code, recovery code, passkey) and sign-in with a passkey alone. */

const noInput = z.object({});

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

export const passkeySignInOptions = defineAction({
  namespace: NAMESPACES,
  input: noInput,
  refusal: signInRefusal,
  run: async () => {
    (await getSession()).destroy();
    return api.passkeySignInOptions();
  },
});

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

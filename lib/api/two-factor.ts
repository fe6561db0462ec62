import 'server-only';
import type { RequestBody, Api } from './client';
import { apiCall, pathParam } from './client';

/**
 * The two-factor calls. The second step of a sign-in is made with the half-signed-in token
 * (`pending`), never with a session token; enrolment with the session's token, or with the
 * half-signed-in one when the policy demands enrolment before anything else.
 */

type PasskeyAnswer = RequestBody<Api['api']['v1']['auth']['two_factor']['passkey']['$post']>['response'];
type PasskeyRegistration = RequestBody<Api['api']['v1']['auth']['two_factor']['passkeys']['$post']>['response'];

const half = (pending: string) => ({ token: pending, onUnauthorized: 'throw' as const });
/** The session's token, or the half-signed-in one (enrolment the policy demands); a 401 is thrown, not redirected. */
const enrolling = (token?: string) => (token ? { token, onUnauthorized: 'throw' as const } : { onUnauthorized: 'throw' as const });

export const secondStepTotp = (pending: string, code: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.totp.$post({ json: { code } }), half(pending));

export const secondStepRecovery = (pending: string, code: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.recovery.$post({ json: { code } }), half(pending));

export const secondStepPasskeyOptions = (pending: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.passkey.options.$post(), half(pending));

export const secondStepPasskey = (pending: string, challengeId: string, response: PasskeyAnswer) =>
  apiCall((api) => api.api.v1.auth.two_factor.passkey.$post({ json: { challengeId, response } }), half(pending));

export const passkeySignInOptions = () =>
  apiCall((api) => api.api.v1.auth.passkey.options.$post(), { token: 'NONE', onUnauthorized: 'throw' });

export const passkeySignIn = (challengeId: string, response: PasskeyAnswer) =>
  apiCall((api) => api.api.v1.auth.passkey.$post({ json: { challengeId, response } }), { token: 'NONE', onUnauthorized: 'throw' });

export const twoFactorStatus = (token?: string) => apiCall((api) => api.api.v1.auth.two_factor.$get(), enrolling(token));

export const enrolTotp = (token?: string) => apiCall((api) => api.api.v1.auth.two_factor.totp.enrol.$post(), enrolling(token));

export const confirmTotp = (code: string, token?: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.totp.confirm.$post({ json: { code } }), enrolling(token));

export const passkeyRegistrationOptions = (token?: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.passkeys.options.$post(), enrolling(token));

export const registerPasskey = (input: { challengeId: string; name: string; response: PasskeyRegistration }, token?: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.passkeys.$post({ json: input }), enrolling(token));

export const removeTotp = () => apiCall((api) => api.api.v1.auth.two_factor.totp.$delete());

export const renamePasskey = (id: string, name: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.passkeys[':id'].$patch({ param: { id: pathParam(id) }, json: { name } }));

export const removePasskey = (id: string) =>
  apiCall((api) => api.api.v1.auth.two_factor.passkeys[':id'].$delete({ param: { id: pathParam(id) } }));

export const regenerateRecoveryCodes = () => apiCall((api) => api.api.v1.auth.two_factor.recovery_codes.$post());

/** The signed-in user's address, for a token not yet in the session (a sign-in with a passkey alone names no address). */
export const emailOfToken = async (token: string) =>
  (await apiCall((api) => api.api.v1.getUser.$get(), { token, onUnauthorized: 'throw' })).email ?? '';

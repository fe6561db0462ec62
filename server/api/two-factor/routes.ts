import { createRoute, z } from '@hono/zod-openapi';
import {
  EnrolmentResultSchema,
  PasskeySchema,
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
  recoveryCodeSchema,
  SessionTokenSchema,
  totpCodeSchema,
  TwoFactorStatusSchema,
} from '@/lib/schemas/two-factor';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { json, memberIdParam, OkSchema, publicCall } from '../../http/route-parts';
import { secondFactorStep, signedIn, signedInOrEnrolling } from '../require-auth';

/**
 * Two-factor sign-in: the second step after the password (half-signed-in token), sign-in with a
 * passkey alone, enrolment of passkeys and an authenticator app, recovery codes, and the
 * federation's reset of a person's factors.
 */

const tags = ['Two-factor sign-in'];

const ChallengeOptions = z
  .object({
    challengeId: z.string().meta({ description: 'Names the challenge; send it back with the answer' }),
    options: z
      .looseObject({ challenge: z.string() })
      .meta({ description: 'For @simplewebauthn/browser (startRegistration / startAuthentication)' }),
  })
  .meta({ id: 'WebAuthnChallenge' });

const passkeyIdParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,1400}$/, 'a credential id (base64url)')
  .meta({ description: 'The passkey (credential id, base64url)' });

// ── the second step of a sign-in (half-signed-in token, stage `verify`)

export const signInTotp = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/totp',
  operationId: 'secondFactorTotp',
  ...access.secondFactor,
  ...secondFactorStep,
  tags,
  summary: 'Second step: a code from the authenticator app',
  description:
    'With the half-signed-in token. A code of the current 30-second step or one step either side is accepted, each code once. A wrong or reused code answers 400 `invalid_code` and counts toward the sign-in limit (429).',
  request: { body: { required: true, content: json(totpCodeSchema) } },
  responses: { 200: { description: 'Signed in', content: json(SessionTokenSchema) }, ...errorResponses(400, 401, 422, 429) },
});

export const signInRecovery = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/recovery',
  operationId: 'secondFactorRecovery',
  ...access.secondFactor,
  ...secondFactorStep,
  tags,
  summary: 'Second step: a recovery code',
  description:
    'With the half-signed-in token. Each recovery code works once; a wrong or used one answers 400 `invalid_code` and counts toward the sign-in limit.',
  request: { body: { required: true, content: json(recoveryCodeSchema) } },
  responses: {
    200: {
      description: 'Signed in',
      content: json(z.object({ jwtToken: z.string(), remaining: z.number().int().meta({ description: 'Unused recovery codes left' }) })),
    },
    ...errorResponses(400, 401, 422, 429),
  },
});

export const signInPasskeyOptions = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/passkey/options',
  operationId: 'secondFactorPasskeyOptions',
  ...access.secondFactor,
  ...secondFactorStep,
  tags,
  summary: 'Second step: a challenge for one of the account’s passkeys',
  description: 'With the half-signed-in token; user verification required. 409 `no_passkey` when the account has none.',
  responses: { 200: { description: 'The challenge', content: json(ChallengeOptions) }, ...errorResponses(401, 409) },
});

export const signInPasskey = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/passkey',
  operationId: 'secondFactorPasskey',
  ...access.secondFactor,
  ...secondFactorStep,
  tags,
  summary: 'Second step: the passkey’s answer',
  description:
    'A failed answer answers 400 `invalid_passkey` and counts toward the sign-in limit; an unknown or used challenge 400 `invalid_challenge`.',
  request: { body: { required: true, content: json(passkeyAuthenticationSchema) } },
  responses: { 200: { description: 'Signed in', content: json(SessionTokenSchema) }, ...errorResponses(400, 401, 422, 429) },
});

// ── sign-in with a passkey alone (no address, no password: the browser offers the account)

export const passwordlessOptions = createRoute({
  method: 'post',
  path: '/api/v1/auth/passkey/options',
  operationId: 'passkeySignInOptions',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Sign-in with a passkey: a challenge',
  description:
    'For a discoverable passkey (no account named); user verification required. The challenge is valid for 5 minutes and usable once.',
  responses: { 200: { description: 'The challenge', content: json(ChallengeOptions) } },
});

export const passwordlessSignIn = createRoute({
  method: 'post',
  path: '/api/v1/auth/passkey',
  operationId: 'passkeySignIn',
  ...access.public,
  ...publicCall,
  tags,
  summary: 'Sign-in with a passkey: the answer',
  description:
    'A passkey with user verification is both factors: the session begins at once. A failed answer answers 401 `invalid_passkey`.',
  request: { body: { required: true, content: json(passkeyAuthenticationSchema) } },
  responses: { 200: { description: 'Signed in', content: json(SessionTokenSchema) }, ...errorResponses(400, 401, 422) },
});

// ── enrolment (signed in, or half-signed-in when the policy demands a factor and none is enrolled)

const enrolmentNote =
  ' Also with a half-signed-in token of stage `enrol` (the policy demands a factor): the confirming call then answers the real session (`jwtToken`).';

export const status = createRoute({
  method: 'get',
  path: '/api/v1/auth/two_factor',
  operationId: 'twoFactorStatus',
  ...access.enrolment,
  ...signedInOrEnrolling,
  tags,
  summary: "The caller's second factors",
  description: `Passkeys with their last use, whether an authenticator app is enrolled, unused recovery codes, and whether the policy requires a factor.${enrolmentNote}`,
  responses: { 200: { description: 'The factors', content: json(TwoFactorStatusSchema) }, ...errorResponses(401) },
});

export const enrolTotp = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/totp/enrol',
  operationId: 'enrolTotp',
  ...access.enrolment,
  ...signedInOrEnrolling,
  tags,
  summary: 'Start enrolling an authenticator app',
  description: `A new secret with its otpauth:// URI and QR code (PNG data URL); it becomes a factor once confirmed with a first code. Replaces an unconfirmed one; 409 \`totp_enrolled\` when one is confirmed already.${enrolmentNote}`,
  responses: {
    200: {
      description: 'The secret',
      content: json(z.object({ secret: z.string(), uri: z.string(), qrCode: z.string().meta({ description: 'data:image/png;base64,…' }) })),
    },
    ...errorResponses(401, 409),
  },
});

export const confirmTotp = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/totp/confirm',
  operationId: 'confirmTotp',
  ...access.enrolment,
  ...signedInOrEnrolling,
  tags,
  summary: 'Confirm the authenticator app with its first code',
  description: `400 \`invalid_code\` for a wrong code; 409 \`no_enrolment\` when none is waiting. The first factor comes with 10 recovery codes, shown this once.${enrolmentNote}`,
  request: { body: { required: true, content: json(totpCodeSchema) } },
  responses: { 200: { description: 'Enrolled', content: json(EnrolmentResultSchema) }, ...errorResponses(400, 401, 409, 422) },
});

export const passkeyRegistrationOptions = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/passkeys/options',
  operationId: 'passkeyRegistrationOptions',
  ...access.enrolment,
  ...signedInOrEnrolling,
  tags,
  summary: 'Start adding a passkey',
  description: `Registration options: resident key preferred, user verification required, the caller's passkeys excluded.${enrolmentNote}`,
  responses: { 200: { description: 'The challenge', content: json(ChallengeOptions) }, ...errorResponses(401) },
});

export const registerPasskey = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/passkeys',
  operationId: 'registerPasskey',
  ...access.enrolment,
  ...signedInOrEnrolling,
  tags,
  summary: 'Add a passkey',
  description: `The authenticator's answer with a name. 400 \`invalid_passkey\` / \`invalid_challenge\`; 409 \`passkey_exists\`. The first factor comes with 10 recovery codes.${enrolmentNote}`,
  request: { body: { required: true, content: json(passkeyRegistrationSchema) } },
  responses: {
    200: { description: 'Added', content: json(EnrolmentResultSchema.extend({ passkey: PasskeySchema })) },
    ...errorResponses(400, 401, 409, 422),
  },
});

// ── managing factors (signed in)

export const removeTotp = createRoute({
  method: 'delete',
  path: '/api/v1/auth/two_factor/totp',
  operationId: 'removeTotp',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'Remove the authenticator app',
  description: 'Answers alike when none is enrolled; 409 `factor_required` when the policy requires a factor and it is the last one.',
  responses: { 200: { description: 'Removed (or there was none)', content: json(OkSchema) }, ...errorResponses(401, 409) },
});

export const renamePasskey = createRoute({
  method: 'patch',
  path: '/api/v1/auth/two_factor/passkeys/{id}',
  operationId: 'renamePasskey',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'Rename one of the caller’s passkeys',
  request: { params: z.object({ id: passkeyIdParam }), body: { required: true, content: json(passkeyRenameSchema) } },
  responses: { 200: { description: 'Renamed', content: json(PasskeySchema) }, ...errorResponses(401, 404, 422) },
});

export const removePasskey = createRoute({
  method: 'delete',
  path: '/api/v1/auth/two_factor/passkeys/{id}',
  operationId: 'removePasskey',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'Remove one of the caller’s passkeys',
  description:
    "404 for an unknown passkey or someone else's; 409 `factor_required` when the policy requires a factor and it is the last one.",
  request: { params: z.object({ id: passkeyIdParam }) },
  responses: { 200: { description: 'Removed', content: json(OkSchema) }, ...errorResponses(401, 404, 409, 422) },
});

export const regenerateRecoveryCodes = createRoute({
  method: 'post',
  path: '/api/v1/auth/two_factor/recovery_codes',
  operationId: 'regenerateRecoveryCodes',
  ...access.signedIn,
  ...signedIn,
  tags,
  summary: 'New recovery codes',
  description: '10 new codes, shown this once; the old ones stop working. 409 `no_factor` without a passkey or authenticator app.',
  responses: {
    200: { description: 'The new codes', content: json(z.object({ recoveryCodes: z.array(z.string()) })) },
    ...errorResponses(401, 409),
  },
});

// ── the federation's reset

export const resetMemberFactors = createRoute({
  method: 'delete',
  path: '/api/v1/admin/member/{memberId}/two_factor',
  operationId: 'resetSecondFactor',
  ...access({ own: ['federation'], foreign: ['federation'] }),
  tags,
  summary: "Reset a person's second factor (federation)",
  description:
    "Removes the person's passkeys, authenticator app and recovery codes and ends all their sessions; audited (what was removed, never a secret) and the person is told by mail.",
  request: { params: z.object({ memberId: memberIdParam }) },
  responses: { 200: { description: 'Reset', content: json(OkSchema) }, ...errorResponses(401, 403, 404, 422) },
});

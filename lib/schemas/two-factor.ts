import { z } from 'zod';
import { TOTP_DIGITS } from '@/lib/domain/two-factor';

/** Bodies of the two-factor calls, shared by the API routes and the admin app's actions. */

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${TOTP_DIGITS}}$`), 'codeFormat'),
});

export const recoveryCodeSchema = z.object({ code: z.string().trim().min(1, 'required').max(40) });

export const passkeyNameSchema = z.string().trim().min(1, 'required').max(60);

/** A WebAuthn response as @simplewebauthn/browser produces it; checked in depth by the server library. */
const webauthnResponse = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().optional(),
});

export const passkeyRegistrationSchema = z.object({
  challengeId: z.string().min(1).max(64),
  name: passkeyNameSchema,
  response: webauthnResponse,
});

export const passkeyAuthenticationSchema = z.object({
  challengeId: z.string().min(1).max(64),
  response: webauthnResponse,
});

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

/** Answers of the two-factor calls. */

export const HalfSignInSchema = z
  .object({
    pendingToken: z.string().meta({
      description:
        'Half-signed-in token (5 minutes): accepted only by the second-factor calls (stage `verify`) or the enrolment calls (stage `enrol`); every other call answers 401 to it',
    }),
    stage: z.enum(['verify', 'enrol']).meta({
      description: '`verify`: a second factor is due; `enrol`: the policy demands one and none is enrolled yet',
    }),
    methods: z.array(z.enum(['passkey', 'totp', 'recovery'])).meta({ description: 'The ways to take the second step, passkey first' }),
    expiresAt: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'HalfSignIn' });

export const SessionTokenSchema = z.object({ jwtToken: z.string() }).meta({ id: 'SessionToken' });

export const PasskeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string().meta({ format: 'date-time' }),
    lastUsedAt: z.string().nullable().meta({ format: 'date-time' }),
    transports: z.array(z.string()),
  })
  .meta({ id: 'Passkey' });

export const TwoFactorStatusSchema = z
  .object({
    required: z.boolean().meta({ description: 'The policy (TWO_FACTOR_REQUIRED_LEVELS) makes this member use a second factor' }),
    totp: z.boolean().meta({ description: 'An authenticator app is enrolled and confirmed' }),
    passkeys: z.array(PasskeySchema),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });

export const EnrolmentResultSchema = z.object({
  recoveryCodes: z.array(z.string()).optional().meta({ description: 'With the first factor only: the recovery codes, shown this once' }),
  jwtToken: z.string().optional().meta({ description: 'When a half-signed-in caller enrolled (policy): the real session' }),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

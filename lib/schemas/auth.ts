import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordRuleFailures } from '@/lib/domain/password';

/**
 * Shared by the sign-in/password forms, the server actions and the API.
 * Messages are message keys (namespace-relative); the UI translates them.
 */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'emailMissing').pipe(z.email('emailInvalid')),
  password: z.string().min(1, 'passwordEmpty'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const strongPassword = z
  .string()
  .min(PASSWORD_MIN, 'ruleLength')
  .max(PASSWORD_MAX, 'ruleLength')
  .refine((p) => !passwordRuleFailures(p).includes('case'), 'ruleCase')
  .refine((p) => !passwordRuleFailures(p).includes('digitOrSpecial'), 'ruleDigitOrSpecial');

export const requestPasswordSchema = z.object({
  email: z.string().trim().min(1, 'emailRequired').pipe(z.email('emailInvalid')),
});

/** API body of PUT /api/v1/auth/reset_password/{token}. */
export const resetPasswordSchema = z.object({
  email: z.string().trim().pipe(z.email('emailRequired')),
  password: strongPassword,
});

/** API body of PUT /api/v1/auth/update_password. */
export const updatePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'empty'),
    newPassword: strongPassword,
  })
  .refine((v) => v.oldPassword !== v.newPassword, { message: 'mustDiffer', path: ['newPassword'] });

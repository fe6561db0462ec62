import { z } from 'zod';
import { resetPasswordSchema } from '@/lib/schemas/auth';

/**
 * The reset-password screen's form: the API body plus the repeated password, which must match.
 * Messages are keys of the resetPassword namespace, falling back to password.
 */
export const resetFormSchema = resetPasswordSchema
  .extend({ repeat: z.string() })
  .refine((v) => v.password === v.repeat, { message: 'different', path: ['repeat'] });

export type ResetFormInput = z.infer<typeof resetFormSchema>;

import { z } from 'zod';
import { strongPassword } from '@/lib/schemas/auth';

/**
 * The profile's change-password form: all three fields required ('empty'), the new
 * password follows the rules and differs from the old one, the repeat equals the new one.
 * Messages are keys of the password namespace.
 */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, 'empty'),
    newPassword: z.string().min(1, 'empty').pipe(strongPassword),
    repeat: z.string().min(1, 'empty'),
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.oldPassword, {
    message: 'mustDiffer',
    path: ['newPassword'],
    when: bothFilled,
  })
  .refine((v) => v.repeat === v.newPassword, { message: 'different', path: ['repeat'], when: bothFilled });

export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/**
 * Run the cross-field checks as soon as the fields they compare hold something, even while another
 * field is still invalid ('passwords are different' should not wait for the old password).
 */
function bothFilled(payload: { value: unknown }): boolean {
  const v = payload.value as Partial<ChangePasswordFormInput> | undefined;
  return typeof v === 'object' && v !== null && typeof v.newPassword === 'string' && typeof v.repeat === 'string';
}

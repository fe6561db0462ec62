/**
 * Password rules: 8 to 32 characters, upper and lower case,
 * at least one digit or special character. Used by the API and by the forms.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

export type PasswordRule = 'length' | 'case' | 'digitOrSpecial';

export function passwordRuleFailures(password: string): PasswordRule[] {
  const failures: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) failures.push('length');
  if (!/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password)) failures.push('case');
  if (!/[^\p{L}]/u.test(password)) failures.push('digitOrSpecial');
  return failures;
}

/**
 * The sign-in form's checks in the browser, without a schema library, so the sign-in page stays
 * small. They give the same message keys as the shared loginSchema (lib/schemas/auth.ts), which
 * the server action applies again; tests/unit/sign-in-checks.test.ts holds both to the same answers.
 */

/** The e-mail pattern zod's z.email() uses. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function checkSignInEmail(value: string): 'emailMissing' | 'emailInvalid' | true {
  const email = value.trim();
  if (email === '') return 'emailMissing';
  return EMAIL.test(email) ? true : 'emailInvalid';
}

export function checkSignInPassword(value: string): 'passwordEmpty' | true {
  return value.length > 0 ? true : 'passwordEmpty';
}

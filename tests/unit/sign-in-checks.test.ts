import { checkSignInEmail, checkSignInPassword } from '@/lib/domain/sign-in-checks';
import { loginSchema } from '@/lib/schemas/auth';

/** The sign-in page checks without zod; the server action checks with the shared schema: same answers. */

function schemaAnswer(email: string, password: string) {
  const result = loginSchema.safeParse({ email, password });
  if (result.success) return { email: true, password: true };
  const issue = (field: string) => result.error.issues.find((i) => i.path[0] === field)?.message ?? true;
  return { email: issue('email'), password: issue('password') };
}

const emails = [
  '',
  '   ',
  'verband@example.org',
  ' verband@example.org ',
  'VERBAND@EXAMPLE.ORG',
  'a.b+c@sub.example.co.at',
  "o'brien@example.ie",
  'no-at-sign',
  'two@@example.org',
  '.leading@example.org',
  'double..dot@example.org',
  'trailing.@example.org',
  'user@localhost',
  'user@example.c',
  'user@-example.org',
  'user@exa mple.org',
  'üser@example.org',
  'user@example.org.',
  '@example.org',
];

describe('sign-in checks in the browser', () => {
  it.each(emails)('answers like the shared schema for the e-mail %p', (email) => {
    expect(checkSignInEmail(email)).toBe(schemaAnswer(email, 'x').email);
  });

  it.each(['', ' ', 'Bogen2026!'])('answers like the shared schema for the password %p', (password) => {
    expect(checkSignInPassword(password)).toBe(schemaAnswer('verband@example.org', password).password);
  });
});

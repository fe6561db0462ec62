import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { SignInForm } from '@/components/auth/sign-in-form';
import { ChangePasswordForm } from '@/components/profile/change-password-form';
import de from '@/messages/de.json';
import { renderWithIntl } from '../render-with-intl';

/**
 * A form with a secret posts and cannot be submitted before hydration: the server's HTML (what
 * the browser shows until the JavaScript has run) has `method="post"` and a disabled submit
 * button; once hydrated, the button works. Every component with a password field is such a form.
 */

const router = { replace: jest.fn(), refresh: jest.fn(), push: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/auth/actions', () => ({
  signIn: jest.fn(),
  completePasswordReset: jest.fn(),
  requestPasswordReset: jest.fn(),
}));
jest.mock('../../../components/profile/actions', () => ({ changePassword: jest.fn() }));
jest.mock('../../../components/shared/language-action', () => ({ setLanguage: jest.fn() }));
// the sign-in form's second step and enrolment call server actions (stood in for, as the form's own test does)
jest.mock('../../../components/auth/second-factor-actions', () => ({
  signInWithCode: jest.fn(),
  signInWithRecoveryCode: jest.fn(),
  secondStepPasskeyOptions: jest.fn(),
  signInWithPasskeyAnswer: jest.fn(),
  passkeySignInOptions: jest.fn(),
  passkeySignIn: jest.fn(),
}));
jest.mock('../../../components/shared/two-factor/enrolment-actions', () => ({
  startAuthenticatorEnrolment: jest.fn(),
  confirmAuthenticator: jest.fn(),
  startPasskeyRegistration: jest.fn(),
  finishPasskeyRegistration: jest.fn(),
}));

const forms: Array<[string, () => ReactElement]> = [
  ['sign-in', () => <SignInForm />],
  ['new password (request)', () => <ForgotPasswordForm />],
  ['repair password', () => <ResetPasswordForm token="t" />],
  ['password change in the profile', () => <ChangePasswordForm />],
];

function serverHtml(ui: ReactElement): HTMLElement {
  const html = renderToString(
    <NextIntlClientProvider locale="de" messages={de}>
      {ui}
    </NextIntlClientProvider>,
  );
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe.each(forms)('%s form', (_name, ui) => {
  it('posts, and its submit button is disabled in the server HTML (before hydration)', () => {
    const host = serverHtml(ui());
    const form = host.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(submit).not.toBeNull();
    expect(submit.disabled).toBe(true);
  });
});

it('the sign-in button works once hydrated', () => {
  renderWithIntl(<SignInForm />);
  expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
});

it('every component with a password field uses SecretForm, never a bare <form>', () => {
  const root = path.join(process.cwd(), 'components');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx')).map((f) => path.join(root, f));
  const withPassword = files.filter(
    (f) => /PasswordInput\b|type="password"/.test(readFileSync(f, 'utf8')) && !f.endsWith(path.join('ui', 'password-input.tsx')),
  );
  expect(withPassword.length).toBeGreaterThanOrEqual(3);
  for (const file of withPassword) {
    const source = readFileSync(file, 'utf8');
    expect({ file, secretForm: source.includes('<SecretForm'), bareForm: /<form[\s>]/.test(source) }).toEqual({
      file,
      secretForm: true,
      bareForm: false,
    });
  }
});

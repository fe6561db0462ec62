import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignInForm } from '@/components/auth/sign-in-form';
import { signIn } from '@/components/auth/actions';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

const router = { replace: jest.fn(), refresh: jest.fn(), push: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/auth/actions', () => ({ signIn: jest.fn() }));
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
jest.mock('../../../components/shared/language-action', () => ({ setLanguage: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));

const signInMock = signIn as jest.MockedFunction<typeof signIn>;

beforeEach(() => jest.clearAllMocks());

async function fill(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-Mail'), email);
  if (password) await user.type(screen.getByLabelText(/^(Password|Passwort)$/), password);
  return user;
}

describe('SignInForm', () => {
  it('shows the English validation texts and does not call sign-in', async () => {
    renderWithIntl(<SignInForm />, 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-Mail missing!')).toBeInTheDocument();
    expect(screen.getByText("Password can't be empty")).toBeInTheDocument();
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('says an address without @ is invalid', async () => {
    renderWithIntl(<SignInForm />, 'en');
    const user = await fill('verband.example.org', 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-Mail invalid')).toBeInTheDocument();
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('shows the German texts in German mode, and the 6-character hint', async () => {
    renderWithIntl(<SignInForm />, 'de');
    expect(screen.getByText('Mindestens 6 Zeichen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail fehlt!')).toBeInTheDocument();
    expect(screen.getByText('Passwort darf nicht leer sein')).toBeInTheDocument();
  });

  it('shows "Please wait" on a disabled button while signing in, then goes to the start page, which greets', async () => {
    let finish: (v: { ok: true; data: null }) => void = () => undefined;
    signInMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderWithIntl(<SignInForm />, 'en');
    const user = await fill('verband@example.org', 'Bogen2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const pending = await screen.findByRole('button', { name: /Please wait/ });
    expect(pending).toBeDisabled();
    expect(signInMock).toHaveBeenCalledWith({ email: 'verband@example.org', password: 'Bogen2026!' });

    await act(async () => finish({ ok: true, data: null }));
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/start?welcome=1'));
  });

  it('shows the failure toast for wrong credentials and stays on the form', async () => {
    signInMock.mockResolvedValue({ ok: false, message: 'E-Mail oder Passwort wurde falsch eingegeben!', code: 'invalid_credentials' });
    renderWithIntl(<SignInForm />, 'de');
    const user = await fill('verband@example.org', 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('E-Mail oder Passwort wurde falsch eingegeben!'));
    expect(router.replace).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });

  it('keeps the no-permission error on screen', async () => {
    signInMock.mockResolvedValue({ ok: false, message: 'Error: mitglied@example.org has no permissions.', code: 'no_permissions' });
    renderWithIntl(<SignInForm />, 'en');
    const user = await fill('mitglied@example.org', 'Bogen2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: mitglied@example.org has no permissions.');
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('shows the rate-limit message for 5 s', async () => {
    signInMock.mockResolvedValue({
      ok: false,
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      code: 'rate_limited',
    });
    renderWithIntl(<SignInForm />, 'en');
    const user = await fill('verband@example.org', 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Too many failed sign-in attempts. Please try again in 15 minutes.', { duration: 5000 }),
    );
  });

  it('links to the forgot-password screen', () => {
    renderWithIntl(<SignInForm />, 'en');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/new-password');
  });
  it('after the password shows the second step that is due, not the start page', async () => {
    signInMock.mockResolvedValue({ ok: true, data: { secondFactor: { stage: 'verify', methods: ['passkey', 'totp', 'recovery'] } } });
    renderWithIntl(<SignInForm />, 'de');
    const user = await fill('land@example.org', 'Bogen2026!');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('button', { name: 'Mit Passkey anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code eingeben' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Passwort')).not.toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('leads to enrolment when the policy demands a factor', async () => {
    signInMock.mockResolvedValue({ ok: true, data: { secondFactor: { stage: 'enrol', methods: [] } } });
    renderWithIntl(<SignInForm />, 'de');
    const user = await fill('verband@example.org', 'Bogen2026!');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText(/ist ein zweiter Anmeldefaktor vorgeschrieben/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passkey hinzufügen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Authenticator-App einrichten' })).toBeInTheDocument();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('offers the sign-in with a passkey alone', () => {
    renderWithIntl(<SignInForm />, 'de');
    expect(screen.getByRole('button', { name: 'Passkey statt Passwort verwenden' })).toBeInTheDocument();
    // one button says 'Anmelden' (the browser tests and screen readers find the sign-in by it)
    expect(screen.getAllByRole('button', { name: /anmelden/i })).toHaveLength(1);
  });
});

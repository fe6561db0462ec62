import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { completePasswordReset } from '@/components/auth/actions';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

const router = { replace: jest.fn(), refresh: jest.fn(), push: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/auth/actions', () => ({ completePasswordReset: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
const resetMock = completePasswordReset as jest.MockedFunction<typeof completePasswordReset>;

beforeEach(() => jest.clearAllMocks());

function fields() {
  return {
    email: screen.getByLabelText('E-Mail'),
    password: screen.getByLabelText('Neues Passwort'),
    repeat: screen.getByLabelText('Passwort wiederholen'),
    submit: screen.getByRole('button', { name: 'Passwort speichern' }),
  };
}

describe('ResetPasswordForm', () => {
  it('keeps the submit button disabled until e-mail, a valid password and the same repeat are there', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ResetPasswordForm token="tok123" />);
    const f = fields();
    expect(f.submit).toBeDisabled();

    await user.type(f.email, 'anna@example.org');
    await user.type(f.password, 'Neues2026!');
    expect(f.submit).toBeDisabled();

    await user.type(f.repeat, 'Neues2026');
    expect(f.submit).toBeDisabled();
    await user.type(f.repeat, '!');
    await waitFor(() => expect(f.submit).toBeEnabled());
  });

  it('stays disabled for a 7-character password and for 33 characters', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ResetPasswordForm token="t" />);
    const f = fields();
    await user.type(f.email, 'anna@example.org');
    await user.type(f.password, 'Abcde1!');
    await user.type(f.repeat, 'Abcde1!');
    await user.tab();
    expect(f.submit).toBeDisabled();
    expect(screen.getAllByText('8 bis 32 Zeichen').length).toBeGreaterThan(0);

    const long = `Aa1${'x'.repeat(30)}`;
    await user.clear(f.password);
    await user.type(f.password, long);
    await user.clear(f.repeat);
    await user.type(f.repeat, long);
    expect(f.submit).toBeDisabled();

    await user.clear(f.password);
    await user.type(f.password, long.slice(0, 32));
    await user.clear(f.repeat);
    await user.type(f.repeat, long.slice(0, 32));
    await waitFor(() => expect(f.submit).toBeEnabled());
  });

  it('says the passwords are different once the repeat was left', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ResetPasswordForm token="t" />);
    const f = fields();
    await user.type(f.password, 'Neues2026!');
    await user.type(f.repeat, 'Anderes2026!');
    await user.tab();
    expect(await screen.findByText('Passwörter sind unterschiedlich')).toBeInTheDocument();
  });

  it('offers show/hide on both password fields', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ResetPasswordForm token="t" />);
    const toggles = screen.getAllByRole('button', { name: 'Passwort anzeigen' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[0]);
    expect(fields().password).toHaveAttribute('type', 'text');
    expect(fields().repeat).toHaveAttribute('type', 'password');
  });

  it('sends the token with the form, toasts the success and goes to sign-in', async () => {
    resetMock.mockResolvedValue({ ok: true, data: null });
    const user = userEvent.setup();
    renderWithIntl(<ResetPasswordForm token="tok123" />);
    const f = fields();
    await user.type(f.email, 'anna@example.org');
    await user.type(f.password, 'Neues2026!');
    await user.type(f.repeat, 'Neues2026!');
    await waitFor(() => expect(f.submit).toBeEnabled());
    await user.click(f.submit);
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/'));
    expect(resetMock).toHaveBeenCalledWith({
      token: 'tok123',
      values: { email: 'anna@example.org', password: 'Neues2026!', repeat: 'Neues2026!' },
    });
    expect(notify.success).toHaveBeenCalledWith('Neues Passwort gespeichert!');
  });

  it('shows the failure of a used link and stays', async () => {
    resetMock.mockResolvedValue({ ok: false, message: 'Der Link ist ungültig oder abgelaufen, oder die E-Mail passt nicht.' });
    const user = userEvent.setup();
    renderWithIntl(<ResetPasswordForm token="used" />);
    const f = fields();
    await user.type(f.email, 'anna@example.org');
    await user.type(f.password, 'Neues2026!');
    await user.type(f.repeat, 'Neues2026!');
    await waitFor(() => expect(f.submit).toBeEnabled());
    await user.click(f.submit);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Der Link ist ungültig oder abgelaufen, oder die E-Mail passt nicht.'));
    expect(router.push).not.toHaveBeenCalled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import { requestPasswordReset } from '@/components/auth/actions';
import { renderWithIntl } from '../render-with-intl';

jest.mock('../../../components/auth/actions', () => ({ requestPasswordReset: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
const requestMock = requestPasswordReset as jest.MockedFunction<typeof requestPasswordReset>;

beforeEach(() => jest.clearAllMocks());

describe('ForgotPasswordForm', () => {
  it('requires an e-mail and refuses a malformed one (English texts)', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ForgotPasswordForm />, 'en');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A valid email must be entered!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-Mail'), 'anna');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not a valid email')).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('says the link was sent to the address', async () => {
    requestMock.mockResolvedValue({ ok: true, data: { email: 'anna@example.org' } });
    const user = userEvent.setup();
    renderWithIntl(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('E-Mail'), 'anna@example.org');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Ein Link zum Zurücksetzen des Passworts wurde an die E-Mail-Adresse anna@example.org gesendet.',
      ),
    );
  });

  it('links back to sign-in', () => {
    renderWithIntl(<ForgotPasswordForm />);
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute('href', '/');
  });
});

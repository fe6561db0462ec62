import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SecondStep } from '@/components/auth/second-step';
import {
  secondStepPasskeyOptions,
  signInWithCode,
  signInWithPasskeyAnswer,
  signInWithRecoveryCode,
} from '@/components/auth/second-factor-actions';
import { askAuthenticator } from '@/components/shared/two-factor/webauthn';
import { renderWithIntl } from '../render-with-intl';

jest.mock('../../../components/auth/second-factor-actions', () => ({
  signInWithCode: jest.fn(),
  signInWithRecoveryCode: jest.fn(),
  secondStepPasskeyOptions: jest.fn(),
  signInWithPasskeyAnswer: jest.fn(),
}));
jest.mock('../../../components/shared/two-factor/webauthn', () => ({ askAuthenticator: jest.fn() }));

const code = signInWithCode as jest.Mock;
const recovery = signInWithRecoveryCode as jest.Mock;

beforeEach(() => jest.clearAllMocks());

describe('SecondStep', () => {
  it('offers the passkey first where one is enrolled, then the code, the recovery code last', async () => {
    const user = userEvent.setup();
    renderWithIntl(<SecondStep methods={['passkey', 'totp', 'recovery']} onSignedIn={jest.fn()} />, 'de');
    expect(screen.getByRole('button', { name: 'Mit Passkey anmelden' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Sechsstelliger Code aus der Authenticator-App')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Code eingeben' }));
    expect(screen.getByLabelText('Sechsstelliger Code aus der Authenticator-App')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wiederherstellungscode' }));
    expect(screen.getByLabelText('Wiederherstellungscode')).toBeInTheDocument();
  });

  it("starts with 'Code eingeben' without a passkey, and signs in with the code", async () => {
    code.mockResolvedValue({ ok: true, data: null });
    const onSignedIn = jest.fn();
    const user = userEvent.setup();
    renderWithIntl(<SecondStep methods={['totp', 'recovery']} onSignedIn={onSignedIn} />, 'de');
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Sechsstelliger Code aus der Authenticator-App'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(code).toHaveBeenCalledWith({ code: '123456' });
  });

  it('shows a refused code and stays', async () => {
    code.mockResolvedValue({
      ok: false,
      message: 'Der Code ist falsch oder wurde bereits verwendet!',
      fieldErrors: { code: 'Der Code ist falsch oder wurde bereits verwendet!' },
      code: 'invalid_code',
    });
    const onSignedIn = jest.fn();
    const user = userEvent.setup();
    renderWithIntl(<SecondStep methods={['totp', 'recovery']} onSignedIn={onSignedIn} />, 'de');
    await user.type(screen.getByLabelText('Sechsstelliger Code aus der Authenticator-App'), '000000');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code ist falsch oder wurde bereits verwendet!');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in with a recovery code (English)', async () => {
    recovery.mockResolvedValue({ ok: true, data: { remaining: 9 } });
    const onSignedIn = jest.fn();
    const user = userEvent.setup();
    renderWithIntl(<SecondStep methods={['totp', 'recovery']} onSignedIn={onSignedIn} />, 'en');
    await user.click(screen.getByRole('button', { name: 'Recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(recovery).toHaveBeenCalledWith({ code: 'ABCDE-FGHJK' });
    expect(code).not.toHaveBeenCalled();
  });

  it('asks the authenticator with the API’s challenge and sends its answer back', async () => {
    (secondStepPasskeyOptions as jest.Mock).mockResolvedValue({ ok: true, data: { challengeId: 'c1', options: { challenge: 'xyz' } } });
    (askAuthenticator as jest.Mock).mockResolvedValue({ id: 'cred' });
    (signInWithPasskeyAnswer as jest.Mock).mockResolvedValue({ ok: true, data: null });
    const onSignedIn = jest.fn();
    const user = userEvent.setup();
    renderWithIntl(<SecondStep methods={['passkey', 'recovery']} onSignedIn={onSignedIn} />, 'de');
    await user.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(askAuthenticator).toHaveBeenCalledWith('get', { challenge: 'xyz' });
    expect(signInWithPasskeyAnswer).toHaveBeenCalledWith({ challengeId: 'c1', response: { id: 'cred' } });
  });

  it('says so when the passkey was cancelled, and offers the other ways', async () => {
    (secondStepPasskeyOptions as jest.Mock).mockResolvedValue({ ok: true, data: { challengeId: 'c1', options: { challenge: 'xyz' } } });
    (askAuthenticator as jest.Mock).mockResolvedValue(null);
    const onSignedIn = jest.fn();
    const user = userEvent.setup();
    renderWithIntl(<SecondStep methods={['passkey', 'recovery']} onSignedIn={onSignedIn} />, 'de');
    await user.click(screen.getByRole('button', { name: 'Mit Passkey anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Passkey konnte nicht geprüft werden!');
    expect(signInWithPasskeyAnswer).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Wiederherstellungscode' })).toBeInTheDocument();
  });
});

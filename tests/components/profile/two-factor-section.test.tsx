import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TwoFactorSection } from '@/components/profile/two-factor-section';
import { removePasskey, renamePasskey, renewRecoveryCodes } from '@/components/profile/two-factor-actions';
import { confirmAuthenticator, startAuthenticatorEnrolment } from '@/components/shared/two-factor/enrolment-actions';
import type { TwoFactorStatus } from '@/lib/schemas/two-factor';
import { renderWithIntl } from '../render-with-intl';

const router = { replace: jest.fn(), refresh: jest.fn(), push: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/profile/two-factor-actions', () => ({
  renamePasskey: jest.fn(),
  removePasskey: jest.fn(),
  removeAuthenticator: jest.fn(),
  renewRecoveryCodes: jest.fn(),
}));
jest.mock('../../../components/shared/two-factor/enrolment-actions', () => ({
  startAuthenticatorEnrolment: jest.fn(),
  confirmAuthenticator: jest.fn(),
  startPasskeyRegistration: jest.fn(),
  finishPasskeyRegistration: jest.fn(),
}));
jest.mock('../../../components/shared/two-factor/webauthn', () => ({ askAuthenticator: jest.fn() }));

beforeEach(() => jest.clearAllMocks());

const status = (over: Partial<TwoFactorStatus> = {}): TwoFactorStatus => ({
  required: false,
  totp: false,
  passkeys: [
    { id: 'k1', name: 'Laptop', createdAt: '2026-11-01T10:00:00Z', lastUsedAt: '2026-11-20T08:30:00Z', transports: [] },
    { id: 'k2', name: 'Schlüssel', createdAt: '2026-11-02T10:00:00Z', lastUsedAt: null, transports: [] },
  ],
  recoveryCodesLeft: 7,
  ...over,
});

describe('TwoFactorSection', () => {
  it('lists the passkeys with their last use and the recovery codes left', () => {
    renderWithIntl(<TwoFactorSection status={status()} />, 'de');
    const list = screen.getByRole('list', { name: 'Passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Laptop');
    expect(items[0]).toHaveTextContent('Zuletzt verwendet');
    expect(items[1]).toHaveTextContent('Noch nie verwendet');
    expect(screen.getByText('7 Wiederherstellungscodes übrig')).toBeInTheDocument();
  });

  it('removes a passkey only after Ja', async () => {
    (removePasskey as jest.Mock).mockResolvedValue({ ok: true, data: null });
    const user = userEvent.setup();
    renderWithIntl(<TwoFactorSection status={status()} />, 'de');
    const laptop = within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')[0];
    await user.click(within(laptop).getByRole('button', { name: 'Entfernen' }));
    await user.click(await screen.findByRole('button', { name: 'Nein' }));
    expect(removePasskey).not.toHaveBeenCalled();
    await user.click(within(laptop).getByRole('button', { name: 'Entfernen' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(removePasskey).toHaveBeenCalledWith({ id: 'k1' }));
    expect(router.refresh).toHaveBeenCalled();
  });

  it('renames a passkey', async () => {
    (renamePasskey as jest.Mock).mockResolvedValue({ ok: true, data: {} });
    const user = userEvent.setup();
    renderWithIntl(<TwoFactorSection status={status()} />, 'de');
    const key = within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem')[1];
    await user.click(within(key).getByRole('button', { name: 'Umbenennen' }));
    const input = within(key).getByLabelText('Name');
    await user.clear(input);
    await user.type(input, 'Büroschlüssel');
    await user.click(within(key).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(renamePasskey).toHaveBeenCalledWith({ id: 'k2', name: 'Büroschlüssel' }));
  });

  it('shows new recovery codes once, after Ja', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBBB`);
    (renewRecoveryCodes as jest.Mock).mockResolvedValue({ ok: true, data: codes });
    const user = userEvent.setup();
    renderWithIntl(<TwoFactorSection status={status()} />, 'de');
    await user.click(screen.getByRole('button', { name: 'Neue Codes erzeugen' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    const shown = await screen.findByRole('region', { name: 'Wiederherstellungscodes' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(shown).toHaveTextContent('Sie werden nur jetzt angezeigt');
  });

  it('sets up the authenticator app with its QR code and first code, then shows the recovery codes of a first factor', async () => {
    (startAuthenticatorEnrolment as jest.Mock).mockResolvedValue({
      ok: true,
      data: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' },
    });
    (confirmAuthenticator as jest.Mock).mockResolvedValue({ ok: true, data: { recoveryCodes: ['AAAAA-BBBBB'], signedIn: false } });
    const user = userEvent.setup();
    renderWithIntl(<TwoFactorSection status={status({ passkeys: [], recoveryCodesLeft: 0 })} />, 'de');
    expect(screen.queryByRole('button', { name: 'Neue Codes erzeugen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Authenticator-App einrichten' }));
    expect(await screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    await user.type(screen.getByLabelText('Sechsstelliger Code aus der Authenticator-App'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument();
    expect(confirmAuthenticator).toHaveBeenCalledWith({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(router.refresh).toHaveBeenCalled();
  });
});

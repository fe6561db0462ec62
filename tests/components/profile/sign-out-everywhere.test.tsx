import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOutEverywhere } from '@/components/profile/actions';
import { SignOutEverywhere } from '@/components/profile/sign-out-everywhere';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { renderWithIntl } from '../render-with-intl';

jest.mock('../../../components/profile/actions', () => ({ signOutEverywhere: jest.fn() }));
jest.mock('../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));

beforeEach(() => jest.clearAllMocks());

describe('SignOutEverywhere', () => {
  it('asks first; Nein changes nothing', async () => {
    const user = userEvent.setup();
    renderWithIntl(<SignOutEverywhere />, 'de');
    await user.click(screen.getByRole('button', { name: 'Überall abmelden' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Wirklich auf allen Geräten abmelden?');
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    expect(signOutEverywhere).not.toHaveBeenCalled();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('after Ja ends all sessions and reloads /admin', async () => {
    (signOutEverywhere as jest.Mock).mockResolvedValue({ ok: true, data: null });
    const user = userEvent.setup();
    renderWithIntl(<SignOutEverywhere />, 'en');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/admin'));
    expect(signOutEverywhere).toHaveBeenCalledTimes(1);
  });

  it('stays on the page when it failed', async () => {
    (signOutEverywhere as jest.Mock).mockResolvedValue({ ok: false, message: 'Fehler: Etwas ist schiefgelaufen' });
    const user = userEvent.setup();
    renderWithIntl(<SignOutEverywhere />, 'de');
    await user.click(screen.getByRole('button', { name: 'Überall abmelden' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(signOutEverywhere).toHaveBeenCalled());
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});

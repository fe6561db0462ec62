import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from '@/components/shell/actions';
import { setLanguage } from '@/components/shared/language-action';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { LanguageSwitch } from '@/components/shared/language-switch';
import { UserMenu } from '@/components/shell/user-menu';
import { renderWithIntl } from '../render-with-intl';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/shell/actions', () => ({ signOut: jest.fn().mockResolvedValue(undefined) }));
jest.mock('../../../components/shared/language-action', () => ({ setLanguage: jest.fn().mockResolvedValue(undefined) }));

jest.mock('../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));

beforeEach(() => jest.clearAllMocks());

describe('UserMenu', () => {
  it('opens from the 64 px avatar, named by the initials it shows, and offers profile, language and sign-out', async () => {
    const user = userEvent.setup();
    renderWithIntl(<UserMenu name="Anna Huber" email="anna@example.org" imageSrc={null} profileHref="/profile?o=11&f=51" />, 'de');
    const trigger = screen.getByRole('button', { name: 'AH – Benutzermenü' });
    expect(screen.getByRole('img', { name: 'Anna Huber' }).parentElement).toHaveStyle({ width: '64px' });
    await user.click(trigger);
    expect(await screen.findByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile?o=11&f=51');
    expect(screen.getByRole('group', { name: 'Sprache' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('opens by keyboard as a named dialog with focus on its first entry, the profile', async () => {
    const user = userEvent.setup();
    renderWithIntl(<UserMenu name="Anna Huber" email="anna@example.org" imageSrc={null} />, 'de');
    await user.tab();
    expect(screen.getByRole('button', { name: 'AH – Benutzermenü' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Benutzermenü' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Profil' })).toHaveFocus());
  });

  it('signs out through the server action, then reloads /admin', async () => {
    const user = userEvent.setup();
    renderWithIntl(<UserMenu name="Anna Huber" email="anna@example.org" imageSrc={null} />, 'en');
    await user.click(screen.getByRole('button', { name: 'AH – User menu' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/admin'));
    expect(signOut).toHaveBeenCalled();
    expect((signOut as jest.Mock).mock.invocationCallOrder[0]).toBeLessThan((hardNavigate as jest.Mock).mock.invocationCallOrder[0]);
  });
});

describe('LanguageSwitch', () => {
  it('marks the current language and stores another one, then refreshes', async () => {
    const user = userEvent.setup();
    renderWithIntl(<LanguageSwitch />, 'de');
    expect(screen.getByRole('button', { name: 'DE' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'EN' }));
    await waitFor(() => expect(router.refresh).toHaveBeenCalled());
    expect(setLanguage).toHaveBeenCalledWith('en');
  });

  it('does nothing when the current language is chosen again', async () => {
    const user = userEvent.setup();
    renderWithIntl(<LanguageSwitch />, 'en');
    await user.click(screen.getByRole('button', { name: 'EN' }));
    expect(setLanguage).not.toHaveBeenCalled();
  });
});

import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { PageMessage } from '@/components/ui/page-message';
import de from '@/messages/de.json';
import { renderWithIntl } from '../render-with-intl';

/*
 * Every page has a main heading (<h1>): the start page and an unknown form show only a message,
 * the profile page shows cards with their own (second-level) titles.
 */

jest.mock('next-intl/server', () => ({
  getTranslations: async (ns: keyof typeof de) => (key: string) => (de[ns] as Record<string, string>)[key],
}));
jest.mock('../../../components/shell/load-shell', () => ({
  loadShell: async () => ({ user: { mg_id: 7, givenName: 'Eva', familyName: 'Muster', rolesOrg: [], imageLink: null }, systemRoles: [] }),
}));
jest.mock('../../../lib/api/user', () => ({ getCountries: async () => [] }));
jest.mock('../../../components/shell/signed-in-layout', () => ({
  SignedInLayout: ({ children }: { children: ReactNode }) => <main>{children}</main>,
}));
jest.mock('../../../components/profile/profile-details', () => ({ ProfileDetails: () => null }));
jest.mock('../../../components/profile/profile-picture', () => ({ ProfilePicture: () => null }));
jest.mock('../../../components/profile/change-password-form', () => ({ ChangePasswordForm: () => null }));
jest.mock('../../../components/profile/sign-out-everywhere', () => ({ SignOutEverywhere: () => null }));
jest.mock('../../../lib/api/two-factor', () => ({ twoFactorStatus: async () => null }));
jest.mock('../../../components/profile/two-factor-section', () => ({ TwoFactorSection: () => null }));
jest.mock('../../../components/profile/own-data-export', () => ({ OwnDataExport: () => null }));

it('makes the message the main heading when it has no title (start page, unknown form)', () => {
  renderWithIntl(<PageMessage>{de.shell.landing}</PageMessage>);
  expect(screen.getByRole('heading', { level: 1, name: de.shell.landing })).toBeInTheDocument();
});

it('keeps the title as the main heading when there is one', () => {
  renderWithIntl(
    <PageMessage tone="alert" title={de.shell.forbiddenTitle}>
      text
    </PageMessage>,
  );
  expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([de.shell.forbiddenTitle]);
});

it('gives the profile page a main heading', async () => {
  const { default: ProfilePage } = await import('@/app/profile/page');
  renderWithIntl(await ProfilePage({ searchParams: Promise.resolve({}) }));
  expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MembersScreen } from '@/components/members/members-screen';
import { renderWithIntl } from '../render-with-intl';
import { countries } from './fixtures';

/** 'Importieren' on the member list: only where the caller may add the club's members. */
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => null,
}));
jest.mock('../../../components/members/import/actions', () => ({ undoImportAction: jest.fn() }));

beforeEach(() => {
  window.history.replaceState(null, '', '/admin/form/O11/F51');
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: async () => ({ items: [], total: 0 }) }),
  );
});

function renderScreen(canImport: boolean) {
  return renderWithIntl(
    <MembersScreen orgId={11} funkId={51} all={false} selectedId={null} canCreate={canImport} canImport={canImport} countries={countries}>
      <p>rechts</p>
    </MembersScreen>,
  );
}

describe("The member list's 'Importieren'", () => {
  it('opens the import view and closes it again', async () => {
    const user = userEvent.setup();
    renderScreen(true);
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    expect(await screen.findByRole('region', { name: 'Mitglieder importieren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Datei auswählen und prüfen' })).toBeInTheDocument();
    expect(screen.queryByText('rechts')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('region', { name: 'Mitglieder importieren' })).not.toBeInTheDocument();
    expect(screen.getByText('rechts')).toBeInTheDocument();
  });

  it('is not offered to a caller who may not add members here', () => {
    renderScreen(false);
    expect(screen.queryByRole('button', { name: 'Importieren' })).not.toBeInTheDocument();
  });
});

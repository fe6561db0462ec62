import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MembersScreen } from '@/components/members/members-screen';
import { renderWithIntl } from '../render-with-intl';
import { countries, listMember } from './fixtures';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => null,
}));

const fetchMock = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  fetchMock.mockImplementation(() =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: async () => ({ items: [listMember({ id: 7, surname: 'Aigner', firstName: 'Rosalie' })], total: 1 }),
    }),
  );
});

function renderScreen() {
  return renderWithIntl(
    <MembersScreen orgId={11} funkId={51} all={false} selectedId={null} canCreate countries={countries}>
      <p>rechts</p>
    </MembersScreen>,
  );
}

describe('MembersScreen', () => {
  it('keeps the table view in the address, so a reload opens the table again', async () => {
    window.history.replaceState(null, '', '/admin/form/O11/F51');
    const user = userEvent.setup();
    const { unmount } = renderScreen();
    expect(screen.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Tabelle' }));
    expect(new URLSearchParams(window.location.search).get('view')).toBe('table');
    unmount();

    // "reload": a new screen on the same address
    renderScreen();
    expect(screen.getByRole('button', { name: 'Tabelle' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('table', { name: 'Mitgliederübersicht' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Liste' }));
    expect(window.location.search).toBe('');
  });

  it("opens the member in edit mode from the table's 'Bearbeiten' (?edit=1)", async () => {
    window.history.replaceState(null, '', '/admin/form/O11/F51?view=table');
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Rosalie Aigner bearbeiten' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/form/O11/F51/7?edit=1'));
    // the member opens beside the list: the screen stays mounted across the navigation
    expect(screen.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');
  });
});

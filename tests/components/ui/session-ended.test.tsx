import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberList } from '@/components/members/member-list';
import { MembersOverview } from '@/components/members/members-overview';
import { TournamentList } from '@/components/tournaments/tournament-list';
import { loadTournaments } from '@/components/tournaments/actions';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { notify, Toaster } from '@/components/ui/toast';
import type { Member } from '@/lib/api/member-types';
import { renderWithIntl } from '../render-with-intl';
import { countries, listMember } from '../members/fixtures';

/**
 * Every request the browser makes itself treats 401 as the forms treat an ended session: the
 * toast, then the sign-in page that brings the user back to the same place. A request that gets
 * no answer says 'Verbindungsfehler !!!' with a toast, and the page stays.
 */

jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));
jest.mock('../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));
jest.mock('../../../components/tournaments/actions', () => ({ loadTournaments: jest.fn() }));

const SESSION_ENDED_TEXT = 'Ihre Sitzung ist abgelaufen. Ihre Eingaben bleiben erhalten: Bitte melden Sie sich erneut an.';
const GENERIC = 'Fehler: Etwas ist schiefgelaufen';
const fetchMock = jest.fn();
const rows: Member[] = Array.from({ length: 25 }, (_, i) =>
  listMember({ id: i + 1, surname: `Name${String(i + 1).padStart(2, '0')}`, regNr: String(3000001 + i) }),
);

function answer(body: unknown, status = 200) {
  // jsdom has no Response: what the callers read of one is enough
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body, headers: new Headers() });
}
const unauthorized = () => answer({ error: { code: 'unauthorized', message: 'Session expired' } }, 401);

function pageOf(url: string) {
  const p = new URL(url, 'http://localhost').searchParams;
  const size = Number(p.get('pageSize'));
  const start = (Number(p.get('page')) - 1) * size;
  return answer({ items: rows.slice(start, start + size), total: rows.length });
}

/** The sign-in page, coming back to `path` (the app address without /admin). */
const signInAgain = (path: string) => `/admin/?expired=1&next=${encodeURIComponent(path)}`;

function expectSignInAgain(path: string) {
  expect(hardNavigate).toHaveBeenCalledWith(signInAgain(path));
  expect(notify.error).toHaveBeenCalledWith(SESSION_ENDED_TEXT, { duration: 5000 });
  expect(notify.error).not.toHaveBeenCalledWith(GENERIC);
}

beforeEach(() => {
  jest.clearAllMocks();
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
});

describe('an ended session while working in a list', () => {
  beforeEach(() => window.history.replaceState(null, '', '/admin/form/O11/F51?view=table'));

  it("'Weiter' in the members table signs in again and comes back to the table", async () => {
    fetchMock.mockImplementation(pageOf);
    const user = userEvent.setup();
    renderWithIntl(
      <>
        <Toaster />
        <MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />
      </>,
    );
    await screen.findByText('Name01');
    fetchMock.mockImplementation(unauthorized);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expectSignInAgain('/form/O11/F51?view=table&page=2');
  });

  it('the CSV download signs in again instead of failing silently', async () => {
    fetchMock.mockImplementation(pageOf);
    const user = userEvent.setup();
    renderWithIntl(
      <>
        <Toaster />
        <MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />
      </>,
    );
    await screen.findByText('Name01');
    fetchMock.mockImplementation(unauthorized);
    await user.click(screen.getByRole('link', { name: 'CSV-Export' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    // the session is asked first; the file itself is never fetched into the page
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/admin/api/v1/getUser');
    expectSignInAgain('/form/O11/F51?view=table');
  });

  it('the search of the member list signs in again, not "Etwas ist schiefgelaufen"', async () => {
    window.history.replaceState(null, '', '/admin/form/O11/F51/3');
    fetchMock.mockImplementation((url: string) => (String(url).includes('q=') ? unauthorized() : pageOf(url)));
    const user = userEvent.setup();
    renderWithIntl(
      <>
        <Toaster />
        <MemberList orgId={11} funkId={51} all={false} selectedId={3} canCreate />
      </>,
    );
    await screen.findByRole('link', { name: /Name01/ });
    await user.type(screen.getByRole('searchbox', { name: 'Mitglieder suchen' }), 'Müller');
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expectSignInAgain('/form/O11/F51/3');
  });
});

describe('a list request that gets no answer', () => {
  beforeEach(() => window.history.replaceState(null, '', '/admin/form/O11/F51?view=table'));

  it("says 'Verbindungsfehler !!!' in the members table with a toast", async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />);
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(GENERIC);
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it("says 'Verbindungsfehler !!!' in the tournament list with a toast, and the page stays", async () => {
    (loadTournaments as jest.Mock).mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderWithIntl(
      <TournamentList
        orgId={11}
        initial={{ items: [], total: 0 }}
        selectedId={null}
        hrefFor={(id) => `/form/O11/F1000/${id}`}
        filters={['Halle']}
        canAdd
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Halle' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(GENERIC);
    expect(screen.getByRole('checkbox', { name: 'Halle' })).toBeInTheDocument();
  });
});

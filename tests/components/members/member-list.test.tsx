import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberList } from '@/components/members/member-list';
import { notify } from '@/components/ui/toast';
import type { Member } from '@/lib/api/member-types';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { listMember } from './fixtures';

jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));

const fetchMock = jest.fn();

function member(id: number, surname: string): Member {
  return listMember({ id, surname, firstName: 'Anna', regNr: String(3000000 + id) });
}

function answer(body: unknown, status = 200) {
  // jsdom has no Response: what fetchMemberPage reads of one is enough
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body });
}

/** The query of the n-th list request. */
function requestUrl(n: number): URL {
  return new URL(String(fetchMock.mock.calls[n][0]), 'http://localhost');
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  (globalThis as unknown as { fetch: typeof fetch }).fetch = fetchMock;
});

describe('MemberList', () => {
  it("loads 12 members of the organisation through the proxy and says 'Mitglieder geladen'", async () => {
    fetchMock.mockImplementation(() => answer({ items: [member(1, 'Aigner'), member(2, 'Bauer')], total: 2 }));
    renderIntl(<MemberList orgId={11} funkId={51} all={false} selectedId={2} canCreate />);
    expect(await screen.findByRole('link', { name: /Aigner Anna/ })).toHaveAttribute('href', '/form/O11/F51/1');
    expect(screen.getByRole('link', { name: /Bauer Anna/ })).toHaveAttribute('aria-current', 'page');
    const url = requestUrl(0);
    expect(url.pathname).toBe('/admin/api/v1/admin/members/11');
    expect(url.searchParams.get('pageSize')).toBe('12');
    expect(url.searchParams.get('page')).toBe('1');
    expect(notify.success).toHaveBeenCalledWith('Mitglieder geladen');
    expect(screen.getByRole('link', { name: '+ Neues Mitglied' })).toHaveAttribute('href', '/form/O11/F51/new');
  });

  it('form 52 lists every member of the federation', async () => {
    fetchMock.mockImplementation(() => answer({ items: [], total: 0 }));
    renderIntl(<MemberList orgId={1} funkId={52} all selectedId={null} canCreate />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(requestUrl(0).pathname).toBe('/admin/api/v1/admin/members');
  });

  it("searches in the database as the user types (debounced) and says 'Mitglieder nicht gefunden'", async () => {
    fetchMock.mockImplementation((url: string) =>
      String(url).includes('q=') ? answer({ items: [], total: 0 }) : answer({ items: [member(1, 'Aigner')], total: 1 }),
    );
    const user = userEvent.setup();
    renderIntl(<MemberList orgId={11} funkId={51} all={false} selectedId={null} canCreate />);
    await screen.findByRole('link', { name: /Aigner Anna/ });
    await user.type(screen.getByRole('searchbox', { name: 'Mitglieder suchen' }), 'Müller Hans');
    expect(await screen.findByText('Mitglieder nicht gefunden')).toBeInTheDocument();
    const queries = fetchMock.mock.calls.map((_, i) => requestUrl(i).searchParams.get('q'));
    // one request for the whole phrase, not one per keystroke
    expect(queries.filter((q) => q !== null)).toEqual(['Müller Hans']);
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it("shows 'Verbindungsfehler !!!' in the list and the generic error toast when loading fails", async () => {
    fetchMock.mockImplementation(() => answer({ error: { code: 'internal', message: 'boom' } }, 500));
    renderIntl(<MemberList orgId={11} funkId={51} all={false} selectedId={null} canCreate />);
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Fehler: Etwas ist schiefgelaufen');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('pages through the matches 12 at a time', async () => {
    const all = Array.from({ length: 30 }, (_, i) => member(i + 1, `Name${String(i + 1).padStart(2, '0')}`));
    fetchMock.mockImplementation((url: string) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return answer({ items: all.slice((page - 1) * 12, page * 12), total: 30 });
    });
    const user = userEvent.setup();
    renderIntl(<MemberList orgId={11} funkId={51} all={false} selectedId={null} canCreate />);
    await screen.findByRole('link', { name: /Name01/ });
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByRole('link', { name: /Name25/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  });

  it('has no add button for an organisation that only reads', async () => {
    fetchMock.mockImplementation(() => answer({ items: [], total: 0 }));
    renderIntl(<MemberList orgId={4} funkId={51} all={false} selectedId={null} canCreate={false} />);
    await screen.findByText('Mitglieder nicht gefunden');
    expect(screen.queryByRole('link', { name: '+ Neues Mitglied' })).not.toBeInTheDocument();
  });
});

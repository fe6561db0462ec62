import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MasterList } from '@/components/ui/master-list';
import { browserFetch } from '@/components/ui/session-ended';
import { notify } from '@/components/ui/toast';
import { asLoaded, usePagedQuery } from '@/components/ui/hooks/use-paged-query';
import { OrderList } from '@/components/shared/orders/order-list';
import { loadOrders } from '@/components/shared/orders/actions';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { NO_ANSWER, SESSION_ENDED, type ActionResult } from '@/lib/api/action-result';
import { renderWithIntl } from '../../render-with-intl';
import { makeOrder } from '../../orders/fixtures';

/**
 * The one list pattern: search and filters go back to page 1, typing loads once after the pause,
 * a failed load says 'Verbindungsfehler !!!' in the list with the generic toast (never the
 * full-page error), and an ended session signs in again and comes back.
 */

jest.mock('../../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
jest.mock('../../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));
jest.mock('../../../../components/shared/orders/actions', () => ({ loadOrders: jest.fn() }));

const GENERIC = 'Fehler: Etwas ist schiefgelaufen';
const SESSION_ENDED_TEXT = 'Ihre Sitzung ist abgelaufen. Ihre Eingaben bleiben erhalten: Bitte melden Sie sich erneut an.';

type Row = { id: number; name: string };
type Page = { items: Row[]; total: number };
const names = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Verein ${String(i + 1).padStart(2, '0')}` }));
const pageOf = (rows: Row[], page: number): Page => ({ items: rows.slice((page - 1) * 10, page * 10), total: rows.length });

const load = jest.fn<Promise<ActionResult<Page>>, [{ q: string }, number, AbortSignal]>();

function Harness({ initial }: { initial?: Page }) {
  const [query, setQuery] = useState('');
  const list = usePagedQuery({ query: { q: query.trim() }, typed: query, pageSize: 10, initial, load });
  return (
    <MasterList
      label="Vereine"
      search={{ label: 'Vereine suchen', value: query, onSearch: setQuery }}
      rows={list.shown?.items ?? []}
      rowKey={(r) => r.id}
      renderRow={(r) => <span>{r.name}</span>}
      emptyText="Keine Vereine"
      loading={list.loading}
      failed={list.failed}
      pager={{ page: list.page, pages: list.pages, onPage: list.setPage }}
    />
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/admin/form/O11/F1000');
});

describe('usePagedQuery with MasterList', () => {
  it('shows the first page the server read without loading it again, and pages on', async () => {
    load.mockImplementation(async (_q, page) => ({ ok: true, data: pageOf(names, page) }));
    const user = userEvent.setup();
    renderWithIntl(<Harness initial={pageOf(names, 1)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Verein 11')).toBeInTheDocument();
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith({ q: '' }, 2, expect.anything());
  });

  it('loads once for a typed phrase, back on page 1', async () => {
    load.mockImplementation(async ({ q }, page) => ({
      ok: true,
      data: pageOf(
        names.filter((r) => r.name.includes(q)),
        page,
      ),
    }));
    const user = userEvent.setup();
    renderWithIntl(<Harness initial={pageOf(names, 1)} />);
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await screen.findByText('Verein 11');
    load.mockClear();
    await user.type(screen.getByRole('searchbox', { name: 'Vereine suchen' }), 'Verein 2');
    expect(await screen.findByText('Verein 25')).toBeInTheDocument();
    // one request for the whole phrase, not one per keystroke, and for the first page of the matches
    expect(load.mock.calls.map(([q, page]) => [q.q, page])).toEqual([['Verein 2', 1]]);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it("says 'Verbindungsfehler !!!' in the list with the generic toast when the load gets no answer", async () => {
    load.mockRejectedValue(new Error('network down'));
    renderWithIntl(<Harness />);
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(GENERIC);
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it("shows a refusal's message as the toast and 'Verbindungsfehler !!!' in the list", async () => {
    load.mockResolvedValue({ ok: false, message: GENERIC, code: NO_ANSWER });
    renderWithIntl(<Harness />);
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(GENERIC);
  });

  it('signs in again after an ended session and comes back to the same page', async () => {
    load.mockResolvedValue({ ok: false, message: SESSION_ENDED_TEXT, code: SESSION_ENDED });
    renderWithIntl(<Harness />);
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(`/admin/?expired=1&next=${encodeURIComponent('/form/O11/F1000')}`));
    expect(notify.error).toHaveBeenCalledWith(SESSION_ENDED_TEXT, { duration: 5000 });
    expect(notify.error).not.toHaveBeenCalledWith(GENERIC);
  });

  it("a browser fetch's 401 signs in again without the generic toast", async () => {
    (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(() =>
      Promise.resolve({ ok: false, status: 401, json: async () => ({}) }),
    );
    load.mockImplementation((_q, _page, signal) => asLoaded(browserFetch('/admin/api/v1/x', { signal }).then(() => pageOf(names, 1))));
    renderWithIntl(<Harness />);
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(`/admin/?expired=1&next=${encodeURIComponent('/form/O11/F1000')}`));
    expect(notify.error).not.toHaveBeenCalledWith(GENERIC);
  });
});

describe('a list screen on it', () => {
  it("the orders list says 'Verbindungsfehler !!!' instead of keeping the old rows when a search fails", async () => {
    jest.mocked(loadOrders).mockResolvedValue({ ok: false, message: GENERIC, code: NO_ANSWER });
    const user = userEvent.setup();
    renderWithIntl(
      <OrderList
        orgId={11}
        initial={{ items: [makeOrder({ id: 1 })], total: 1 }}
        selectedId={null}
        hrefFor={(id) => `#o${id}`}
        reloadKey={0}
      />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox'), 'Lizenz');
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(notify.error).toHaveBeenCalledWith(GENERIC);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryPanel } from '@/components/audit/history-panel';
import { renderWithIntl } from '../render-with-intl';

const fetchMock = jest.fn();

const entry = (id: number, changes: Record<string, { before: unknown; after: unknown }>, action = 'update') => ({
  id,
  at: '2026-11-20T09:05:00.000Z',
  actorId: 2,
  actorName: 'Vera Verein',
  actingOrgId: 11,
  entity: 'organisation',
  entityId: '11',
  action,
  changes,
});

const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: async () => body });

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
});

describe('HistoryPanel', () => {
  it('lists who changed which field from what to what, with the field labels of the screen', async () => {
    fetchMock.mockImplementation(() =>
      answer({
        entries: [
          entry(1, { phoneOffice: { before: null, after: '+43 1 234' }, orgStartDate: { before: '2001-05-01', after: '2001-06-01' } }),
        ],
        total: 1,
        page: 1,
        size: 10,
      }),
    );
    renderWithIntl(<HistoryPanel entity="organisation" id={11} fieldLabel={(f) => (f === 'phoneOffice' ? 'Telefon Büro' : undefined)} />);
    expect(await screen.findByText('Telefon Büro')).toBeInTheDocument();
    expect(screen.getByText('– → +43 1 234')).toBeInTheDocument();
    expect(screen.getByText('01.05.2001 → 01.06.2001')).toBeInTheDocument();
    expect(screen.getByText('von Vera Verein')).toBeInTheDocument();
    expect(screen.getByText('Geändert')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/admin/api/v1/admin/audit');
    expect(Object.fromEntries(url.searchParams)).toEqual({ entity: 'organisation', id: '11', page: '1', size: '10' });
  });

  it('pages to older entries', async () => {
    fetchMock.mockImplementation((url: string) => {
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      return answer({ entries: [entry(page, { name: { before: `A${page}`, after: `B${page}` } })], total: 15, page, size: 10 });
    });
    renderWithIntl(<HistoryPanel entity="member" id={5} />, 'en');
    expect(await screen.findByText('A1 → B1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('A2 → B2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
  });

  it('says when nothing was recorded and when loading failed', async () => {
    fetchMock.mockImplementationOnce(() => answer({ entries: [], total: 0, page: 1, size: 10 }));
    const { unmount } = renderWithIntl(<HistoryPanel entity="member" id={5} />);
    expect(await screen.findByText('Noch keine Änderungen aufgezeichnet.')).toBeInTheDocument();
    unmount();
    fetchMock.mockImplementationOnce(() => answer({ error: { code: 'forbidden', message: 'x' } }, 403));
    renderWithIntl(<HistoryPanel entity="member" id={5} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Der Verlauf konnte nicht geladen werden.'));
  });
});

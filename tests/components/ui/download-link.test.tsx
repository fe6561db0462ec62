import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderDocumentLinks } from '@/components/shared/orders/order-documents';
import { DownloadLink } from '@/components/ui/download-link';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

/**
 * Every file link (CSV, invoices, licence cards) asks whether the session still holds before the
 * browser downloads the file itself: an ended session signs in again and comes back, no answer
 * says 'Verbindungsfehler !!!', and the file is never read into the page.
 */

jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));
jest.mock('../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));

const fetchMock = jest.fn();
const answer = (status: number) => Promise.resolve({ ok: status < 300, status, json: async () => ({}), headers: new Headers() });
let clicked: string[] = [];

beforeEach(() => {
  jest.clearAllMocks();
  clicked = [];
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  // jsdom does not navigate: record which address the browser was asked to download
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
  window.history.replaceState(null, '', '/admin/form/O1/F71/5');
});
afterEach(() => jest.restoreAllMocks());

const order = {
  id: 5,
  paymentRequest: true,
  invoices: [{ kind: 'invoice' as const, number: '2026-0007', cancelledBy: null, cancels: null }],
};

describe('a file link', () => {
  it('downloads through the browser once the session is confirmed', async () => {
    fetchMock.mockImplementation(() => answer(200));
    const user = userEvent.setup();
    renderWithIntl(<OrderDocumentLinks order={order as never} />);
    await user.click(screen.getByRole('link', { name: /2026-0007/ }));
    await waitFor(() => expect(clicked).toEqual(['/admin/api/v1/reports/invoice?order=5&number=2026-0007']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/admin/api/v1/getUser');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('signs in again after an ended session and downloads nothing', async () => {
    fetchMock.mockImplementation(() => answer(401));
    const user = userEvent.setup();
    renderWithIntl(<OrderDocumentLinks order={order as never} />);
    await user.click(screen.getByRole('link', { name: /Zahlungsaufforderung|payment/i }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(`/admin/?expired=1&next=${encodeURIComponent('/form/O1/F71/5')}`));
    expect(clicked).toEqual([]);
  });

  it("says 'Verbindungsfehler !!!' when the API gives no answer", async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderWithIntl(<DownloadLink href="/admin/api/v1/reports/licenses?order=5">Lizenzkarten</DownloadLink>);
    await user.click(screen.getByRole('link', { name: 'Lizenzkarten' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Verbindungsfehler !!!'));
    expect(clicked).toEqual([]);
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('leaves a click that opens a new tab to the browser', async () => {
    renderWithIntl(<DownloadLink href="/admin/api/v1/reports/licenses?order=5">Lizenzkarten</DownloadLink>);
    const link = screen.getByRole('link', { name: 'Lizenzkarten' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

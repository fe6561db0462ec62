import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrdersOverview } from '@/components/orders/orders-overview';
import type { Order } from '@/lib/schemas/orders';
import { loadOrders } from '@/components/shared/orders/actions';
import { renderWithIntl } from '../render-with-intl';
import { makeOrder } from '../orders/fixtures';

jest.mock('../../../components/shared/orders/actions', () => ({ loadOrders: jest.fn() }));

/*
 * The start page's order overview pages by 10 and leaves no order unreachable: more than one page
 * always has a pager (buttons per page up to 40 orders, the simple pager above).
 */

const order = (id: number): Order => makeOrder({ id });

const pageOf = (from: number, count: number) => Array.from({ length: count }, (_, i) => order(from + i));

describe('start page order overview', () => {
  beforeEach(() => jest.mocked(loadOrders).mockReset());

  it('reaches every page of 38 orders', async () => {
    jest.mocked(loadOrders).mockResolvedValue({ ok: true, data: { items: pageOf(31, 8), total: 38 } });
    renderWithIntl(<OrdersOverview orgId={2} funkId={1005} initial={{ items: pageOf(1, 10), total: 38 }} />);
    const pages = screen.getByRole('navigation', { name: 'Seiten' });
    expect(pages).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Seite 4' }));
    await waitFor(() => expect(loadOrders).toHaveBeenCalledWith(expect.objectContaining({ page: 4, size: 10 })));
    await waitFor(() => expect(screen.getByText(/#0011-000038/)).toBeInTheDocument());
  });

  it('shows the simple pager above 40 orders', () => {
    renderWithIntl(<OrdersOverview orgId={2} funkId={1005} initial={{ items: pageOf(1, 10), total: 41 }} />);
    expect(screen.getByText('Seite 1 von 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeEnabled();
  });

  it('shows no pager for one page', async () => {
    await act(async () => {
      renderWithIntl(<OrdersOverview orgId={2} funkId={1005} initial={{ items: pageOf(1, 10), total: 10 }} />);
    });
    expect(screen.queryByRole('navigation', { name: 'Seiten' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nächste Seite' })).toBeNull();
  });
});

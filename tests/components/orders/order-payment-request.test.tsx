import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderWizard } from '@/components/orders/order-wizard';
import { OrderSummary } from '@/components/orders/order-summary';
import type { Order } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';
import { makeOrder } from './fixtures';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));
jest.mock('../../../components/orders/actions', () => ({ loadPersons: jest.fn(), submitOrder: jest.fn() }));
jest.mock('../../../components/shared/orders/actions', () => ({ loadOrders: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const actions = require('../../../components/orders/actions') as { submitOrder: jest.Mock };

/*
 * A club can pay before the release: right after ordering, the wizard offers the order's payment
 * request; the club's order view offers it while the order is created, and the invoice instead
 * once it is released.
 */

const order = (over: Partial<Order>): Order =>
  makeOrder({
    id: 205,
    ordercat: 'VEREINSBEITRAG_2027',
    summary: { price: 100, members: 0 },
    contact: {},
    params: { price: 100, members: 0 },
    ...over,
  });

describe('payment request', () => {
  it('is offered in the wizard right after ordering', async () => {
    const user = userEvent.setup();
    const placed = order({});
    actions.submitOrder.mockResolvedValue({ ok: true, data: placed });
    const onPlaced = jest.fn();
    renderWithIntl(
      <OrderWizard
        orgId={11}
        orgName="BSV Demo"
        offers={[{ cat: 'VEREINSBEITRAG_2027', kind: 'clubFee', year: 2027, available: true, price: 100 }]}
        onPlaced={onPlaced}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Zahlungsaufforderung (PDF)' })).toBeNull();
    await user.click(screen.getByRole('radio'));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    await user.click(await screen.findByRole('button', { name: 'Ja' }));
    await act(async () => undefined);
    expect(onPlaced).toHaveBeenCalledWith(placed);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Bestellung #0011-000205 erstellt. Gesamtbetrag: 100,00');
    expect(notice).toHaveTextContent('Sie können sofort bezahlen');
    expect(within(notice).getByRole('link', { name: 'Zahlungsaufforderung (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/payment-request?order=205',
    );
  });

  it('is offered in the club’s view of a created order', () => {
    renderWithIntl(<OrderSummary order={order({})} items={[]} newHref="/admin/x" onNew={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Zahlungsaufforderung (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/payment-request?order=205',
    );
  });

  it('gives way to the invoice once the order is released', () => {
    const released = order({
      status: 'Freigegeben',
      state: 'completed',
      completed: '2026-10-02',
      paymentRequest: false,
      invoiceNumber: '2026-000060',
      invoices: [{ kind: 'invoice', number: '2026-000060', issuedOn: '2026-10-02', total: 100, cancels: null, cancelledBy: null }],
    });
    renderWithIntl(<OrderSummary order={released} items={[]} newHref="/admin/x" onNew={() => undefined} />, 'en');
    expect(screen.queryByRole('link', { name: /Payment request/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Invoice 2026-000060 (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/invoice?order=205&number=2026-000060',
    );
    expect(screen.getByText('Invoice 2026-000060, reference 3011-0000205.', { exact: false })).toBeInTheDocument();
  });
});

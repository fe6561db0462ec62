import { screen, within } from '@testing-library/react';
import { OrderAdminDetail } from '@/components/order-admin/order-admin-detail';
import type { Order } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';
import { makeOrder } from '../orders/fixtures';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));
jest.mock('../../../components/order-admin/actions', () => ({ addComment: jest.fn(), saveRemovals: jest.fn() }));
jest.mock('../../../components/shared/orders/actions', () => ({ decide: jest.fn() }));

/*
 * The order screen's downloads: licence cards and their cover letter only where cards exist
 * (a released licence order that was not refunded), for the federation; the payment request while
 * the order is created; each invoice once issued, and the cancellation invoice of a refund.
 */

const order = (over: Partial<Order>): Order => makeOrder(over);

const invoice42 = { kind: 'invoice' as const, number: '2026-000042', issuedOn: '2026-10-02', total: 30, cancels: null, cancelledBy: null };
const released = order({
  status: 'Freigegeben',
  state: 'completed',
  completed: '2026-10-02',
  invoiceNumber: '2026-000042',
  invoices: [invoice42],
  paymentRequest: false,
});
const refunded = order({
  status: 'canceled',
  state: 'remitted',
  invoiceNumber: null,
  paymentRequest: false,
  invoices: [
    { ...invoice42, cancelledBy: '2026-000051' },
    { kind: 'cancellation', number: '2026-000051', issuedOn: '2026-10-20', total: -30, cancels: '2026-000042', cancelledBy: null },
  ],
});

function downloads(o: Order, locale: 'de' | 'en' = 'de') {
  renderWithIntl(<OrderAdminDetail order={o} items={[]} actingOrgId={1} actingLevel={1} />, locale);
  return within(screen.getByRole('group', { name: 'Downloads' }));
}

describe('order screen downloads', () => {
  it('offers the licence cards and their letter on a released order', () => {
    const group = downloads(released);
    expect(group.getByRole('link', { name: 'Lizenzkarten (PDF)' })).toHaveAttribute('href', '/admin/api/v1/reports/licenses?order=119');
    expect(group.getByRole('link', { name: 'Begleitschreiben (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/attachment?order=119',
    );
    expect(group.queryByText(/nur für freigegebene/)).toBeNull();
  });

  it.each([
    ['created', order({})],
    ['refunded', refunded],
  ])('offers no cards on a %s order, and says why', (_state, o) => {
    const group = downloads(o);
    expect(group.queryByRole('link', { name: 'Lizenzkarten (PDF)' })).toBeNull();
    expect(group.queryByRole('link', { name: 'Begleitschreiben (PDF)' })).toBeNull();
    expect(group.getByText('Lizenzkarten gibt es nur für freigegebene, nicht rückerstattete Bestellungen.')).toBeInTheDocument();
  });

  it('says it in English too', () => {
    const group = downloads(refunded, 'en');
    expect(group.queryByRole('link', { name: 'Licence cards (PDF)' })).toBeNull();
    expect(group.getByText('Licence cards exist only for released orders that were not refunded.')).toBeInTheDocument();
  });

  it('offers the payment request on a created order, and no invoice', () => {
    const group = downloads(order({}));
    expect(group.getByRole('link', { name: 'Zahlungsaufforderung (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/payment-request?order=119',
    );
    expect(group.queryByRole('link', { name: /Rechnung/ })).toBeNull();
  });

  it('offers the invoice of a released order, and no payment request', () => {
    const group = downloads(released);
    expect(group.getByRole('link', { name: 'Rechnung 2026-000042 (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/invoice?order=119&number=2026-000042',
    );
    expect(group.queryByRole('link', { name: /Zahlungsaufforderung/ })).toBeNull();
  });

  it('offers the cancelled invoice as cancelled and its cancellation invoice on a refunded order', () => {
    const group = downloads(refunded);
    expect(group.getByRole('link', { name: 'Rechnung 2026-000042 (PDF, storniert)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/invoice?order=119&number=2026-000042',
    );
    expect(group.getByRole('link', { name: 'Stornorechnung 2026-000051 zu Rechnung 2026-000042 (PDF)' })).toHaveAttribute(
      'href',
      '/admin/api/v1/reports/cancellation?order=119&number=2026-000051',
    );
    expect(group.queryByRole('link', { name: /Zahlungsaufforderung/ })).toBeNull();
  });

  it('names the documents in English too', () => {
    const group = downloads(refunded, 'en');
    expect(group.getByRole('link', { name: 'Invoice 2026-000042 (PDF, cancelled)' })).toBeInTheDocument();
    expect(group.getByRole('link', { name: 'Cancellation invoice 2026-000051 for invoice 2026-000042 (PDF)' })).toBeInTheDocument();
  });
});

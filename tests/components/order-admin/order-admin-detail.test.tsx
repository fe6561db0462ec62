import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderAdminDetail } from '@/components/order-admin/order-admin-detail';
import type { Order, OrderItem } from '@/lib/schemas/orders';
import { MARKED_REMOVAL_ROW } from '@/components/shared/orders/order-view';
import { renderWithIntl } from '../render-with-intl';
import { makeOrder } from '../orders/fixtures';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));
jest.mock('../../../components/order-admin/actions', () => ({ addComment: jest.fn(), saveRemovals: jest.fn() }));
jest.mock('../../../components/shared/orders/actions', () => ({ decide: jest.fn() }));

/*
 * The order panel: what the federation is offered in each state (refund only while created, send
 * back once released), the bank details with the reference before release, and destructive
 * confirmations that put the focus on Nein.
 */

const order = (over: Partial<Order> = {}): Order =>
  makeOrder({ summary: { price: 179, members: 1 }, params: { price: 179, members: 1 }, ...over });

const released = order({
  status: 'Freigegeben',
  state: 'completed',
  completed: '2026-10-02',
  invoiceNumber: '2026-000042',
  paymentRequest: false,
  invoices: [{ kind: 'invoice', number: '2026-000042', issuedOn: '2026-10-02', total: 179, cancels: null, cancelledBy: null }],
});
const bank = { name: 'Österreichischer Bogensportverband', iban: 'AT611904300234573201', bic: 'BKAUATWW' };
const items = [
  { id: 1, mgId: null, firstName: null, surname: null, label: 'Grundbetrag', params: { print: false, price: 149, sum: 149 } },
  { id: 2, mgId: 501, firstName: 'Marie', surname: 'Kovačević', label: null, params: { print: true, price: 25, sum: 30 } },
] as unknown as OrderItem[];

const panel = (o: Order, extra: { bank?: typeof bank | null } = {}) =>
  renderWithIntl(<OrderAdminDetail order={o} items={items} actingOrgId={1} actingLevel={1} {...extra} />);

describe('order panel', () => {
  it('offers release and refund on a created order, no send back', () => {
    panel(order());
    expect(screen.getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rücküberweisen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zurücksenden' })).toBeNull();
  });

  it('offers no refund on a completed order: it is sent back first', () => {
    panel(released);
    expect(screen.queryByRole('button', { name: 'Rücküberweisen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Zurücksenden' })).toBeInTheDocument();
  });

  it('shows the bank account and the reference while the order is created', () => {
    panel(order(), { bank });
    const details = screen.getByRole('heading', { name: 'Bankverbindung' }).parentElement!;
    expect(within(details).getByText('Österreichischer Bogensportverband')).toBeInTheDocument();
    expect(within(details).getByText('AT61 1904 3002 3457 3201')).toBeInTheDocument();
    expect(within(details).getByText('BKAUATWW')).toBeInTheDocument();
    expect(within(details).getByText('3011-0000119')).toBeInTheDocument();
  });

  it('shows no payment account once released (the invoice names it)', () => {
    panel(released, { bank });
    expect(screen.queryByRole('heading', { name: 'Bankverbindung' })).toBeNull();
  });

  it('puts the focus on Nein when asking to refund', async () => {
    panel(order());
    await userEvent.click(screen.getByRole('button', { name: 'Rücküberweisen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Nein' })).toHaveFocus();
  });

  it('puts the focus on Nein when asking to send back', async () => {
    panel(released);
    await userEvent.click(screen.getByRole('button', { name: 'Zurücksenden' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Nein' })).toHaveFocus();
  });

  it('puts the focus on Nein when asking to remove persons, and Ja when releasing', async () => {
    panel(order());
    await userEvent.click(screen.getByRole('checkbox', { name: /Kovačević/ }));
    // the marked line is struck through in colours that keep 4.5:1 (tests/unit/orders-screen-rules)
    expect(screen.getByRole('row', { name: /Kovačević/ })).toHaveClass(...MARKED_REMOVAL_ROW.split(' '));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('1 Person aus der Bestellung entfernen?');
    expect(within(dialog).getByRole('button', { name: 'Nein' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nein' }));
    await userEvent.click(screen.getByRole('button', { name: 'Freigeben' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Ja' })).toHaveFocus();
  });
});

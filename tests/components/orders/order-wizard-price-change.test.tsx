import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderWizard } from '@/components/orders/order-wizard';
import type { PersonForOrdering, PersonsForOrdering } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));
jest.mock('../../../components/orders/actions', () => ({ loadPersons: jest.fn(), submitOrder: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), loading: jest.fn(() => 'toast'), dismiss: jest.fn() },
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const actions = require('../../../components/orders/actions') as { loadPersons: jest.Mock; submitOrder: jest.Mock };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { notify } = require('../../../components/ui/toast') as { notify: { error: jest.Mock } };

/*
 * The wizard orders at the total it showed: when the federation changed a price after the check
 * step was shown, the refusal names the new total, the check step shows the new amounts, and only
 * a second confirmation orders, at the new total.
 */

function person(order: number): PersonForOrdering {
  return {
    id: 501,
    name: 'Marie Kovačević',
    regNr: null,
    birthDate: '1990-05-01',
    age: 36,
    gender: 'w',
    license: null,
    season: null,
    safetyFirst: true,
    orders: [],
    uuid: null,
    active: false,
    disabled: false,
    alreadyOrdered: false,
    reasons: [],
    print: 5,
    order,
    sum: order + 5,
  };
}
const persons = (order: number): PersonsForOrdering => ({
  ordercat: 'JAHRESLIZENZ_2027',
  year: 2027,
  baseAmount: 149,
  persons: [person(order)],
});

it('shows a price changed since the check step and orders only after a second confirmation, at the new total', async () => {
  const user = userEvent.setup();
  actions.loadPersons.mockResolvedValueOnce({ ok: true, data: persons(46) }).mockResolvedValueOnce({ ok: true, data: persons(60) });
  actions.submitOrder
    .mockResolvedValueOnce({
      ok: false,
      code: 'price_changed',
      message: 'Die Preise haben sich inzwischen geändert. Neuer Gesamtbetrag: 209,00 €.',
    })
    .mockResolvedValueOnce({
      ok: true,
      data: { id: 7, orderNumber: '0011-000007', summary: { price: 209, members: 1 }, paymentRequest: true, invoices: [] },
    });
  renderWithIntl(
    <OrderWizard
      orgId={11}
      orgName="BSV Demo"
      offers={[{ cat: 'JAHRESLIZENZ_2027', kind: 'licence', year: 2027, available: true, price: null }]}
      onPlaced={jest.fn()}
    />,
  );

  await user.click(screen.getByRole('radio'));
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  await user.click(await screen.findByRole('checkbox', { name: /Marie Kovačević bestellen$/ }));
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(screen.getByTestId('order-total')).toHaveTextContent('195,00');

  await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
  await user.click(await screen.findByRole('button', { name: 'Ja' }));
  await act(async () => undefined);
  expect(actions.submitOrder).toHaveBeenLastCalledWith(expect.objectContaining({ expectedTotalCents: 19_500 }));
  expect(notify.error.mock.calls.at(-1)[0]).toContain('209,00');
  // The check step now shows the new amounts, and nothing was ordered yet.
  expect(await screen.findByText('209,00 €')).toBeInTheDocument();
  expect(screen.getByTestId('order-total')).toHaveTextContent('209,00');

  await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
  await user.click(await screen.findByRole('button', { name: 'Ja' }));
  await act(async () => undefined);
  expect(actions.submitOrder).toHaveBeenCalledTimes(2);
  expect(actions.submitOrder).toHaveBeenLastCalledWith(expect.objectContaining({ expectedTotalCents: 20_900 }));
});

import { act, screen, within } from '@testing-library/react';
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
const actions = require('../../../components/orders/actions') as { loadPersons: jest.Mock };

/*
 * The persons step of a big club reads one page of 50 at a time: paging, searching (the API
 * searches), choices kept across pages for the check step, and "order everyone selectable"
 * covering every page.
 */

function person(id: number, name: string, reasons: PersonForOrdering['reasons'] = []): PersonForOrdering {
  return {
    id,
    name,
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
    reasons,
    print: 5,
    order: 40,
    sum: 45,
  };
}
const everyone = Array.from({ length: 120 }, (_, i) =>
  person(1000 + i, `Person ${String(i).padStart(3, '0')}`, i === 1 ? ['noSafetyFirst'] : []),
);
const answer = (persons: PersonForOrdering[], total?: number): PersonsForOrdering => ({
  ordercat: 'JAHRESLIZENZ_2027',
  year: 2027,
  baseAmount: 149,
  persons,
  ...(total === undefined ? {} : { total }),
});

beforeEach(() => {
  actions.loadPersons.mockReset();
  actions.loadPersons.mockImplementation(async ({ page, size, q }: { page?: number; size?: number; q?: string }) => {
    if (!page || !size) return { ok: true, data: answer(everyone) };
    const matches = q ? everyone.filter((p) => p.name.includes(q)) : everyone;
    return { ok: true, data: answer(matches.slice((page - 1) * size, page * size), matches.length) };
  });
});

async function openPersonsStep() {
  const user = userEvent.setup();
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
  await screen.findByRole('table', { name: /Personen/ });
  return user;
}
/** The step shows while its loading transition is still ending (its buttons are busy that long). */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
const rows = () =>
  within(screen.getByRole('table', { name: /Personen/ }))
    .getAllByRole('row')
    .slice(1);

it('shows 50 persons a page, asks the API for the next page, and keeps the choices of every page for the check step', async () => {
  const user = await openPersonsStep();
  expect(actions.loadPersons).toHaveBeenLastCalledWith({ orgId: 11, ordercat: 'JAHRESLIZENZ_2027', page: 1, size: 50, q: undefined });
  expect(rows()).toHaveLength(50);
  expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Person 000 bestellen' }));

  await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
  expect(await screen.findByText('Seite 2 von 3')).toBeInTheDocument();
  expect(actions.loadPersons).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, size: 50 }));
  expect(screen.queryByRole('checkbox', { name: 'Person 000 bestellen' })).toBeNull();
  await user.click(screen.getByRole('checkbox', { name: 'Person 060 bestellen' }));
  expect(screen.getByText('2 ausgewählt')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  const check = screen.getByRole('table', { name: /Bestellung prüfen|Prüfen/ });
  expect(within(check).getByText('Person 000')).toBeInTheDocument();
  expect(within(check).getByText('Person 060')).toBeInTheDocument();
  // 2 × 40 € + 149 € base amount
  expect(screen.getByTestId('order-total')).toHaveTextContent('229,00');
});

it('searches through the API from the first page on', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    const user = await openPersonsStep();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await screen.findByText('Seite 2 von 3');
    await user.type(screen.getByRole('searchbox', { name: 'Person suchen' }), 'Person 11');
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    await screen.findByText('Person 110');
    expect(actions.loadPersons).toHaveBeenLastCalledWith({ orgId: 11, ordercat: 'JAHRESLIZENZ_2027', page: 1, size: 50, q: 'Person 11' });
    expect(rows()).toHaveLength(10);
    expect(screen.queryByText(/^Seite/)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

it('orders everyone selectable on every page, not only the page shown', async () => {
  const user = await openPersonsStep();
  await settle();
  expect(screen.getByRole('button', { name: 'Alle auswählbaren bestellen' })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Alle auswählbaren bestellen' }));
  expect(await screen.findByText('119 von 119 ausgewählt')).toBeInTheDocument();
  expect(actions.loadPersons).toHaveBeenLastCalledWith({ orgId: 11, ordercat: 'JAHRESLIZENZ_2027' });
  expect(screen.getByRole('checkbox', { name: 'Person 001 bestellen' })).not.toBeChecked();
  await settle();
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(screen.getByTestId('order-total')).toHaveTextContent(/4\.909,00/);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CategoryForm } from '@/components/order-categories/category-form';
import { saveCategory } from '@/components/order-categories/actions';
import type { OrderCategory } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  usePathname: () => '/form/O1/F1032/5',
}));
jest.mock('../../../components/order-categories/actions', () => ({ saveCategory: jest.fn() }));

/* Overlapping age bands are refused at the bands' own fields, not only by a toast; nothing is sent. */

const category: OrderCategory = {
  id: 5,
  cat: 'JAHRESLIZENZ_2041',
  params: {
    year: 2041,
    price: null,
    netPrice: null,
    memberNetPrice: null,
    weight: null,
    group: 'JAHRESLIZENZ',
    category: [
      { age: [0, 17], license: 20, print: 5 },
      { age: [18, 120], license: 40, print: 5 },
    ],
  },
  updatedAt: '2026-10-01T10:00:00.000Z',
};

describe('category form age bands', () => {
  it('shows an overlap at the fields of the bands concerned', async () => {
    const user = userEvent.setup();
    renderWithIntl(<CategoryForm actingOrgId={1} funkId={1032} category={category} />);
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const second = screen.getByRole('group', { name: 'Altersklasse 2' });
    const from = within(second).getByLabelText('Alter von');
    await user.clear(from);
    await user.type(from, '15');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(within(second).getByLabelText('Alter von')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(second).getByText('Die Altersklassen überschneiden sich')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Altersklasse 1' });
    expect(within(first).getByText('Die Altersklassen überschneiden sich')).toBeInTheDocument();
    expect(saveCategory).not.toHaveBeenCalled();
  });
});

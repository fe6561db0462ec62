import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InventoryScreen } from '@/components/inventory/inventory-screen';
import type { InventoryArticle } from '@/lib/schemas/news';
import { renderWithIntl } from '../render-with-intl';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
  usePathname: () => '/form/O1/F1004',
}));
jest.mock('../../../components/inventory/actions', () => ({ loadInventory: jest.fn(), saveInventoryLine: jest.fn() }));

/* The inventory shows money in the screen's language: '74,92 €' in German, '€74.92' in English. */

const line: InventoryArticle = {
  id: 7,
  newsId: 3,
  ordercatId: 4,
  title: 'Vereinsshirt',
  abstract: '',
  content: '',
  attachedFiles: [],
  items: 5,
  active: 1,
  inventoryParams: { gender: 'f', size: 'M', visibility: true },
  categoryParams: { cat: 'KLEIDUNG_2027', netPrice: 74.92, price: 89.9 },
  updatedAt: '2026-10-01T10:00:00.000Z',
};

async function shown(locale: 'de' | 'en') {
  renderWithIntl(
    <InventoryScreen
      orgId={1}
      initial={{ items: [line], total: 1 }}
      articles={[{ id: 3, title: 'Vereinsshirt' }]}
      categories={[{ id: 4, cat: 'KLEIDUNG_2027' }]}
    />,
    locale,
  );
  await userEvent.click(screen.getByRole('button', { name: /Vereinsshirt/ }));
}

describe('inventory money', () => {
  it('formats the net price in German', async () => {
    await shown('de');
    expect(screen.getByText('Nettopreis: 74,92 €')).toBeInTheDocument();
    expect(screen.queryByText(/74\.92/)).toBeNull();
  });

  it('formats the net price in English', async () => {
    await shown('en');
    expect(screen.getByText('Net price: €74.92')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrganisationList } from '@/components/organisations/organisation-list';
import { CategoryList } from '@/components/order-categories/category-list';
import type { OrderCategory } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';
import { makeListItem } from '../organisations/fixtures';

/** The lists searched in the browser fold accents as the database search does: 'Karntner' finds 'Kärntner'. */

const hrefFor = (id: number | 'new') => `/form/O1/F50/${id}`;

it("the organisation list finds 'Kärntner' for 'Karntner' and 'Pölten' for 'POLTEN'", async () => {
  const items = [
    makeListItem({ id: 2, nameShort: 'KBSV', name: 'Kärntner Bogensportverband', city: 'Klagenfurt' }),
    makeListItem({ id: 3, nameShort: 'UBS St. Pölten', name: 'Union Bogensport St. Pölten', city: 'St. Pölten' }),
    makeListItem({ id: 4, nameShort: 'BSV WN', name: 'Bogensportverein Wiener Neustadt', city: 'Wiener Neustadt' }),
  ];
  const user = userEvent.setup();
  renderWithIntl(<OrganisationList items={items} selectedId={null} hrefFor={hrefFor} canCreate={false} />);
  const search = screen.getByRole('searchbox', { name: 'Organisation suchen' });
  await user.type(search, 'Karntner');
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByRole('link', { name: /Kärntner Bogensportverband/ })).toBeInTheDocument();
  await user.clear(search);
  await user.type(search, 'POLTEN');
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByRole('link', { name: /Union Bogensport St. Pölten/ })).toBeInTheDocument();
});

const category = (id: number, cat: string): OrderCategory => ({
  id,
  cat,
  params: { year: 2041, price: null, netPrice: null, memberNetPrice: null, weight: null, group: 'JAHRESLIZENZ', category: [] },
  updatedAt: '2026-10-01T10:00:00.000Z',
});

it("the category list finds 'Kärntner' for 'karntner'", async () => {
  const user = userEvent.setup();
  renderWithIntl(
    <CategoryList items={[category(1, 'Kärntner Meisterschaft'), category(2, 'Wiener Cup')]} selectedId={null} hrefFor={hrefFor} />,
  );
  await user.type(screen.getByRole('searchbox'), 'karntner');
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  expect(screen.getByRole('link', { name: /Kärntner Meisterschaft/ })).toBeInTheDocument();
});

import { screen } from '@testing-library/react';
import { PersonsTable } from '@/components/orders/persons-table';
import type { PersonForOrdering } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';

/* A person who holds a licence for the ordered year is refused with that year named, not 'this year'. */

const person: PersonForOrdering = {
  id: 501,
  name: 'Marie Kovačević',
  regNr: '12345',
  birthDate: '1990-05-01',
  age: 36,
  gender: 'w',
  license: '2027-12-31',
  season: 2027,
  safetyFirst: true,
  orders: [],
  uuid: 'abc',
  active: true,
  disabled: false,
  alreadyOrdered: false,
  reasons: ['licenceActive'],
  print: 5,
  order: 40,
  sum: 45,
};

const paging = { query: '', onQuery: jest.fn(), page: 1, pages: 1, onPage: jest.fn(), selectableCount: null, onSelectAll: jest.fn() };

describe('persons step reasons', () => {
  it('names the ordered year of an active licence', () => {
    renderWithIntl(<PersonsTable persons={[person]} choices={{}} onChange={jest.fn()} locale="de" year={2027} {...paging} />);
    expect(screen.getByText('Lizenz für 2027 bereits aktiv')).toBeInTheDocument();
    expect(screen.queryByText(/dieses Jahr/)).toBeNull();
  });

  it('in English too', () => {
    renderWithIntl(<PersonsTable persons={[person]} choices={{}} onChange={jest.fn()} locale="en" year={2027} {...paging} />, 'en');
    expect(screen.getByText('Licence for 2027 already active')).toBeInTheDocument();
  });
});

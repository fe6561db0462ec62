import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIST_PAGE_SIZE, OrganisationList } from '@/components/organisations/organisation-list';
import { OrganisationTable } from '@/components/organisations/organisation-table';
import { renderWithIntl } from '../render-with-intl';
import { federationList, makeListItem } from './fixtures';

/** The left list and the table view of the organisation page. */
const hrefFor = (id: number | 'new') => `/form/O1/F50/${id}`;

function manyClubs(n: number) {
  return Array.from({ length: n }, (_, i) =>
    makeListItem({ id: 100 + i, nameShort: `Club ${String.fromCharCode(90 - i)}`, name: `Verein ${i}`, openFees: i % 4 }),
  );
}

describe('OrganisationList', () => {
  it('shows 11 per page sorted by short name, with paging', async () => {
    const user = userEvent.setup();
    renderWithIntl(<OrganisationList items={manyClubs(14)} selectedId={null} hrefFor={hrefFor} canCreate />);
    const nav = screen.getByRole('navigation', { name: 'Organisationsliste' });
    let links = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href') !== hrefFor('new'));
    expect(LIST_PAGE_SIZE).toBe(11);
    expect(links).toHaveLength(11);
    expect(links[0]).toHaveTextContent('Club M'); // made Z…M, shown M…Z
    expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    links = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href') !== hrefFor('new'));
    expect(links).toHaveLength(3);
    expect(links[2]).toHaveTextContent('Club Z');
  });

  it('styles dissolved organisations as inactive and marks the selected one', () => {
    renderWithIntl(<OrganisationList items={federationList()} selectedId={12} hrefFor={hrefFor} canCreate={false} />);
    const dissolved = screen.getByRole('link', { name: /BS Eisenerz/ });
    expect(dissolved).toHaveAttribute('data-inactive', 'true');
    expect(dissolved).toHaveTextContent('aufgelöst');
    expect(screen.getByRole('link', { name: /BSV WN/ })).not.toHaveAttribute('data-inactive');
    expect(screen.getByRole('link', { name: /UBS St. Pölten/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Organisation hinzufügen' })).not.toBeInTheDocument();
  });

  it("searches, and says 'Organization nicht gefunden' when nothing matches", async () => {
    const user = userEvent.setup();
    renderWithIntl(<OrganisationList items={federationList()} selectedId={null} hrefFor={hrefFor} canCreate />);
    expect(screen.getByRole('link', { name: 'Organisation hinzufügen' })).toHaveAttribute('href', '/form/O1/F50/new');
    await user.type(screen.getByRole('searchbox', { name: 'Organisation suchen' }), 'pölten');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'xyz');
    expect(screen.getByText('Organization nicht gefunden')).toBeInTheDocument();
  });
});

describe('OrganisationTable', () => {
  it("filters 'Offene Beiträge >=2' (two or more orders without completion date)", async () => {
    const user = userEvent.setup();
    renderWithIntl(<OrganisationTable rows={federationList()} onOpen={jest.fn()} />);
    const table = screen.getByRole('table', { name: 'Organisationen' });
    expect(within(table).getAllByRole('row')).toHaveLength(2 + 5);
    const filter = screen.getByRole('combobox', { name: 'Filter: Offene Beiträge' });
    await user.selectOptions(filter, within(filter).getByRole('option', { name: 'Offene Beiträge >=2' }));
    const rows = within(table).getAllByRole('row').slice(2);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['BS Eisenerz', 'UBS St. Pölten']);
  });

  it('names the parent organisation (the governing state association) by its short name, and filters by it', async () => {
    const user = userEvent.setup();
    renderWithIntl(<OrganisationTable rows={federationList()} onOpen={jest.fn()} />);
    const table = screen.getByRole('table', { name: 'Organisationen' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const column = headers.findIndex((h) => h?.startsWith('Übergeordnete Organisation'));
    expect(column).toBeGreaterThan(-1);
    const parentOf = (shortName: string) => {
      const row = within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryAllByRole('cell')[1]?.textContent === shortName)!;
      return within(row).getAllByRole('cell')[column].textContent;
    };
    expect(parentOf('BSV WN')).toBe('BSV NÖ');
    expect(parentOf('BSV NÖ')).toBe('ÖBSV');
    expect(parentOf('ÖBSV')).toBe('');

    const filter = screen.getByRole('combobox', { name: 'Filter: Übergeordnete Organisation' });
    await user.selectOptions(filter, within(filter).getByRole('option', { name: 'ÖBSV' }));
    const rows = within(table).getAllByRole('row').slice(2);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['BSV NÖ']);
  });

  it('pages 20 rows, offers all columns, and opens a row', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderWithIntl(<OrganisationTable rows={manyClubs(25)} onOpen={onOpen} />);
    const table = screen.getByRole('table', { name: 'Organisationen' });
    expect(within(table).getAllByRole('row')).toHaveLength(2 + 20);
    for (const header of [
      'Kurzname',
      'c/o',
      'BSO-Nummer',
      'ZVR-Zahl',
      'DVR-Nummer',
      'IBAN',
      'Gegründet',
      'Aufgelöst',
      'Kooperationspartner',
      'Offene Beiträge',
    ]) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeInTheDocument();
    }
    await user.click(within(table).getAllByRole('row')[2]);
    expect(onOpen).toHaveBeenCalledWith(expect.any(Number));
  });
});

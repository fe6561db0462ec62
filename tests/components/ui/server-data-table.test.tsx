import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerDataTable, type ServerTableQuery } from '@/components/ui/server-data-table';
import type { DataTableColumn } from '@/components/ui/data-table';
import { renderWithIntl } from '../render-with-intl';

/**
 * The data table in server mode: the "API" here is a mocked fetchPage that sorts, filters and
 * pages 45 rows the way the database would; the table must ask it for the right page and keep
 * its state in the address.
 */

type Row = { id: number; name: string; score: number; city: string };
const cities = ['Wien', 'Graz', 'Linz'];
const all: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  score: (i * 7) % 45,
  city: cities[i % 3],
}));

const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', accessor: (r) => r.name },
  { id: 'score', header: 'Punkte', accessor: (r) => r.score },
  { id: 'city', header: 'Ort', accessor: (r) => r.city, filter: cities.map((c) => ({ value: c, label: c })) },
  { id: 'note', header: 'Notiz', accessor: () => null, sortable: false },
];

const fetchPage = jest.fn(async (query: ServerTableQuery) => {
  let rows = all.filter((r) => !query.filters.city || r.city === query.filters.city);
  if (query.q) rows = rows.filter((r) => r.name.includes(query.q));
  const key = query.sort.id as 'name' | 'score';
  rows = [...rows].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (query.sort.desc ? -1 : 1));
  const start = (query.page - 1) * query.pageSize;
  return { items: rows.slice(start, start + query.pageSize), total: rows.length };
});

function renderTable() {
  return renderWithIntl(
    <ServerDataTable
      columns={columns}
      fetchPage={(q) => fetchPage(q)}
      defaultSort={{ id: 'name', desc: false }}
      getRowId={(r) => String(r.id)}
      exportHref={(q) =>
        `/export.csv?sort=${q.sort.id}&dir=${q.sort.desc ? 'desc' : 'asc'}${q.filters.city ? `&city=${q.filters.city}` : ''}`
      }
      failedText="Verbindungsfehler !!!"
      label="Personen"
    />,
  );
}

const shownNames = () =>
  within(screen.getAllByRole('rowgroup')[1])
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
const lastQuery = () => fetchPage.mock.calls.at(-1)![0];
const address = () => new URLSearchParams(window.location.search);

beforeEach(() => {
  fetchPage.mockClear();
  window.history.replaceState(null, '', '/admin/form/O1/F52?view=table');
});

describe('ServerDataTable', () => {
  it('asks for the first page in the default order and pages through the API', async () => {
    const user = userEvent.setup();
    renderTable();
    await waitFor(() => expect(shownNames()[0]).toBe('Person 01'));
    expect(lastQuery()).toEqual({ page: 1, pageSize: 20, q: '', sort: { id: 'name', desc: false }, filters: {} });
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
    expect(screen.getByText('45 Einträge')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(shownNames()[0]).toBe('Person 21'));
    expect(lastQuery().page).toBe(2);
    expect(address().get('page')).toBe('2');
    expect(address().get('view')).toBe('table'); // the page's own parameters stay

    await user.selectOptions(screen.getByRole('combobox', { name: 'Einträge pro Seite' }), '50');
    await waitFor(() => expect(shownNames()).toHaveLength(45));
    expect(lastQuery()).toMatchObject({ page: 1, pageSize: 50 });
    expect(address().get('size')).toBe('50');
    expect(address().get('page')).toBeNull();
  });

  it('sorts a number column ascending on the first click, like text, and descending on the second', async () => {
    const user = userEvent.setup();
    renderTable();
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(lastQuery().page).toBe(2));

    const header = screen.getByRole('columnheader', { name: /Punkte/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    expect(lastQuery()).toMatchObject({ page: 1, sort: { id: 'score', desc: false } });
    await waitFor(() => expect(within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row')[0]).toHaveTextContent('Person 01'));
    expect(address().get('sort')).toBe('score');
    expect(address().get('dir')).toBeNull();
    expect(address().get('page')).toBeNull();

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(lastQuery().sort).toEqual({ id: 'score', desc: true });
    expect(address().get('dir')).toBe('desc');
    expect(within(screen.getByRole('columnheader', { name: 'Notiz' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts from the state in the address (a reload or a shared link)', async () => {
    window.history.replaceState(null, '', '/admin/form/O1/F52?view=table&sort=score&dir=desc&page=2&size=10&city=Graz&q=Person');
    renderTable();
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0][0]).toEqual({
      page: 2,
      pageSize: 10,
      q: 'Person',
      sort: { id: 'score', desc: true },
      filters: { city: 'Graz' },
    });
    expect(screen.getByRole('columnheader', { name: /Punkte/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('searchbox', { name: 'Suchen' })).toHaveValue('Person');
    expect(screen.getByRole('combobox', { name: 'Filter: Ort' })).toHaveValue('Graz');
    await waitFor(() => expect(screen.getByText('Seite 2 von 2')).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'CSV-Export' })).toHaveAttribute('href', '/export.csv?sort=score&dir=desc&city=Graz');
  });

  it('ignores a malformed address: unknown sort, page 0, a size not offered, a filter value not offered', async () => {
    window.history.replaceState(null, '', '/x?sort=password&page=0&size=7&city=Paris');
    renderTable();
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0][0]).toEqual({ page: 1, pageSize: 20, q: '', sort: { id: 'name', desc: false }, filters: {} });
  });

  it('goes to the last page when the address names one beyond it (a link after rows left)', async () => {
    window.history.replaceState(null, '', '/x?page=9');
    renderTable();
    await waitFor(() => expect(lastQuery().page).toBe(3));
    await waitFor(() => expect(shownNames()[0]).toBe('Person 41'));
    expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
    expect(address().get('page')).toBe('3');
  });

  it('asks the API once after typing stops, from page 1, and filters by a column', async () => {
    // keys typed without pauses, as a quick typist does: one request for the whole word
    const user = userEvent.setup({ delay: null });
    renderTable();
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    fetchPage.mockClear();
    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'Person 4');
    // the request waits 300 ms after the last key; a busy machine may take longer to answer
    await waitFor(() => expect(shownNames()).toEqual(['Person 40', 'Person 41', 'Person 42', 'Person 43', 'Person 44', 'Person 45']), {
      timeout: 5000,
    });
    expect(fetchPage.mock.calls.filter(([q]) => q.q !== '' && q.q !== 'Person 4')).toHaveLength(0);
    expect(address().get('q')).toBe('Person 4');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter: Ort' }), 'Linz');
    await waitFor(() => expect(lastQuery().filters).toEqual({ city: 'Linz' }));
    await waitFor(() => expect(shownNames()).toEqual(['Person 42', 'Person 45']), { timeout: 5000 });
    expect(address().get('city')).toBe('Linz');
  });

  it("shows the failure text when a page can't be loaded", async () => {
    fetchPage.mockRejectedValueOnce(new Error('502'));
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('Verbindungsfehler !!!');
  });

  it('hides a column with the column chooser and makes rows compact', async () => {
    const user = userEvent.setup();
    renderTable();
    await waitFor(() => expect(shownNames()).toHaveLength(20));
    await user.click(screen.getByText('Spalten'));
    await user.click(screen.getByRole('checkbox', { name: 'Punkte' }));
    expect(screen.queryByRole('columnheader', { name: /Punkte/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Punkte' }));
    expect(screen.getByRole('columnheader', { name: /Punkte/ })).toBeInTheDocument();

    const compact = screen.getByRole('button', { name: 'Kompakt' });
    expect(compact).toHaveAttribute('aria-pressed', 'false');
    await user.click(compact);
    expect(compact).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getAllByRole('rowgroup')[1]).getAllByRole('cell')[0]).toHaveClass('py-1');
  });
});

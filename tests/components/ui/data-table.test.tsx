import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { renderWithIntl } from '../render-with-intl';

type Member = {
  id: number;
  name: string;
  city: string;
  birthDate: string | null;
  openFees: number;
  active: boolean;
};

const cities = ['Wien', 'Graz', 'Linz', 'Salzburg', 'Innsbruck'];

// 25 members: "Mitglied 01" … "Mitglied 25"; every fifth lives in Graz; member 7 has no birth date.
const members: Member[] = Array.from({ length: 25 }, (_, i) => {
  const n = i + 1;
  return {
    id: n,
    name: `Mitglied ${String(n).padStart(2, '0')}`,
    city: cities[i % 5],
    birthDate: n === 7 ? null : `19${String(60 + n)}-0${(n % 9) + 1}-15`,
    openFees: n % 4,
    active: n % 6 !== 0,
  };
});

const columns: DataTableColumn<Member>[] = [
  { id: 'name', header: 'Name', accessor: (m) => m.name, filter: 'text' },
  { id: 'city', header: 'Ort', accessor: (m) => m.city, filter: 'select' },
  { id: 'birthDate', header: 'Geburtsdatum', accessor: (m) => m.birthDate, type: 'date' },
  {
    id: 'openFees',
    header: 'Offene Beiträge',
    accessor: (m) => m.openFees,
    filter: [{ value: 'open2', label: 'Offene Beiträge >=2', test: (m) => m.openFees >= 2 }],
  },
  {
    id: 'edit',
    header: 'Bearbeiten',
    accessor: () => null,
    cell: (m) => <button type="button">Bearbeiten {m.name}</button>,
    sortable: false,
    searchable: false,
    csv: false,
  },
];

/** Names in the body rows, in display order. */
function shownNames(): string[] {
  const body = screen.getAllByRole('rowgroup')[1];
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '');
}

function renderTable(props: Partial<Parameters<typeof DataTable<Member>>[0]> = {}) {
  return renderWithIntl(<DataTable columns={columns} rows={members} csvFileName="mitglieder.csv" {...props} />);
}

describe('DataTable', () => {
  it('has no empty column header: the filter row holds cells, one title per column', () => {
    renderTable();
    const headers = within(screen.getAllByRole('rowgroup')[0]).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Ort', 'Geburtsdatum', 'Offene Beiträge', 'Bearbeiten']);
    expect(screen.getByRole('textbox', { name: 'Filter: Name' })).toBeInTheDocument();
  });

  it('shows 20 rows per page by default, the row count and the page', () => {
    renderTable();
    expect(shownNames()).toHaveLength(20);
    expect(shownNames()[0]).toBe('Mitglied 01');
    expect(screen.getByText('25 Einträge')).toBeInTheDocument();
    expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Einträge pro Seite' })).toHaveValue('20');
    // dates in DD.MM.YYYY
    expect(screen.getByRole('cell', { name: '15.02.1961' })).toBeInTheDocument();
  });

  it('searches across columns, case-insensitively, and counts the matches', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'graz');
    expect(shownNames()).toEqual(['Mitglied 02', 'Mitglied 07', 'Mitglied 12', 'Mitglied 17', 'Mitglied 22']);
    expect(screen.getByText('5 Einträge')).toBeInTheDocument();
    expect(screen.getByText('Seite 1 von 1')).toBeInTheDocument();
  });

  it('finds a date typed as DD.MM.YYYY', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen' }), '15.04.1963');
    expect(shownNames()).toEqual(['Mitglied 03']);
  });

  it('shows the empty text when nothing matches', async () => {
    renderTable({ emptyText: 'Mitglieder nicht gefunden' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'Niemand');
    expect(screen.getByText('Mitglieder nicht gefunden')).toBeInTheDocument();
    expect(screen.getByText('0 Einträge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV-Export' })).toBeDisabled();
  });

  it('shows the default empty text for no rows', () => {
    renderWithIntl(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByText('Keine Daten')).toBeInTheDocument();
  });

  it('sorts on a header click and reverses on the second click', async () => {
    renderTable();
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(shownNames()[0]).toBe('Mitglied 01');

    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames().slice(0, 3)).toEqual(['Mitglied 25', 'Mitglied 24', 'Mitglied 23']);
  });

  it('sorts numbers numerically and keeps empty values last', async () => {
    renderTable({ pageSize: 50 });
    const dateHeader = screen.getByRole('columnheader', { name: /Geburtsdatum/ });
    await userEvent.click(within(dateHeader).getByRole('button'));
    expect(shownNames().at(-1)).toBe('Mitglied 07');
    await userEvent.click(within(dateHeader).getByRole('button'));
    expect(shownNames()[0]).toBe('Mitglied 25');
    expect(shownNames().at(-1)).toBe('Mitglied 07');
  });

  it('sorts a number column ascending on the first click, like text', async () => {
    renderTable({ pageSize: 50 });
    const feesHeader = screen.getByRole('columnheader', { name: /Offene Beiträge/ });
    await userEvent.click(within(feesHeader).getByRole('button'));
    expect(feesHeader).toHaveAttribute('aria-sort', 'ascending');
    // openFees = n % 4: members 4, 8, 12 … owe nothing and come first
    expect(shownNames().slice(0, 2)).toEqual(['Mitglied 04', 'Mitglied 08']);
    await userEvent.click(within(feesHeader).getByRole('button'));
    expect(feesHeader).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames()[0]).toBe('Mitglied 03');
  });

  it('starts with the given sort and lets the user change it', async () => {
    renderTable({ initialSort: { id: 'name', desc: true } });
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(shownNames()[0]).toBe('Mitglied 25');
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Ort/ })).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(shownNames()[0]).toBe('Mitglied 02'); // Graz first
  });

  it('has no sort button on a column that is not sortable', () => {
    renderTable();
    const editHeader = screen.getByRole('columnheader', { name: 'Bearbeiten' });
    expect(within(editHeader).queryByRole('button')).not.toBeInTheDocument();
    expect(editHeader).not.toHaveAttribute('aria-sort');
  });

  it('filters a column by text', async () => {
    renderTable();
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter: Name' }), '1');
    expect(shownNames()).toEqual([
      'Mitglied 01',
      'Mitglied 10',
      'Mitglied 11',
      'Mitglied 12',
      'Mitglied 13',
      'Mitglied 14',
      'Mitglied 15',
      'Mitglied 16',
      'Mitglied 17',
      'Mitglied 18',
      'Mitglied 19',
      'Mitglied 21',
    ]);
  });

  it('filters a column by one of its values, and back to all', async () => {
    renderTable();
    const citySelect = screen.getByRole('combobox', { name: 'Filter: Ort' });
    expect(
      within(citySelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle', 'Graz', 'Innsbruck', 'Linz', 'Salzburg', 'Wien']);
    await userEvent.selectOptions(citySelect, 'Linz');
    expect(shownNames()).toEqual(['Mitglied 03', 'Mitglied 08', 'Mitglied 13', 'Mitglied 18', 'Mitglied 23']);
    await userEvent.selectOptions(citySelect, 'Alle');
    expect(screen.getByText('25 Einträge')).toBeInTheDocument();
  });

  it("filters with a custom choice such as 'Offene Beiträge >=2'", async () => {
    renderTable();
    const select = screen.getByRole('combobox', { name: 'Filter: Offene Beiträge' });
    await userEvent.selectOptions(select, within(select).getByRole('option', { name: 'Offene Beiträge >=2' }));
    const expected = members.filter((m) => m.openFees >= 2).length;
    expect(screen.getByText(`${expected} Einträge`)).toBeInTheDocument();
    expect(shownNames()).not.toContain('Mitglied 01'); // 1 open fee
    expect(shownNames()).toContain('Mitglied 02'); // 2 open fees
  });

  it('pages with next/previous and a changed page size', async () => {
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(shownNames()).toEqual(['Mitglied 21', 'Mitglied 22', 'Mitglied 23', 'Mitglied 24', 'Mitglied 25']);
    expect(screen.getByText('Seite 2 von 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Einträge pro Seite' }), '10 / Seite');
    expect(shownNames()).toHaveLength(10);
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
  });

  it('jumps to a typed page and clamps a page beyond the last', async () => {
    renderTable({ pageSize: 10 });
    const jump = screen.getByRole('spinbutton', { name: 'Gehe zu' });
    await userEvent.type(jump, '3{Enter}');
    expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
    expect(shownNames()[0]).toBe('Mitglied 21');

    await userEvent.type(jump, '2{Enter}');
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();

    await userEvent.type(jump, '99{Enter}');
    expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
  });

  it('goes back to page 1 when the search changes', async () => {
    renderTable({ pageSize: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'Wien');
    expect(screen.getByText('Seite 1 von 1')).toBeInTheDocument();
    expect(shownNames()).toHaveLength(5);
  });

  it('keeps the page when the owner re-renders with fresh arrays (a data refresh after a save)', async () => {
    function Owner() {
      const [refreshes, setRefreshes] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setRefreshes((n) => n + 1)}>
            Neu laden {refreshes}
          </button>
          <DataTable columns={[...columns]} rows={members.map((m) => ({ ...m }))} pageSize={10} />
        </>
      );
    }
    renderWithIntl(<Owner />);
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await userEvent.click(screen.getByRole('button', { name: /Neu laden/ }));
    expect(screen.getByRole('button', { name: 'Neu laden 1' })).toBeInTheDocument();
    expect(screen.getByText('Seite 2 von 3')).toBeInTheDocument();
    expect(shownNames()[0]).toBe('Mitglied 11');
  });

  it('moves to the last page that still exists when rows disappear', async () => {
    const { rerender } = renderTable({ pageSize: 10 });
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Gehe zu' }), '3{Enter}');
    expect(screen.getByText('Seite 3 von 3')).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={members.slice(0, 12)} pageSize={10} />);
    expect(screen.getByText('Seite 2 von 2')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Mitglied 11', 'Mitglied 12']);
  });

  it('reports row clicks and styles rows', async () => {
    const onRowClick = jest.fn();
    renderTable({ onRowClick, rowClassName: (m) => (m.active ? undefined : 'text-gray-400 line-through') });
    await userEvent.click(screen.getByRole('cell', { name: 'Mitglied 04' }));
    expect(onRowClick).toHaveBeenCalledWith(members[3]);
    expect(screen.getByRole('cell', { name: 'Mitglied 06' }).closest('tr')).toHaveClass('line-through');
    expect(screen.getByRole('cell', { name: 'Mitglied 05' }).closest('tr')).not.toHaveClass('line-through');
  });

  describe('CSV export', () => {
    let blobs: Blob[];
    let click: jest.SpyInstance;
    let downloads: string[];

    beforeEach(() => {
      blobs = [];
      downloads = [];
      Object.assign(URL, {
        createObjectURL: jest.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:table';
        }),
        revokeObjectURL: jest.fn(),
      });
      click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => click.mockRestore());

    function blobText(blob: Blob): Promise<{ bytes: number[]; text: string }> {
      return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => {
          const all = new Uint8Array(reader.result as ArrayBuffer);
          resolve({ bytes: Array.from(all.subarray(0, 3)), text: Buffer.from(all.subarray(3)).toString('utf8') });
        };
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });
    }

    it('exports the filtered, sorted rows of all pages with BOM and semicolons', async () => {
      renderTable({ pageSize: 10 });
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter: Offene Beiträge' }), 'open2');
      const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
      await userEvent.click(within(nameHeader).getByRole('button'));
      await userEvent.click(within(nameHeader).getByRole('button')); // descending

      await userEvent.click(screen.getByRole('button', { name: 'CSV-Export' }));

      expect(downloads).toEqual(['mitglieder.csv']);
      const { bytes, text } = await blobText(blobs[0]);
      expect(bytes).toEqual([0xef, 0xbb, 0xbf]);
      const lines = text.split('\r\n').filter(Boolean);
      // header without the csv:false column
      expect(lines[0]).toBe('Name;Ort;Geburtsdatum;Offene Beiträge');
      const expected = members.filter((m) => m.openFees >= 2).sort((a, b) => b.name.localeCompare(a.name));
      // every matching row, not only the 10 on the page, in the shown order
      expect(lines).toHaveLength(expected.length + 1);
      expect(expected.length).toBeGreaterThan(10);
      expect(lines[1]).toBe('Mitglied 23;Linz;15.06.1983;3');
      expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(expected.map((m) => m.name));
      expect(lines.find((l) => l.startsWith('Mitglied 07'))).toBe('Mitglied 07;Graz;;3');
    });

    it('has no export button when switched off', () => {
      renderTable({ csvExport: false });
      expect(screen.queryByRole('button', { name: 'CSV-Export' })).not.toBeInTheDocument();
    });
  });
});

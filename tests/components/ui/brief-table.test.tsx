import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';
import { renderWithIntl } from '../render-with-intl';

/* A brief table (a member's functions, trainings, an order's lines) shows 5 rows a page. */

function table(count: number, pageSize?: number | null) {
  return (
    <BriefTable
      label="Funktionen"
      columns={[{ key: 'name', header: 'Funktion' }]}
      emptyText="Keine"
      isEmpty={count === 0}
      pageSize={pageSize}
    >
      {Array.from({ length: count }, (_, i) => (
        <tr key={i}>
          <BriefCell>{`Funktion ${i + 1}`}</BriefCell>
        </tr>
      ))}
    </BriefTable>
  );
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Funktionen' }))
    .getAllByRole('row')
    .slice(1);

it('pages 21 rows at 5: Seite 1 von 5, then the next 5', async () => {
  const user = userEvent.setup();
  renderWithIntl(table(21));
  expect(bodyRows().map((r) => r.textContent)).toEqual(['Funktion 1', 'Funktion 2', 'Funktion 3', 'Funktion 4', 'Funktion 5']);
  expect(screen.getByText('Seite 1 von 5')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
  expect(bodyRows()[0]).toHaveTextContent('Funktion 6');
  expect(screen.getByText('Seite 2 von 5')).toBeInTheDocument();
});

it('shows no pager for 5 rows or fewer, and stays on the last page there is when rows go', async () => {
  const user = userEvent.setup();
  const { rerender } = renderWithIntl(table(7));
  await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
  expect(bodyRows()).toHaveLength(2);
  rerender(table(5));
  expect(bodyRows()).toHaveLength(5);
  expect(screen.queryByRole('button', { name: 'Nächste Seite' })).not.toBeInTheDocument();
});

it('shows every row when the caller pages them itself', () => {
  renderWithIntl(table(12, null));
  expect(bodyRows()).toHaveLength(12);
});

const columns = [
  { key: 'name', header: 'Name' },
  { key: 'actions', header: 'Aktionen', srOnly: true },
];

describe('BriefTable', () => {
  it('shows the empty text across all columns when there are no rows', () => {
    renderWithIntl(
      <BriefTable label="Dokumente" columns={columns} emptyText="Keine Dokumente vorhanden" isEmpty>
        {null}
      </BriefTable>,
    );
    const table = screen.getByRole('table', { name: 'Dokumente' });
    const cell = within(table).getByText('Keine Dokumente vorhanden');
    expect(cell).toHaveAttribute('colspan', '2');
    // The actions header is there for screen readers only.
    expect(within(table).getByRole('columnheader', { name: 'Aktionen' }).querySelector('.sr-only')).not.toBeNull();
  });

  it('renders the rows it is given instead of the empty text', () => {
    renderWithIntl(
      <BriefTable label="Dokumente" columns={columns} emptyText="Keine Dokumente vorhanden" isEmpty={false}>
        <tr>
          <BriefCell>Statuten.pdf</BriefCell>
          <BriefCell className="text-right">x</BriefCell>
        </tr>
      </BriefTable>,
    );
    expect(screen.queryByText('Keine Dokumente vorhanden')).toBeNull();
    expect(screen.getByRole('cell', { name: 'Statuten.pdf' })).toBeInTheDocument();
  });
});

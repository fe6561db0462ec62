import { render, screen, within } from '@testing-library/react';
import { BriefCell, BriefTable } from '@/components/ui/brief-table';

const columns = [
  { key: 'name', header: 'Name' },
  { key: 'actions', header: 'Aktionen', srOnly: true },
];

describe('BriefTable', () => {
  it('shows the empty text across all columns when there are no rows', () => {
    render(
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
    render(
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

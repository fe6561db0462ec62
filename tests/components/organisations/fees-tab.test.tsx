import { screen, within } from '@testing-library/react';
import { FeeStatusTag } from '@/components/organisations/fee-status-tag';
import { FeesTab } from '@/components/organisations/fees-tab';
import { renderWithIntl } from '../render-with-intl';

/** Fees tab: status tag Erstellt blue, Freigegeben green, anything else 'Unknown'. */
describe('FeeStatusTag', () => {
  it.each([
    ['Erstellt', 'Erstellt', 'blue', 'bg-blue-100'],
    ['Freigegeben', 'Freigegeben', 'green', 'bg-green-100'],
    ['canceled', 'Unknown', 'unknown', 'bg-gray-100'],
    [null, 'Unknown', 'unknown', 'bg-gray-100'],
  ])('status %p shows %p in %s', (status, text, tone, colour) => {
    renderWithIntl(<FeeStatusTag status={status} />);
    const tag = screen.getByText(text);
    expect(tag).toHaveAttribute('data-tone', tone);
    expect(tag).toHaveClass(colour);
  });
});

describe('FeesTab', () => {
  it("shows 'keine Bestellung' without orders", () => {
    renderWithIntl(<FeesTab fees={[]} />);
    expect(screen.getByText('keine Bestellung')).toBeInTheDocument();
  });

  it('lists order number, category, status tag and completion date (DD.MM.YYYY)', () => {
    renderWithIntl(
      <FeesTab
        fees={[
          { orderId: 113, ordercat: 'VEREINSBEITRAG_2026', processing: { status: 'Freigegeben' }, completed: '2026-01-14' },
          { orderId: 115, ordercat: 'JAHRESLIZENZ_2027', processing: { status: 'Erstellt' }, completed: null },
          { orderId: 116, ordercat: 'JAHRESLIZENZ_2027', processing: { status: 'storniert' }, completed: null },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Beiträge der Organisation' });
    const released = within(table).getByRole('row', { name: /113/ });
    expect(released).toHaveTextContent('VEREINSBEITRAG_2026');
    expect(released).toHaveTextContent('14.01.2026');
    expect(within(released).getByText('Freigegeben')).toHaveAttribute('data-tone', 'green');
    expect(within(within(table).getByRole('row', { name: /115/ })).getByText('Erstellt')).toHaveAttribute('data-tone', 'blue');
    expect(within(within(table).getByRole('row', { name: /116/ })).getByText('Unknown')).toHaveAttribute('data-tone', 'unknown');
  });
});

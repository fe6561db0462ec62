import { screen, within } from '@testing-library/react';
import { OrderReportTable } from '@/components/order-admin/order-report-table';
import { loadReport } from '@/components/order-admin/actions';
import type { OrderReportLine } from '@/lib/schemas/orders';
import { renderWithIntl } from '../render-with-intl';

jest.mock('../../../components/order-admin/actions', () => ({ loadReport: jest.fn() }));

/* The order report table's last column, 'Bearbeiten', opens the line's order in the order form. */

const line: OrderReportLine = {
  ordersystemId: 119,
  ordercat: 'JAHRESLIZENZ_2027',
  memberName: 'Marie Kovačević',
  age: 30,
  print: true,
  order: true,
  disabled: false,
  sum: 35,
  orgId: 11,
  orgName: 'BSV Demo',
  bso: '3011',
  memberId: 501,
  regNr: '12345',
  status: 'Erstellt',
  completed: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
  creator: 'Anna Admin',
};

describe('order report table', () => {
  it('has an edit column that opens the order', async () => {
    jest.mocked(loadReport).mockResolvedValue({ ok: true, data: { items: [line], total: 1 } });
    renderWithIntl(<OrderReportTable actingOrgId={1} funkId={1005} showOrganisation />);
    const table = screen.getByRole('table', { name: 'Bestellbericht' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.at(-1)).toBe('Bearbeiten');
    const link = await within(table).findByRole('link', { name: 'Bestellung 119 bearbeiten' });
    expect(link).toHaveAttribute('href', '/form/O1/F1005/119');
  });
});

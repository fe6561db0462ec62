import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MembersOverview } from '@/components/members/members-overview';
import type { Member } from '@/lib/api/member-types';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { countries, listMember } from './fixtures';

jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));

const fetchMock = jest.fn();

function member(id: number, surname: string, extra: Partial<Member> = {}): Member {
  return listMember({ id, surname, regNr: String(3000000 + id), ...extra });
}

const rows: Member[] = Array.from({ length: 25 }, (_, i) => member(i + 1, `Name${String(i + 1).padStart(2, '0')}`));
rows[0] = member(1, 'Aigner', {
  functions: [
    {
      funkMgId: 1,
      funcId: 12,
      funcName: 'Trainer',
      funcGroup: 'Sportbetrieb / Trainer',
      groupId: 3,
      orgId: 11,
      orgName: 'BSV Wiener Neustadt',
      dateFrom: '2020-01-01',
      dateTo: '2999-12-31',
      active: true,
      updatedAt: 'x',
    },
  ],
  certificates: [
    {
      certId: 1,
      certName: 'Safety First',
      certGroupName: 'Sicherheit',
      certTitle: 'Safety First',
      certController: null,
      dateFrom: '2019-01-30',
      dateTo: null,
      ausb_mg_id: 5,
      orgId: 11,
    },
  ],
});

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/admin/form/O11/F51?view=table');
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  // the API's paging: one page of the 25 rows
  fetchMock.mockImplementation((url: string) => {
    const p = new URL(url, 'http://localhost').searchParams;
    const size = Number(p.get('pageSize'));
    const start = (Number(p.get('page')) - 1) * size;
    return Promise.resolve({ ok: true, status: 200, json: async () => ({ items: rows.slice(start, start + size), total: rows.length }) });
  });
});

describe('MembersOverview', () => {
  it("shows the specification's columns, 20 rows per page", async () => {
    renderIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />);
    const table = await screen.findByRole('table', { name: 'Mitgliederübersicht' });
    await within(table).findByText('Aigner');
    const headers = within(within(table).getAllByRole('row')[0])
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Profilbild',
      'Registriernummer',
      'Organisationen',
      'Nachname',
      'Vorname',
      'Geburtsdatum',
      'Altersklasse',
      'Geschlecht',
      'Lizenz-Organisationen',
      'Nationalität',
      'Straße',
      'Hausnr.',
      'Tür',
      'PLZ',
      'Ort',
      'Telefon',
      'E-Mail',
      'Funktionen',
      'Ausbildungen',
      'Bearbeiten',
    ]);
    // header row, filter row and 20 members
    expect(within(table).getAllByRole('row')).toHaveLength(22);
    expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/admin/api/v1/admin/members/11');
  });

  it('shows the text the CSV export writes (shared columns) and links the export with the same filters and order', async () => {
    const user = userEvent.setup();
    renderIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />);
    const table = await screen.findByRole('table', { name: 'Mitgliederübersicht' });
    await within(table).findByText('Aigner');
    const first = within(table).getAllByRole('row')[2];
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.any(String),
      '3000001',
      'BSV Wiener Neustadt',
      'Aigner',
      'Rosalie',
      '04.01.2011',
      'U18',
      'weiblich',
      'BSV Wiener Neustadt',
      'Österreich',
      'Josefstraße',
      '63',
      '',
      '2700',
      'Wiener Neustadt',
      '+43 676 7152676',
      'rosalie.aigner@example.com',
      'Trainer',
      'Safety First',
      'Bearbeiten',
    ]);

    const exportLink = () => new URL(screen.getByRole('link', { name: 'CSV-Export' }).getAttribute('href')!, 'http://localhost');
    expect(exportLink().pathname).toBe('/admin/api/v1/admin/members/11/export.csv');
    expect(Object.fromEntries(exportLink().searchParams)).toEqual({ sort: 'surname', dir: 'asc', lang: 'de' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter: Geschlecht' }), 'weiblich');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter: Lizenz-Organisationen' }), 'ohne aktive Lizenz');
    await user.click(within(screen.getByRole('columnheader', { name: /Geburtsdatum/ })).getByRole('button'));
    await waitFor(() => expect(exportLink().searchParams.get('sort')).toBe('birthDate'));
    expect(Object.fromEntries(exportLink().searchParams)).toEqual({
      sort: 'birthDate',
      dir: 'asc',
      gender: 'w',
      licence: 'none',
      lang: 'de',
    });
    const listUrl = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(listUrl.searchParams)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'birthDate',
      dir: 'asc',
      gender: 'w',
      licence: 'none',
    });
  });

  it('opens a member from the edit column', async () => {
    const onEdit = jest.fn();
    const user = userEvent.setup();
    renderIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={onEdit} />);
    await user.click(await screen.findByRole('button', { name: 'Rosalie Aigner bearbeiten' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it("shows 'Verbindungsfehler !!!' when the members cannot be loaded", async () => {
    fetchMock.mockImplementation(() => Promise.resolve({ ok: false, status: 502, json: async () => ({}) }));
    renderIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />);
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
  });

  it('pages and sorts the whole federation in the database (form 52), no limit in the browser', async () => {
    const federation = Array.from({ length: 1505 }, (_, i) => member(i + 1, `Name${String(1505 - i).padStart(4, '0')}`));
    fetchMock.mockImplementation((url: string) => {
      const p = new URL(url, 'http://localhost').searchParams;
      const sorted = [...federation].sort((a, b) => a.surname.localeCompare(b.surname) * (p.get('dir') === 'desc' ? -1 : 1));
      const page = Number(p.get('page'));
      const size = Number(p.get('pageSize'));
      return Promise.resolve({
        ok: true,
        status: 200,
        json: async () => ({ items: sorted.slice((page - 1) * size, page * size), total: sorted.length }),
      });
    });
    const user = userEvent.setup();
    renderIntl(<MembersOverview orgId={1} all countries={countries} onEdit={jest.fn()} />);
    expect(await screen.findByText('Seite 1 von 76')).toBeInTheDocument();
    const surnames = () =>
      within(screen.getAllByRole('rowgroup')[1])
        .getAllByRole('row')
        .map((r) => within(r).getAllByRole('cell')[3].textContent);
    expect(surnames()[0]).toBe('Name0001');

    await user.type(screen.getByRole('spinbutton'), '76{Enter}');
    await waitFor(() => expect(surnames()).toEqual(['Name1501', 'Name1502', 'Name1503', 'Name1504', 'Name1505']));
    let url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(url.pathname).toBe('/admin/api/v1/admin/members');
    expect(url.searchParams.get('page')).toBe('76');
    expect(new URLSearchParams(window.location.search).get('page')).toBe('76');

    await user.click(within(screen.getByRole('columnheader', { name: /Nachname/ })).getByRole('button'));
    await waitFor(() => expect(surnames()[0]).toBe('Name1505'));
    url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ page: '1', sort: 'surname', dir: 'desc' });
  });
});

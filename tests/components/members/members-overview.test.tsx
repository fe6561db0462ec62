import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MembersOverview } from '@/components/members/members-overview';
import { downloadCsv } from '@/lib/csv';
import type { Member } from '@/lib/api/member-types';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { countries, listMember } from './fixtures';

jest.mock('../../../lib/csv', () => ({ ...jest.requireActual('../../../lib/csv'), downloadCsv: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));

const fetchMock = jest.fn();
const download = downloadCsv as jest.MockedFunction<typeof downloadCsv>;

function member(id: number, surname: string, extra: Partial<Member> = {}): Member {
  return listMember({ id, surname, regNr: String(3000000 + id), ...extra });
}

const rows: Member[] = Array.from({ length: 25 }, (_, i) => member(i + 1, `Name${String(i + 1).padStart(2, '0')}`));
rows[0] = member(1, 'Aigner', {
  functions: [
    { funkMgId: 1, funcId: 12, funcName: 'Trainer', funcGroup: 'Sportbetrieb / Trainer', groupId: 3, orgId: 11, orgName: 'BSV Wiener Neustadt', dateFrom: '2020-01-01', dateTo: '2999-12-31', active: true, updatedAt: 'x' },
  ],
  certificates: [
    { certId: 1, certName: 'Safety First', certGroupName: 'Sicherheit', certTitle: 'Safety First', certController: null, dateFrom: '2019-01-30', dateTo: null, ausb_mg_id: 5, orgId: 11 },
  ],
});

beforeEach(() => {
  jest.clearAllMocks();
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
  fetchMock.mockImplementation(() => Promise.resolve({ ok: true, status: 200, json: async () => ({ items: rows, total: rows.length }) }));
});

describe('MembersOverview', () => {
  it("shows the specification's columns, 20 rows per page", async () => {
    renderIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />);
    const table = await screen.findByRole('table', { name: 'Mitgliederübersicht' });
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

  it('exports every row as CSV with byte-order mark and semicolons', async () => {
    const user = userEvent.setup();
    renderIntl(<MembersOverview orgId={11} all={false} countries={countries} onEdit={jest.fn()} />);
    await screen.findByRole('table', { name: 'Mitgliederübersicht' });
    await user.click(screen.getByRole('button', { name: 'CSV-Export' }));
    expect(download).toHaveBeenCalledTimes(1);
    const [name, csv] = download.mock.calls[0];
    expect(name).toBe('mitglieder.csv');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(26);
    expect(lines[0].split(';')).toEqual([
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
    ]);
    expect(lines[1]).toBe(
      '3000001;BSV Wiener Neustadt;Aigner;Rosalie;04.01.2011;U18;weiblich;BSV Wiener Neustadt;Österreich;Josefstraße;63;;2700;Wiener Neustadt;+43 676 7152676;rosalie.aigner@example.com;Trainer;Safety First',
    );
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

  it('narrows a large set in the database and says how many are shown', async () => {
    fetchMock.mockImplementation((url: string) => {
      const q = new URL(url, 'http://localhost').searchParams.get('q');
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
      // 5000 members without search: full pages of 100
      const items = q ? rows.slice(0, 1) : Array.from({ length: 100 }, (_, i) => member((page - 1) * 100 + i + 1, `Name${i}`));
      return Promise.resolve({ ok: true, status: 200, json: async () => ({ items, total: q ? 1 : 5000 }) });
    });
    const user = userEvent.setup();
    renderIntl(<MembersOverview orgId={1} all countries={countries} onEdit={jest.fn()} />);
    expect(await screen.findByText(/Gezeigt werden die ersten 1000 von 5000 Mitgliedern/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'In allen Mitgliedern suchen' }), 'Aigner');
    await waitFor(() => expect(screen.queryByText(/Gezeigt werden die ersten/)).not.toBeInTheDocument());
    expect(await screen.findByRole('table', { name: 'Mitgliederübersicht' })).toBeInTheDocument();
    const lastUrl = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(lastUrl.pathname).toBe('/admin/api/v1/admin/members');
    expect(lastUrl.searchParams.get('q')).toBe('Aigner');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findPersonsAction } from '@/components/privacy/actions';
import { PrivacyOfficerScreen, type PrivacyOfficerScreenProps } from '@/components/privacy/privacy-officer-screen';
import { personReadsAction } from '@/components/shared/privacy/actions';
import type { OfficerPerson } from '@/lib/api/privacy';
import { renderWithIntl } from '../render-with-intl';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router, useSearchParams: () => new URLSearchParams(), usePathname: () => '/' }));
jest.mock('../../../components/privacy/actions', () => ({ findPersonsAction: jest.fn() }));
jest.mock('../../../components/shared/privacy/actions', () => ({
  erasurePlanAction: jest.fn(),
  eraseMemberAction: jest.fn(),
  personReadsAction: jest.fn(),
}));

const find = findPersonsAction as jest.MockedFunction<typeof findPersonsAction>;
const reads = personReadsAction as jest.MockedFunction<typeof personReadsAction>;

const rosalie: OfficerPerson = {
  id: 955,
  firstName: 'Rosalie',
  surname: 'Aigner',
  birthYear: 1988,
  regNr: '1234567',
  organisations: ['BSV Baden', 'Landesverband Niederösterreich'],
};
const former: OfficerPerson = { id: 956, firstName: 'Rudi', surname: 'Aigner', birthYear: 1950, regNr: null, organisations: [] };

beforeEach(() => {
  jest.clearAllMocks();
  find.mockResolvedValue({ ok: true, data: { items: [rosalie, former], total: 2, page: 1, size: 20 } });
  reads.mockResolvedValue({
    ok: true,
    data: {
      items: [{ at: '2026-11-20T09:15:00.000Z', kind: 'member_card', readBy: 7, readerName: 'Vera Verband', actingOrgId: 1 }],
      total: 1,
      page: 1,
      size: 20,
    },
  });
});

function renderScreen(props: Partial<PrivacyOfficerScreenProps> = {}, locale: 'de' | 'en' = 'de') {
  return renderWithIntl(<PrivacyOfficerScreen orgId={1} funkId={1007} person={null} failedText={null} {...props} />, locale);
}

describe("the data-protection officer's screen (form 1007)", () => {
  it('finds persons by what they type, each leading to their page, with birth year, registration number and nothing of their contact data', async () => {
    const user = userEvent.setup();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Gefundene Personen' });
    const link = within(list).getByRole('link', { name: /Rosalie Aigner/ });
    expect(link).toHaveAttribute('href', '/form/O1/F1007/955');
    expect(link).toHaveTextContent('Jahrgang 1988 · Reg.-Nr. 1234567');
    expect(within(list).getByRole('link', { name: /Rudi Aigner/ })).toHaveTextContent('Jahrgang 1950');
    await user.type(screen.getByRole('searchbox', { name: 'Name oder Registriernummer' }), 'aigner');
    await waitFor(() => expect(find).toHaveBeenLastCalledWith({ q: 'aigner', page: 1 }));
    expect(screen.getByText('Person links suchen und auswählen.')).toBeInTheDocument();
  });

  it('says when nobody is found', async () => {
    find.mockResolvedValue({ ok: true, data: { items: [], total: 0, page: 1, size: 20 } });
    renderScreen();
    expect(await screen.findByText('Keine Person gefunden.')).toBeInTheDocument();
  });

  it("opens the person with their 'Datenschutz' tab: who read the record, and no download, erasure or reset", async () => {
    renderScreen({ person: rosalie });
    expect(screen.getByRole('heading', { name: 'Rosalie Aigner' })).toBeInTheDocument();
    expect(screen.getByText('BSV Baden, Landesverband Niederösterreich')).toBeInTheDocument();
    const trail = await screen.findByRole('table', { name: 'Zugriffe auf den Datensatz' });
    expect(within(trail).getByText('Vera Verband').closest('tr')).toHaveTextContent('Mitgliedskarte');
    expect(reads).toHaveBeenCalledWith({ memberId: 955, page: 1 });
    expect(screen.queryByRole('heading', { name: 'Daten herunterladen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Löschung planen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zweiten Faktor zurücksetzen' })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Gefundene Personen' })).getByRole('link', { name: /Rosalie/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('names a person without function and without registration number as such, in English too', async () => {
    renderScreen({ person: former }, 'en');
    expect(screen.getByRole('heading', { name: 'Rudi Aigner' })).toBeInTheDocument();
    expect(screen.getByText('No function at present')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Reads of the record' })).toBeInTheDocument();
  });

  it('says so when the address names no (longer existing) person', () => {
    renderScreen({ failedText: 'Diese Person gibt es nicht (mehr).' });
    expect(screen.getByRole('alert')).toHaveTextContent('Diese Person gibt es nicht (mehr).');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

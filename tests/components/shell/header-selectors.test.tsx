import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormSelect } from '@/components/shell/form-select';
import { OrgSelect } from '@/components/shell/org-select';
import { formsFor, organisationsOf } from '@/lib/domain/shell';
import { renderWithIntl } from '../render-with-intl';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));

beforeEach(() => jest.clearAllMocks());

const rolesOrg = [
  { adminOrg: [{ orgId: 12, orgName: 'BSV Wien', funkMgId: 1 }] },
  {
    trainerOrg: [
      { orgId: 5, orgName: 'Bogensport Graz', funkMgId: 2 },
      { orgId: 12, orgName: 'BSV Wien', funkMgId: 3 },
    ],
  },
];
const systemRoles = [
  { funkId: 1006, functionName: 'Nachrichtenzentrale', orgId: 12, funkMgId: 1 },
  { funkId: 200, functionName: 'CMS', orgId: 12, funkMgId: 1 },
  { funkId: 51, functionName: 'Mitglieder', orgId: 12, funkMgId: 1 },
  { funkId: 46, functionName: 'Personensuche', orgId: 12, funkMgId: 1 },
  { funkId: 51, functionName: 'Mitglieder', orgId: 5, funkMgId: 2 },
];

describe('organisation selector', () => {
  it('offers each organisation once and opens /form/O{orgId}', async () => {
    const user = userEvent.setup();
    renderWithIntl(<OrgSelect organisations={organisationsOf(rolesOrg)} />, 'en');
    const select = screen.getByRole('combobox', { name: 'Choose organisation' });
    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Bogensport Graz', 'BSV Wien']);
    await user.click(screen.getByRole('option', { name: 'BSV Wien' }));
    expect(router.push).toHaveBeenCalledWith('/form/O12');
  });

  it('shows the chosen organisation', () => {
    renderWithIntl(<OrgSelect organisations={organisationsOf(rolesOrg)} selectedOrgId={5} />, 'de');
    expect(screen.getByRole('combobox', { name: 'Organisation wählen' })).toHaveTextContent('Bogensport Graz');
  });
});

describe('form selector', () => {
  it('lists the forms of the chosen organisation sorted by function id and opens /form/O{org}/F{funkId}', async () => {
    const user = userEvent.setup();
    renderWithIntl(<FormSelect orgId={12} forms={formsFor(systemRoles, 12)} />, 'de');
    await user.click(screen.getByRole('combobox', { name: 'Formular wählen' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Personensuche', 'Mitglieder', 'CMS', 'Nachrichtenzentrale']);
    await user.click(screen.getByRole('option', { name: 'CMS' }));
    expect(router.push).toHaveBeenCalledWith('/form/O12/F200');
  });

  it('is disabled until an organisation is chosen', () => {
    renderWithIntl(<FormSelect forms={formsFor(systemRoles, undefined)} />, 'en');
    expect(screen.getByRole('combobox', { name: 'Choose form' })).toBeDisabled();
  });

  it('offers only the forms of that organisation', async () => {
    const user = userEvent.setup();
    renderWithIntl(<FormSelect orgId={5} forms={formsFor(systemRoles, 5)} selectedFunkId={51} />, 'en');
    const select = screen.getByRole('combobox', { name: 'Choose form' });
    expect(select).toHaveTextContent('Mitglieder');
    await user.click(select);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  });
});

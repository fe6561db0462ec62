import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormSelect } from '@/components/shell/form-select';
import { OrgSelect } from '@/components/shell/org-select';
import { OrganisationsScreen } from '@/components/organisations/organisations-screen';
import { formsFor, organisationsOf } from '@/lib/domain/shell';
import { renderWithIntl } from '../render-with-intl';
import { federationList, makeOrganisation } from '../organisations/fixtures';

/** Every way out of a dirty form asks 'Ungespeicherte Änderungen verwerfen?': 'Nein' stays, 'Ja' leaves. */

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({
  useRouter: () => router,
  usePathname: () => '/form/O1/F50/11',
  useSearchParams: () => new URLSearchParams(),
}));
jest.mock('../../../components/organisations/actions', () => ({
  saveOrganisation: jest.fn(),
  savePlace: jest.fn(),
  deletePlace: jest.fn(),
  deleteDocument: jest.fn(),
}));
jest.mock('../../../components/organisations/places-map', () => ({ PlacesMap: () => null }));

beforeEach(() => jest.clearAllMocks());

const rolesOrg = [
  {
    adminOrg: [
      { orgId: 1, orgName: 'ÖBSV', funkMgId: 1 },
      { orgId: 12, orgName: 'BSV Wien', funkMgId: 2 },
    ],
  },
];
const systemRoles = [
  { funkId: 50, functionName: 'Organisationen', orgId: 1, funkMgId: 1 },
  { funkId: 51, functionName: 'Mitglieder', orgId: 1, funkMgId: 1 },
];

function renderPage() {
  return renderWithIntl(
    <>
      <OrgSelect organisations={organisationsOf(rolesOrg)} selectedOrgId={1} />
      <FormSelect orgId={1} forms={formsFor(systemRoles, 1)} selectedFunkId={50} />
      <OrganisationsScreen
        actingOrgId={1}
        actingLevel={1}
        funkId={50}
        list={federationList()}
        selected={makeOrganisation()}
        isNew={false}
        canCreate
      />
    </>,
  );
}

const phone = () => within(screen.getByRole('form', { name: 'Organisationsdaten' })).getByLabelText('Telefon', { exact: true });

async function editPhone(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
  await user.clear(phone());
  await user.type(phone(), '+43 1 999');
}

async function answer(user: ReturnType<typeof userEvent.setup>, reply: 'Ja' | 'Nein') {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Ungespeicherte Änderungen verwerfen?');
  await user.click(within(dialog).getByRole('button', { name: reply }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

async function choose(user: ReturnType<typeof userEvent.setup>, selector: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: selector }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('leaving a dirty organisation form', () => {
  it.each([
    [
      'the header form selector',
      (user: ReturnType<typeof userEvent.setup>) => choose(user, 'Formular wählen', 'Mitglieder'),
      'push',
      '/form/O1/F51',
    ],
    [
      'the header organisation selector',
      (user: ReturnType<typeof userEvent.setup>) => choose(user, 'Organisation wählen', 'BSV Wien'),
      'push',
      '/form/O12',
    ],
    [
      'the Liste/Tabelle switch',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Tabelle' })),
      'replace',
      '/form/O1/F50/11?view=table',
    ],
  ] as const)('through %s asks; Nein keeps the edit, Ja leaves', async (_way, leave, method, target) => {
    const user = userEvent.setup();
    renderPage();
    await editPhone(user);

    await leave(user);
    await answer(user, 'Nein');
    expect(router[method]).not.toHaveBeenCalled();
    expect(phone()).toHaveValue('+43 1 999');
    expect(phone()).toBeEnabled();

    await leave(user);
    await answer(user, 'Ja');
    await waitFor(() => expect(router[method]).toHaveBeenCalledWith(target));
  });

  it('does not ask when nothing was changed', async () => {
    const user = userEvent.setup();
    renderPage();
    await choose(user, 'Formular wählen', 'Mitglieder');
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/form/O1/F51'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberDetail } from '@/components/members/member-detail';
import { TrainingsTab } from '@/components/members/trainings-tab';
import { FunctionDialog } from '@/components/members/function-dialog';
import { EndMembershipDialog } from '@/components/members/end-membership-dialog';
import { AssignDialog } from '@/components/roles/assign-dialog';
import { OrganisationDetail } from '@/components/organisations/organisation-detail';
import { TournamentForm } from '@/components/tournaments/tournament-form';
import type { RoleOrganisation } from '@/lib/schemas/role-members';
import { renderWithIntl } from '../render-with-intl';
import { countries, functionGroups, membershipRole, trainingDefinitions } from '../members/fixtures';
import { federationList, makeOrganisation } from '../organisations/fixtures';

/*
 * Every date field of the app takes whatever is typed, deleted or pasted without crashing, and no
 * half-typed text ever reaches a rule (no 'NaN' shown, no bound computed from it, nothing saved).
 * The list of screens is taken from the source: a new date field fails this test until it is here.
 */

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({
  useRouter: () => router,
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/admin',
}));
jest.mock('../../../components/members/actions', () => ({
  checkDuplicatesAction: jest.fn(),
  connectMemberAction: jest.fn(),
  createMemberAction: jest.fn(),
  updateMemberAction: jest.fn(),
  deleteMemberAction: jest.fn(),
  addTrainingAction: jest.fn(),
  removeTrainingAction: jest.fn(),
  saveFunctionAction: jest.fn(),
  endMembershipAction: jest.fn(),
  functionGroupsAction: jest.fn(),
}));
jest.mock('../../../components/roles/actions', () => ({ assign: jest.fn(), undo: jest.fn(), loadRoleMembers: jest.fn() }));
jest.mock('../../../components/organisations/actions', () => ({
  saveOrganisation: jest.fn(),
  savePlace: jest.fn(),
  deletePlace: jest.fn(),
  deleteDocument: jest.fn(),
}));
jest.mock('../../../components/organisations/places-map', () => ({ PlacesMap: () => null }));
jest.mock('../../../components/tournaments/actions', () => ({ saveTournamentAction: jest.fn(), decideTournament: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn(), loading: jest.fn(() => 't'), dismiss: jest.fn() },
}));

type User = ReturnType<typeof userEvent.setup>;

/** Nothing on screen, in text or in a field, shows a date computed from half a date. */
function expectNoNaN() {
  expect(document.body).not.toHaveTextContent('NaN');
  const values = Array.from(document.querySelectorAll('input')).map((i) => i.value);
  expect(values.filter((v) => v.includes('NaN'))).toEqual([]);
}

/** DD.MM.YYYY of the day `days` from today. */
function dayAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

const org: RoleOrganisation = { id: 11, name: 'BSV Wiener Neustadt', level: 3 } as RoleOrganisation;

type Screen = {
  render: () => ReactElement;
  /** Before the date fields can be typed into (switch to edit mode, pick a type …). */
  prepare?: (user: User) => Promise<void>;
  /** The date fields' labels and a complete date each accepts. */
  fields: Array<[label: string, valid: string]>;
  /** A button that must stay disabled while a date field holds half a date. */
  blocked?: string;
};

const SCREENS: Record<string, Screen> = {
  'components/members/member-form.tsx': {
    render: () => (
      <MemberDetail
        orgId={11}
        funkId={51}
        member={null}
        roles={[]}
        countries={countries}
        trainingDefinitions={trainingDefinitions}
        functionGroups={functionGroups}
        acting={{ level: 3, canCreate: true, isClub: true }}
      />
    ),
    fields: [['Geburtsdatum *', '13.11.1991']],
  },
  'components/members/trainings-tab.tsx': {
    render: () => <TrainingsTab memberId={955} orgId={11} certificates={[]} definitions={trainingDefinitions} canEdit />,
    prepare: async (user) => {
      await user.click(screen.getByRole('combobox', { name: 'Ausbildung *' }));
      await user.click(await screen.findByRole('option', { name: 'Sicherheit – Erste-Hilfe-Kurs (16 Stunden)' }));
    },
    fields: [
      ['Beginn *', '01.03.2026'],
      ['Ende', '01.03.2028'],
    ],
    blocked: 'Ausbildung hinzufügen',
  },
  'components/members/function-dialog.tsx': {
    render: () => <FunctionDialog memberId={955} orgId={11} groups={functionGroups} role={null} onClose={jest.fn()} onSaved={jest.fn()} />,
    fields: [
      ['Von *', '01.03.2026'],
      ['Bis', '01.03.2027'],
    ],
  },
  'components/members/end-membership-dialog.tsx': {
    render: () => (
      <EndMembershipDialog memberId={955} memberName="Alois Brueckl" membership={membershipRole} onClose={jest.fn()} onEnded={jest.fn()} />
    ),
    fields: [['Letzter Tag der Mitgliedschaft *', dayAhead(10)]],
    blocked: 'Mitgliedschaft beenden',
  },
  'components/roles/assign-dialog.tsx': {
    render: () => (
      <AssignDialog
        open
        onOpenChange={jest.fn()}
        actingOrgId={11}
        org={org}
        groups={functionGroups}
        members={[{ id: 955, name: 'Alois Brueckl' }]}
        onSaved={jest.fn()}
      />
    ),
    fields: [
      ['Beginn', dayAhead(1)],
      ['Ende', dayAhead(30)],
    ],
  },
  'components/organisations/organisation-data-fields.tsx': {
    render: () => (
      <OrganisationDetail actingOrgId={1} actingLevel={1} funkId={50} organisation={makeOrganisation()} list={federationList()} />
    ),
    prepare: async (user) => user.click(screen.getByRole('button', { name: 'Bearbeiten' })),
    fields: [
      ['Gegründet', '01.03.1990'],
      ['Aufgelöst', dayAhead(10)],
      ['Betrieb eingestellt', '01.03.2020'],
    ],
  },
  // the tournament form's first step holds its dates
  'components/tournaments/tournament-general-step.tsx': {
    render: () => <TournamentForm orgId={11} funkId={1000} tournament={null} types={[]} referees={[]} onChanged={jest.fn()} />,
    fields: [
      ['Beginn *', dayAhead(30)],
      ['Ende *', dayAhead(31)],
      ['Anmeldung ab *', dayAhead(1)],
      ['Anmeldung bis *', dayAhead(20)],
    ],
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const root = join(__dirname, '..', '..', '..');

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

it('knows every date field of the app (and there is no native date input)', () => {
  const files = sourceFiles(join(root, 'components')).filter((f) => !f.includes(`${join('components', 'ui')}`));
  const withDateField = files
    .filter((f) => /<DateField\b/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(root, f).split('\\').join('/'));
  expect(withDateField.sort()).toEqual(Object.keys(SCREENS).sort());
  const native = sourceFiles(join(root, 'components')).filter((f) => /type=["']date["']/.test(readFileSync(f, 'utf8')));
  expect(native).toEqual([]);
});

describe.each(Object.entries(SCREENS))('%s', (_file, spec) => {
  it.each(spec.fields)('%s: typing 1, Backspace, pasting half and whole dates', async (label, valid) => {
    const user = userEvent.setup();
    renderWithIntl(spec.render());
    await spec.prepare?.(user);
    const field = () => screen.getByLabelText(label, { exact: true });
    // first a whole date, as a user who then edits it
    await user.clear(field());
    await user.paste(valid);
    await user.click(field());
    await user.keyboard('{Backspace}');
    expect(field()).toHaveValue(valid.slice(0, -1));
    await user.keyboard('{Backspace}'.repeat(valid.length));
    await user.keyboard('1');
    expect(field()).toHaveValue('1');
    await user.keyboard('{Backspace}');
    await user.paste('12.0');
    await user.keyboard('{Backspace}{Backspace}');
    await user.paste('31.02.2030');
    await user.clear(field());
    await user.paste(valid);
    expect(field()).toHaveValue(valid);
    await user.keyboard('{Backspace}');
    // half a date stays text: nothing computed from it, every calendar still opens
    expectNoNaN();
    for (const button of screen.getAllByRole('button', { name: 'Kalender öffnen' }).filter((b) => !b.hasAttribute('disabled'))) {
      await user.click(button);
      expect(await screen.findByRole('dialog', { name: 'Kalender' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
    }
    expectNoNaN();
    if (spec.blocked) expect(screen.getByRole('button', { name: spec.blocked })).toBeDisabled();
    expect(field()).toBeInTheDocument();
  });
});

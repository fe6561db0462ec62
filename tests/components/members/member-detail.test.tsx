import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberDetail, type MemberDetailProps } from '@/components/members/member-detail';
import {
  checkDuplicatesAction,
  connectMemberAction,
  createMemberAction,
  deleteMemberAction,
  updateMemberAction,
} from '@/components/members/actions';
import { notify } from '@/components/ui/toast';
import type { DuplicateCandidate } from '@/lib/api/member-types';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { countries, functionGroups, membershipRole, savedMember, targetOrgs, trainingDefinitions } from './fixtures';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
const searchParams = new URLSearchParams();
jest.mock('next/navigation', () => ({ useRouter: () => router, useSearchParams: () => searchParams }));
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
}));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const check = checkDuplicatesAction as jest.MockedFunction<typeof checkDuplicatesAction>;
const connect = connectMemberAction as jest.MockedFunction<typeof connectMemberAction>;
const create = createMemberAction as jest.MockedFunction<typeof createMemberAction>;
const update = updateMemberAction as jest.MockedFunction<typeof updateMemberAction>;
const remove = deleteMemberAction as jest.MockedFunction<typeof deleteMemberAction>;

const REQUIRED = 'Bitte füllen Sie das erforderliche Feld aus!';

beforeEach(() => jest.clearAllMocks());

function renderDetail(props: Partial<MemberDetailProps> = {}) {
  return renderIntl(
    <MemberDetail
      orgId={11}
      funkId={51}
      member={null}
      roles={[]}
      countries={countries}
      trainingDefinitions={trainingDefinitions}
      functionGroups={functionGroups}
      acting={{ level: 3, canCreate: true, isClub: true }}
      {...props}
    />,
  );
}

async function fillNewMember(user: ReturnType<typeof userEvent.setup>, birthDate = '13.11.1991') {
  await user.type(screen.getByLabelText('Vorname *'), 'Alois');
  await user.type(screen.getByLabelText('Nachname *'), 'Brueckl');
  await user.type(screen.getByLabelText('Geburtsdatum *'), birthDate);
  await user.click(screen.getByRole('combobox', { name: 'Geschlecht *' }));
  await user.click(await screen.findByRole('option', { name: 'männlich' }));
}

/**
 * Clicks a button whose handler starts an async transition at once (connecting, creating anyway): inside an awaited
 * act, where the pending transition may suspend. user-event's act around a click is not awaited,
 * and React warns when something suspends in it (seen when the machine is busy).
 */
async function clickStartingTransition(button: HTMLElement) {
  await act(async () => button.click());
}

/** Answers the 'Daten speichern?' question. */
async function answer(user: ReturnType<typeof userEvent.setup>, yes: boolean) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Daten speichern?' });
  await user.click(within(dialog).getByRole('button', { name: yes ? 'Ja' : 'Nein' }));
}

const candidate: DuplicateCandidate = {
  id: 826,
  uuid: null,
  regNr: null,
  firstName: 'Alois',
  middleName: null,
  surname: 'Brückl',
  birthDate: '1991-11-13',
  gender: 'm',
  city: 'St. Johann im Pongau',
  zip: '5600',
  organizations: [{ orgId: 34, orgName: 'Pongauer Bogenschützen St. Johann' }],
  score: 95,
  reasons: ['name_spelling', 'same_birth_date'],
  proof: 'proof-for-826',
};

/** Found by the e-mail alone: no birth date, no proof, so it cannot be connected. */
const emailOnlyCandidate: DuplicateCandidate = {
  ...candidate,
  id: 827,
  firstName: 'Maria',
  surname: 'Brückl',
  birthDate: null,
  city: null,
  zip: null,
  score: 50,
  reasons: ['same_email'],
  proof: null,
};

describe('MemberDetail: a new member', () => {
  it('keeps the training and functions tabs disabled until the member is saved', () => {
    renderDetail();
    expect(screen.getByRole('tab', { name: 'Persönliche Daten' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Ausbildung' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Funktionen und Lizenzen' })).toBeDisabled();
  });

  it('names every missing required field and neither asks nor saves', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(4);
    for (const label of ['Vorname *', 'Nachname *', 'Geburtsdatum *']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(REQUIRED);
    }
    expect(screen.getByRole('combobox', { name: 'Geschlecht *' })).toHaveAccessibleDescription(REQUIRED);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a birth date less than 2 years back', async () => {
    const user = userEvent.setup();
    renderDetail();
    const lastYear = new Date().getFullYear() - 1;
    await fillNewMember(user, `01.01.${lastYear}`);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Das Geburtsdatum muss mindestens 2 Jahre zurückliegen')).toBeInTheDocument();
    expect(check).not.toHaveBeenCalled();
  });

  it('refuses a birth date less than 2 years back on the first save, also while other fields are missing', async () => {
    const user = userEvent.setup();
    renderDetail();
    const lastYear = new Date().getFullYear() - 1;
    await user.type(screen.getByLabelText('Vorname *'), 'Alois');
    await user.type(screen.getByLabelText('Nachname *'), 'Brueckl');
    await user.type(screen.getByLabelText('Geburtsdatum *'), `01.01.${lastYear}`);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Das Geburtsdatum muss mindestens 2 Jahre zurückliegen')).toBeInTheDocument();
    expect(screen.getByLabelText('Geburtsdatum *')).toHaveAccessibleDescription('Das Geburtsdatum muss mindestens 2 Jahre zurückliegen');
    expect(screen.getByRole('combobox', { name: 'Geschlecht *' })).toHaveAccessibleDescription(REQUIRED);
    expect(check).not.toHaveBeenCalled();
  });

  it('saves nothing when the user answers Nein to "Daten speichern?"', async () => {
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, false);
    expect(check).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the member when the duplicate check finds nobody, then opens it', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [], mergePairs: [] } });
    create.mockResolvedValue({ ok: true, data: { id: 1600, name: 'Alois Brueckl', message: 'Alois Brueckl wurde erfolgreich erstellt' } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(check.mock.calls[0][0].values).toMatchObject({ firstName: 'Alois', surname: 'Brueckl', birthDate: '1991-11-13', gender: 'm' });
    expect(create.mock.calls[0][0].orgId).toBe(11);
    expect(notify.success).toHaveBeenCalledWith('Alois Brueckl wurde erfolgreich erstellt');
    expect(router.push).toHaveBeenCalledWith('/form/O11/F51/1600');
  });

  it('shows the candidates with why they matched, and connects the existing master record to the club', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    connect.mockResolvedValue({ ok: true, data: { message: 'Mitglied zum Verein hinzugefügt' } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);

    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    expect(notify.warning).toHaveBeenCalledWith('Mitglied existiert bereits!');
    const entry = within(dialog).getByRole('listitem', { name: 'Alois Brückl' });
    expect(entry).toHaveTextContent('geb. 13.11.1991');
    expect(entry).toHaveTextContent('Pongauer Bogenschützen St. Johann');
    expect(entry).toHaveTextContent('gleicher Name in anderer Schreibweise');
    expect(entry).toHaveTextContent('gleiches Geburtsdatum');
    expect(create).not.toHaveBeenCalled();

    await clickStartingTransition(within(entry).getByRole('button', { name: 'Mit Verein verbinden' }));
    await waitFor(() => expect(connect).toHaveBeenCalledWith({ orgId: 11, memberId: 826, proof: 'proof-for-826' }));
    expect(notify.success).toHaveBeenCalledWith('Mitglied zum Verein hinzugefügt');
    expect(router.push).toHaveBeenCalledWith('/form/O11/F51/826');
    expect(create).not.toHaveBeenCalled();
  });

  it('links two candidates the API says this caller may merge to that pair in the Duplikate view, and nothing else', async () => {
    const twice: DuplicateCandidate = { ...candidate, id: 901, surname: 'Brueckl', proof: 'proof-for-901' };
    // the API names a pair only to whoever may merge it (a club never gets one)
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate, twice], mergePairs: [{ aId: 826, bId: 901, orgId: 1 }] } });
    const user = userEvent.setup();
    renderDetail({ acting: { level: 1, canCreate: true, isClub: false } });
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);

    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    const pairs = within(dialog).getByRole('list', { name: 'Bereits doppelt erfasst' });
    const [pair] = within(pairs).getAllByRole('listitem');
    expect(pair).toHaveTextContent('Alois Brückl und Alois Brueckl sind vermutlich dieselbe Person und bereits unter den Duplikaten.');
    expect(within(pair).getByRole('link', { name: 'Unter Duplikate zusammenführen' })).toHaveAttribute(
      'href',
      '/form/O1/F52?duplicates=826,901',
    );
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
  });

  it('shows no merge link when the API names no pair', async () => {
    const twice: DuplicateCandidate = { ...candidate, id: 901, surname: 'Brueckl', proof: 'proof-for-901' };
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate, twice], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);

    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    expect(within(dialog).getAllByRole('listitem', { name: /Alois/ })).toHaveLength(2);
    expect(within(dialog).queryByRole('list', { name: 'Bereits doppelt erfasst' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers no connecting for a person found by the e-mail alone, and says why', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate, emailOnlyCandidate], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    const entry = within(dialog).getByRole('listitem', { name: 'Maria Brückl' });
    expect(entry).not.toHaveTextContent('geb.');
    expect(within(entry).queryByRole('button', { name: 'Mit Verein verbinden' })).not.toBeInTheDocument();
    expect(entry).toHaveTextContent('Nur die E-Mail stimmt überein. Zum Verbinden geben Sie Namen und Geburtsdatum der Person ein.');
    expect(
      within(within(dialog).getByRole('listitem', { name: 'Alois Brückl' })).getByRole('button', { name: 'Mit Verein verbinden' }),
    ).toBeEnabled();
  });

  it('offers no connecting for a near match (name or birth date only similar), and says what to enter', async () => {
    const near: DuplicateCandidate = {
      ...emailOnlyCandidate,
      id: 828,
      firstName: 'Alois',
      reasons: ['name_typo', 'same_birth_date'],
      score: 85,
    };
    check.mockResolvedValue({ ok: true, data: { candidates: [near], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    const entry = within(dialog).getByRole('listitem', { name: 'Alois Brückl' });
    expect(entry).not.toHaveTextContent('geb.');
    expect(within(entry).queryByRole('button', { name: 'Mit Verein verbinden' })).not.toBeInTheDocument();
    expect(entry).toHaveTextContent('Name oder Geburtsdatum stimmen nur ähnlich überein.');
    // not identical to the entered person: creating anyway stays possible
    expect(within(dialog).getByRole('button', { name: 'Trotzdem neu anlegen' })).toBeEnabled();
  });

  it('says when the duplicate check is refused for too many checks without a match, and creates nothing', async () => {
    const text = 'Zu viele Prüfungen auf bestehende Mitglieder ohne Treffer. Bitte versuchen Sie es in 42 Minuten wieder.';
    check.mockResolvedValue({ ok: false, message: text, code: 'duplicate_check_limited' });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(text));
    expect(create).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Mitglied existiert bereits' })).not.toBeInTheDocument();
  });

  it('shows why connecting failed when the proof has expired, and keeps the dialog open', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    const text = 'Die Prüfung ist abgelaufen. Bitte speichern Sie erneut, um nach bestehenden Mitgliedern zu suchen.';
    connect.mockResolvedValue({ ok: false, message: text, code: 'invalid_proof' });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    await clickStartingTransition(within(dialog).getByRole('button', { name: 'Mit Verein verbinden' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(text));
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Mitglied existiert bereits' })).toBeInTheDocument();
  });

  it('creates a new member anyway when the user chooses so in the dialog', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    create.mockResolvedValue({ ok: true, data: { id: 1601, name: 'Alois Brueckl', message: 'Alois Brueckl wurde erfolgreich erstellt' } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    await clickStartingTransition(within(dialog).getByRole('button', { name: 'Trotzdem neu anlegen' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(connect).not.toHaveBeenCalled();
    expect(router.push).toHaveBeenCalledWith('/form/O11/F51/1601');
  });

  it('lets the federation connect the existing record to a club it picks (no club of its own to connect to)', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    connect.mockResolvedValue({ ok: true, data: { message: 'Mitglied zum Verein hinzugefügt' } });
    const user = userEvent.setup();
    renderDetail({ orgId: 1, funkId: 52, acting: { level: 1, canCreate: true, isClub: false }, targetOrgs });
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    const entry = within(dialog).getByRole('listitem', { name: 'Alois Brückl' });
    const connectButton = within(entry).getByRole('button', { name: 'Mit Verein verbinden' });
    expect(connectButton).toBeDisabled();
    expect(dialog).toHaveTextContent('Wählen Sie zuerst den Verein, mit dem das Mitglied verbunden werden soll.');

    const picker = within(dialog).getByRole('combobox', { name: 'Verein für die Verbindung' });
    await user.click(picker);
    // only clubs: not the federation or a state association
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.firstChild?.textContent),
    ).toEqual(['BSV Wiener Neustadt', 'Pongauer Bogenschützen St. Johann', 'Union Bogenschützen St. Pölten']);
    await user.type(picker, 'neustadt');
    await user.click(within(dialog).getByRole('option', { name: /^BSV Wiener Neustadt/ }));
    await clickStartingTransition(connectButton);
    await waitFor(() => expect(connect).toHaveBeenCalledWith({ orgId: 11, memberId: 826, proof: 'proof-for-826' }));
    expect(notify.success).toHaveBeenCalledWith('Mitglied zum Verein hinzugefügt');
    expect(router.push).toHaveBeenCalledWith('/form/O1/F52/826');
    expect(create).not.toHaveBeenCalled();
  });

  it('offers the federation "open" for a candidate already in the picked club, and always next to connecting', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail({ orgId: 1, funkId: 52, acting: { level: 1, canCreate: true, isClub: false }, targetOrgs });
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    const entry = within(dialog).getByRole('listitem', { name: 'Alois Brückl' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Verein für die Verbindung' }));
    await user.click(within(dialog).getByRole('option', { name: /^Pongauer Bogenschützen St\. Johann/ }));
    // the candidate is a member there already
    expect(within(entry).queryByRole('button', { name: 'Mit Verein verbinden' })).not.toBeInTheDocument();
    await user.click(within(entry).getByRole('button', { name: 'Mitglied öffnen' }));
    expect(router.push).toHaveBeenCalledWith('/form/O1/F52/826');
    expect(connect).not.toHaveBeenCalled();
  });

  it('lets a club connect only to itself: no club to pick', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    expect(within(dialog).queryByRole('combobox', { name: 'Verein für die Verbindung' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mit Verein verbinden' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Mitglied öffnen' })).not.toBeInTheDocument();
  });

  it('shows the identity conflict text on the birth date', async () => {
    const text = 'Es gibt bereits eine Person (Name & Geschlecht) mit diesem Geburtsdatum 13.11.1991 !';
    check.mockResolvedValue({ ok: true, data: { candidates: [], mergePairs: [] } });
    create.mockResolvedValue({ ok: false, message: text, code: 'identity_conflict', fieldErrors: { birthDate: text } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(text));
    expect(screen.getByLabelText('Geburtsdatum *')).toHaveAccessibleDescription(text);
    expect(router.push).not.toHaveBeenCalled();
  });
});

describe('MemberDetail: a saved member', () => {
  it('opens in read mode; Bearbeiten enables the fields, Abbrechen reloads and leaves edit mode', async () => {
    const user = userEvent.setup();
    renderDetail({ member: savedMember(), roles: [membershipRole] });
    expect(screen.getByLabelText('Vorname *')).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Ausbildung' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Funktionen und Lizenzen' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const firstName = screen.getByLabelText('Vorname *');
    expect(firstName).toBeEnabled();
    await user.clear(firstName);
    await user.type(firstName, 'Rosa');
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(router.refresh).toHaveBeenCalled();
    expect(screen.getByLabelText('Vorname *')).toBeDisabled();
    expect(screen.getByLabelText('Vorname *')).toHaveValue('Rosalie');
  });

  it('shows the licence number read-only to a club, also while editing; the federation may edit it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderDetail({ member: savedMember() });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const club = screen.getByLabelText('Lizenznummer');
    expect(club).toHaveValue('3000955');
    expect(club).toHaveAttribute('readonly');
    expect(club).toHaveAccessibleDescription('Vergibt das System; nur der Verband kann sie ändern.');
    unmount();

    renderDetail({ member: savedMember(), orgId: 1, funkId: 52, acting: { level: 1, canCreate: true, isClub: false } });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const federation = screen.getByLabelText('Lizenznummer');
    expect(federation).not.toHaveAttribute('readonly');
    expect(federation).toBeEnabled();
  });

  it('saves the changes with the version it started from and says so', async () => {
    update.mockResolvedValue({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const user = userEvent.setup();
    renderDetail({ member: savedMember() });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.clear(screen.getByLabelText('Ort'));
    await user.type(screen.getByLabelText('Ort'), 'Baden');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [{ orgId, id, updatedAt, values }] = update.mock.calls[0];
    expect([orgId, id, updatedAt]).toEqual([11, 955, '2026-11-21T08:43:32.589Z']);
    expect(values).toMatchObject({ city: 'Baden', firstName: 'Rosalie' });
    expect(check).not.toHaveBeenCalled();
    expect(notify.success).toHaveBeenCalledWith('Erfolgreich gespeichert');
  });

  it('does not save while the birth date field shows a date it refused (the old date would be saved)', async () => {
    update.mockResolvedValue({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const user = userEvent.setup();
    renderDetail({ member: savedMember() });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const birthDate = screen.getByLabelText('Geburtsdatum *');
    // typed over the stored date: the field never passes through empty, so the form keeps 2011-01-04
    await user.type(birthDate, '31.02.2000', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Ungültiges Datum (TT.MM.JJJJ)');
    expect(update).not.toHaveBeenCalled();

    await user.clear(birthDate);
    await user.type(birthDate, '28.02.2000');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0].values).toMatchObject({ birthDate: '2000-02-28' });
  });

  it('Abbrechen also discards a birth date the field refused', async () => {
    const user = userEvent.setup();
    renderDetail({ member: savedMember() });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const birthDate = screen.getByLabelText('Geburtsdatum *');
    // typed over the stored date: the field never passes through empty, so the form keeps 2011-01-04
    await user.type(birthDate, '31.02.2000', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByLabelText('Geburtsdatum *')).toHaveValue('04.01.2011');
    expect(screen.getByLabelText('Geburtsdatum *')).not.toHaveAttribute('aria-invalid');
  });

  it("clears nationality and country with the '—' entry and saves them empty", async () => {
    update.mockResolvedValue({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const user = userEvent.setup();
    renderDetail({ member: savedMember({ nationality: 40, country: 276 }) });
    expect(screen.getByRole('combobox', { name: 'Nationalität' })).toHaveTextContent('Österreich');
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveTextContent('Deutschland');
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    for (const name of ['Nationalität', 'Land']) {
      await user.click(screen.getByRole('combobox', { name }));
      const options = await screen.findAllByRole('option');
      expect(options[0]).toHaveTextContent('—');
      await user.click(options[0]);
      // back to "nothing chosen": the placeholder shows again
      expect(screen.getByRole('combobox', { name })).toHaveTextContent('Land wählen');
    }
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0].values).toMatchObject({ nationality: null, country: null, firstName: 'Rosalie' });
  });

  it('lists the countries in the order of the language shown (the API sends them in German order)', async () => {
    const user = userEvent.setup();
    const germanOrder = [
      { id: 818, iso2: 'EG', nameDe: 'Ägypten', nameEn: 'Egypt' },
      { id: 276, iso2: 'DE', nameDe: 'Deutschland', nameEn: 'Germany' },
      { id: 40, iso2: 'AT', nameDe: 'Österreich', nameEn: 'Austria' },
    ];
    renderIntl(
      <MemberDetail
        orgId={11}
        funkId={51}
        member={savedMember()}
        roles={[]}
        countries={germanOrder}
        trainingDefinitions={trainingDefinitions}
        functionGroups={functionGroups}
        acting={{ level: 3, canCreate: true, isClub: true }}
      />,
      'en',
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('combobox', { name: 'Nationality' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['—', 'Austria', 'Egypt', 'Germany']);
  });

  it('puts the e-mail conflict on the e-mail field', async () => {
    const text = 'Die Email verband@example.org ist bereits in Verwendung!';
    update.mockResolvedValue({ ok: false, message: text, code: 'unique_email', fieldErrors: { email: text } });
    const user = userEvent.setup();
    renderDetail({ member: savedMember() });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(text));
    expect(screen.getByLabelText('E-Mail')).toHaveAccessibleDescription(text);
  });

  it('is read-only without the right to edit (e.g. a state association)', () => {
    renderDetail({
      member: savedMember({ access: { canEdit: false, outranked: false, canDelete: false, canEndMembershipIn: [] } }),
      acting: { level: 2, canCreate: false, isClub: false },
    });
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(screen.getByText('Nur Lesezugriff')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Foto hochladen' })).not.toBeInTheDocument();
  });

  it('is read-only for a person above the caller, and says why', () => {
    renderDetail({ member: savedMember({ access: { canEdit: false, outranked: true, canDelete: false, canEndMembershipIn: [] } }) });
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(screen.getByText('Nur Lesezugriff')).toBeInTheDocument();
    expect(screen.getByText('Diese Person hat Funktionen über Ihren. Nur wer über ihr steht, darf ihre Daten ändern.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Foto hochladen' })).not.toBeInTheDocument();
  });

  it('offers deleting only to the federation, confirmed, and says who was deleted', async () => {
    remove.mockResolvedValue({ ok: true, data: { message: 'Rosalie Aigner wurde erfolgreich gelöscht' } });
    const user = userEvent.setup();
    const { unmount } = renderDetail({ member: savedMember() });
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
    unmount();

    renderDetail({
      orgId: 1,
      funkId: 52,
      member: savedMember({ access: { canEdit: true, outranked: false, canDelete: true, canEndMembershipIn: [11] } }),
    });
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Soll Rosalie Aigner wirklich gelöscht werden?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ memberId: 955 }));
    expect(notify.success).toHaveBeenCalledWith('Rosalie Aigner wurde erfolgreich gelöscht');
    expect(router.push).toHaveBeenCalledWith('/form/O1/F52');
  });

  it('shows the licence status on the profile card: open-ended licence as "unbefristet"', () => {
    renderDetail({ member: savedMember() });
    expect(screen.getByTestId('licence-status')).toHaveTextContent('unbefristet');
  });

  it('shows an expired licence as expired', () => {
    renderDetail({
      member: savedMember({
        licence: {
          orgId: 11,
          orgName: 'BSV Wiener Neustadt',
          dateFrom: '2020-01-01',
          dateTo: '2020-12-31',
          active: false,
          state: 'ended',
          openEnded: false,
          season: 2020,
        },
      }),
    });
    expect(screen.getByTestId('licence-status')).toHaveTextContent('abgelaufen');
  });

  it('shows a licence released for a year not yet begun as "künftig" with its dates, never as expired', () => {
    renderDetail({
      member: savedMember({
        licence: {
          orgId: 11,
          orgName: 'BSV Wiener Neustadt',
          dateFrom: '2027-01-01',
          dateTo: '2027-12-31',
          active: false,
          state: 'upcoming',
          openEnded: false,
          season: 2027,
        },
      }),
    });
    expect(screen.getByTestId('licence-status')).toHaveTextContent('künftig');
    expect(screen.getByText('BSV Wiener Neustadt, ab 01.01.2027 (bis 31.12.2027)')).toBeInTheDocument();
  });

  it('shows next year’s licence that continues this year’s as active until its end', () => {
    renderDetail({
      member: savedMember({
        licence: {
          orgId: 11,
          orgName: 'BSV Wiener Neustadt',
          dateFrom: '2027-01-01',
          dateTo: '2027-12-31',
          active: true,
          state: 'active',
          openEnded: false,
          season: 2027,
        },
      }),
    });
    expect(screen.getByTestId('licence-status')).toHaveTextContent('aktiv');
    expect(screen.getByText('BSV Wiener Neustadt, bis 31.12.2027')).toBeInTheDocument();
  });
});

describe('MemberDetail: one editing model', () => {
  it('offers trainings and functions in read mode, saving at once, and holds them back while the personal data is edited', async () => {
    const user = userEvent.setup();
    renderDetail({ member: savedMember(), trainingDefinitions });
    await user.click(screen.getByRole('tab', { name: 'Ausbildung' }));
    expect(screen.getByRole('note')).toHaveTextContent('Änderungen in diesem Bereich werden sofort gespeichert.');
    expect(screen.getByRole('combobox', { name: 'Ausbildung *' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    expect(screen.getByRole('note')).toHaveTextContent('Bitte speichern oder verwerfen Sie zuerst die Änderungen der persönlichen Daten.');
    expect(screen.queryByRole('combobox', { name: 'Ausbildung *' })).not.toBeInTheDocument();
  });

  it("saves on Enter in a field, as the organisation form does: 'Daten speichern?'", async () => {
    update.mockResolvedValue({ ok: true, data: { ...savedMember(), message: 'Erfolgreich gespeichert' } } as never);
    const user = userEvent.setup();
    renderDetail({ member: savedMember() });
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await user.type(screen.getByLabelText('Vorname *'), 'x{Enter}');
    await answer(user, true);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });

  it("opens ready to edit from the overview table's 'Bearbeiten' (?edit=1)", async () => {
    searchParams.set('edit', '1');
    try {
      renderDetail({ member: savedMember() });
      expect(screen.getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
      expect(screen.getByLabelText('Vorname *')).toBeEnabled();
    } finally {
      searchParams.delete('edit');
    }
  });

  it("offers 'Trotzdem neu anlegen' for the same person (name, gender, birth date), as the spec does, next to connecting", async () => {
    const same: DuplicateCandidate = { ...candidate, surname: 'Brueckl', score: 100, reasons: ['same_name', 'same_birth_date'] };
    check.mockResolvedValue({ ok: true, data: { candidates: [same], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    expect(within(dialog).getByRole('button', { name: 'Trotzdem neu anlegen' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Mit Verein verbinden' })).toBeInTheDocument();
  });

  it('says the entered e-mail belongs to another person and creates the member without it', async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [emailOnlyCandidate], mergePairs: [] } });
    create.mockResolvedValue({ ok: true, data: { id: 1602, name: 'Alois Brueckl', message: 'Alois Brueckl wurde erfolgreich erstellt' } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.type(screen.getByLabelText('E-Mail'), 'familie@example.net');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    expect(within(dialog).getByRole('note')).toHaveTextContent('Die E-Mail familie@example.net gehört bereits einer anderen Person.');
    // the e-mail stays unique: creating with it would be refused
    expect(within(dialog).queryByRole('button', { name: 'Trotzdem neu anlegen' })).not.toBeInTheDocument();
    await clickStartingTransition(within(dialog).getByRole('button', { name: 'Ohne E-Mail neu anlegen' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0].values).toMatchObject({ firstName: 'Alois', surname: 'Brueckl', email: null });
    expect(router.push).toHaveBeenCalledWith('/form/O11/F51/1602');
  });

  it("still offers 'Trotzdem neu anlegen' for a near match", async () => {
    check.mockResolvedValue({ ok: true, data: { candidates: [candidate], mergePairs: [] } });
    const user = userEvent.setup();
    renderDetail();
    await fillNewMember(user);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await answer(user, true);
    const dialog = await screen.findByRole('dialog', { name: 'Mitglied existiert bereits' });
    expect(within(dialog).getByRole('button', { name: 'Trotzdem neu anlegen' })).toBeInTheDocument();
  });
});

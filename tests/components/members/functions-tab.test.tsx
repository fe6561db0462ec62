import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FunctionsTab, type FunctionsTabProps } from '@/components/members/functions-tab';
import { connectMemberAction, endMembershipAction, functionGroupsAction, saveFunctionAction } from '@/components/members/actions';
import { notify } from '@/components/ui/toast';
import { addDays, membershipEndDateRange } from '@/lib/domain/members';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { functionGroups, membershipRole, pastLicenceRole, targetOrgs } from './fixtures';

const router = { push: jest.fn(), refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/members/actions', () => ({
  connectMemberAction: jest.fn(),
  endMembershipAction: jest.fn(),
  saveFunctionAction: jest.fn(),
  functionGroupsAction: jest.fn(),
}));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));

const end = endMembershipAction as jest.MockedFunction<typeof endMembershipAction>;
const save = saveFunctionAction as jest.MockedFunction<typeof saveFunctionAction>;
const connect = connectMemberAction as jest.MockedFunction<typeof connectMemberAction>;
const loadGroups = functionGroupsAction as jest.MockedFunction<typeof functionGroupsAction>;

beforeEach(() => jest.clearAllMocks());

function renderTab(props: Partial<FunctionsTabProps> = {}) {
  return renderIntl(
    <FunctionsTab
      memberId={955}
      memberName="Rosalie Aigner"
      orgId={11}
      roles={[membershipRole, pastLicenceRole]}
      functionGroups={functionGroups}
      canEndMembershipIn={[11]}
      canEdit
      canAddMembership
      {...props}
    />,
  );
}

function rowOf(text: string) {
  return screen.getAllByRole('row').find((r) => within(r).queryByText(text))!;
}

describe('FunctionsTab', () => {
  it("says 'keine Funktionen und Lizenzen' when there is none", () => {
    renderTab({ roles: [] });
    expect(screen.getByText('keine Funktionen und Lizenzen')).toBeInTheDocument();
  });

  it("shows an open-ended end (year 2999) as 'unbefristet' and a real end as its date", () => {
    renderTab({ canEdit: false });
    expect(within(rowOf('Mitglied')).getByText('unbefristet')).toBeInTheDocument();
    expect(within(rowOf('Lizenz')).getByText('31.12.2025')).toBeInTheDocument();
    expect(within(rowOf('Lizenz')).getByText('beendet')).toBeInTheDocument();
    expect(screen.queryByText('2999')).not.toBeInTheDocument();
    expect(screen.queryByText('31.12.2999')).not.toBeInTheDocument();
  });

  it("shows a licence released for a year not yet begun as 'künftig', never 'beendet'", () => {
    const nextYear = new Date().getFullYear() + 1;
    renderTab({
      canEdit: false,
      roles: [
        membershipRole,
        { ...pastLicenceRole, funkMgId: 9001, dateFrom: `${nextYear}-01-01`, dateTo: `${nextYear}-12-31`, active: false },
      ],
    });
    expect(within(rowOf('Lizenz')).getByText('künftig')).toBeInTheDocument();
    expect(within(rowOf('Lizenz')).queryByText('beendet')).not.toBeInTheDocument();
  });

  it('offers ending a membership only where the caller may (federation or the membership club)', () => {
    renderTab({ canEndMembershipIn: [] });
    expect(screen.queryByRole('button', { name: /Mitgliedschaft in .* beenden/ })).not.toBeInTheDocument();
  });

  it('ends a membership with a date from today to 364 days ahead, confirmed, with the spec toast', async () => {
    const user = userEvent.setup();
    const { min, max } = membershipEndDateRange(todayIso());
    const date = addDays(min, 30);
    end.mockResolvedValue({ ok: true, data: { message: `Mitgliedschaft beendet ab ${formatDisplayDate(date)}` } });
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Mitgliedschaft beenden: BSV Wiener Neustadt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitgliedschaft in BSV Wiener Neustadt beenden' });
    const field = within(dialog).getByLabelText('Letzter Tag der Mitgliedschaft *');
    expect(field).toHaveValue(formatDisplayDate(min));

    // a day past the range is refused by the date field
    await user.clear(field);
    await user.type(field, formatDisplayDate(addDays(max, 1)));
    expect(within(dialog).getByText(`Das Datum darf nicht nach dem ${formatDisplayDate(max)} liegen`)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, formatDisplayDate(date));
    await user.click(within(dialog).getByRole('button', { name: 'Mitgliedschaft beenden' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(`Mitgliedschaft in BSV Wiener Neustadt mit ${formatDisplayDate(date)} beenden?`);
    await user.click(within(question).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(end).toHaveBeenCalledWith({ clubId: 11, memberId: 955, date }));
    expect(notify.success).toHaveBeenCalledWith(`Mitgliedschaft beendet ab ${formatDisplayDate(date)}`);
    expect(router.refresh).toHaveBeenCalled();
  });

  it('cannot end a membership while the date field refuses the typed date', async () => {
    const user = userEvent.setup();
    const { max } = membershipEndDateRange(todayIso());
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Mitgliedschaft beenden: BSV Wiener Neustadt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitgliedschaft in BSV Wiener Neustadt beenden' });
    const field = within(dialog).getByLabelText('Letzter Tag der Mitgliedschaft *');
    // typed over today's date: the field refuses it and still holds today
    await user.type(field, formatDisplayDate(addDays(max, 1)), { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(within(dialog).getByRole('button', { name: 'Mitgliedschaft beenden' })).toBeDisabled();
  });

  it("shows 'Fehlgeschlagen' when ending fails and nothing changes", async () => {
    end.mockResolvedValue({ ok: false, message: 'Fehlgeschlagen', code: 'no_membership' });
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: 'Mitgliedschaft beenden: BSV Wiener Neustadt' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mitgliedschaft beenden' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Fehlgeschlagen'));
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it('adds a function from the offered roles with from and (empty = open-ended) to', async () => {
    save.mockResolvedValue({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: '+ Funktion hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funktion hinzufügen' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Funktion *' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Sportbetrieb / Trainer: Trainer', 'Sportbetrieb / Trainer: Jugendwart']);
    await user.click(screen.getByRole('option', { name: 'Sportbetrieb / Trainer: Trainer' }));
    expect(within(dialog).getByText('Bis: unbefristet')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith({ values: { orgId: 11, memberId: 955, roleId: 12, from: todayIso(), to: null } });
    expect(notify.success).toHaveBeenCalledWith('Erfolgreich gespeichert');
  });

  it('does not save a function while its end date field refuses the typed date (it would be open-ended)', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: '+ Funktion hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funktion hinzufügen' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Funktion *' }));
    await user.click(await screen.findByRole('option', { name: 'Sportbetrieb / Trainer: Trainer' }));
    await user.type(within(dialog).getByLabelText('Bis'), '31.02.2027');
    expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Bis'));
    await user.type(within(dialog).getByLabelText('Bis'), '28.02.2027');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ values: expect.objectContaining({ to: '2027-02-28' }) }));
  });

  it('adds a membership in the club when the member has none there', async () => {
    connect.mockResolvedValue({ ok: true, data: { message: 'Mitglied zum Verein hinzugefügt' } });
    const user = userEvent.setup();
    const { unmount } = renderTab();
    expect(screen.queryByRole('button', { name: '+ Mitgliedschaft hinzufügen' })).not.toBeInTheDocument();
    unmount();

    renderTab({ roles: [{ ...membershipRole, active: false, dateTo: '2024-12-31' }] });
    await user.click(screen.getByRole('button', { name: '+ Mitgliedschaft hinzufügen' }));
    await waitFor(() => expect(connect).toHaveBeenCalledWith({ orgId: 11, memberId: 955 }));
    expect(notify.success).toHaveBeenCalledWith('Mitglied zum Verein hinzugefügt');
  });
});

describe('FunctionsTab: the federation chooses the organisation', () => {
  /** The federation (O1) editing a member of club 11. */
  const renderFederation = (props: Partial<FunctionsTabProps> = {}) =>
    renderTab({ orgId: 1, canAddMembership: false, targetOrgs, canEndMembershipIn: [11], ...props });

  it('adds a membership in a club it picks; clubs the member already belongs to and non-clubs are not offered', async () => {
    connect.mockResolvedValue({ ok: true, data: { message: 'Mitglied zum Verein hinzugefügt' } });
    const user = userEvent.setup();
    renderFederation();
    await user.click(screen.getByRole('button', { name: '+ Mitgliedschaft hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitgliedschaft hinzufügen' });
    const add = within(dialog).getByRole('button', { name: 'Mitgliedschaft hinzufügen' });
    expect(add).toBeDisabled();

    const picker = within(dialog).getByRole('combobox', { name: 'Verein *' });
    await user.click(picker);
    const offered = within(dialog)
      .getAllByRole('option')
      .map((o) => o.firstChild?.textContent);
    // 11: already a member there; 1 and 4: no clubs
    expect(offered).toEqual(['Pongauer Bogenschützen St. Johann', 'Union Bogenschützen St. Pölten']);
    await user.type(picker, 'pölt');
    await user.click(within(dialog).getByRole('option', { name: /^Union Bogenschützen St\. Pölten/ }));
    expect(add).toBeEnabled();
    await user.click(add);
    await waitFor(() => expect(connect).toHaveBeenCalledWith({ orgId: 12, memberId: 955 }));
    expect(notify.success).toHaveBeenCalledWith('Mitglied zum Verein hinzugefügt');
    expect(router.refresh).toHaveBeenCalled();
  });

  it('shows the failure and keeps the dialog open when the membership is refused', async () => {
    connect.mockResolvedValue({ ok: false, message: 'Fehlgeschlagen', code: 'already_member' });
    const user = userEvent.setup();
    renderFederation();
    await user.click(screen.getByRole('button', { name: '+ Mitgliedschaft hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mitgliedschaft hinzufügen' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Verein *' }));
    await user.click(within(dialog).getByRole('option', { name: /^Pongauer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Mitgliedschaft hinzufügen' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Fehlgeschlagen'));
    expect(connect).toHaveBeenCalledWith({ orgId: 34, memberId: 955 });
    expect(screen.getByRole('dialog', { name: 'Mitgliedschaft hinzufügen' })).toBeInTheDocument();
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it('adds a function in another organisation, offering the roles assignable there', async () => {
    loadGroups.mockResolvedValue({ ok: true, data: [{ id: 2, group: 'Vorstand', roles: [{ id: 27, name: 'Zeugwart', params: {} }] }] });
    save.mockResolvedValue({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const user = userEvent.setup();
    renderFederation();
    await user.click(screen.getByRole('button', { name: '+ Funktion hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funktion hinzufügen' });
    const org = within(dialog).getByRole('combobox', { name: 'Organisation *' });
    // starts in the acting organisation
    expect(org).toHaveValue('Österreichischer Bogensportverband');
    await user.click(org);
    await user.type(org, 'st. polten');
    await user.click(within(dialog).getByRole('option', { name: /^Union Bogenschützen St\. Pölten/ }));
    await waitFor(() => expect(loadGroups).toHaveBeenCalledWith({ orgId: 12 }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Funktion *' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Vorstand: Zeugwart']);
    await user.click(screen.getByRole('option', { name: 'Vorstand: Zeugwart' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ values: { orgId: 12, memberId: 955, roleId: 27, from: todayIso(), to: null } }),
    );
  });

  it('going back to its own organisation offers its own roles again without asking', async () => {
    loadGroups.mockResolvedValue({ ok: true, data: [] });
    const user = userEvent.setup();
    renderFederation();
    await user.click(screen.getByRole('button', { name: '+ Funktion hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funktion hinzufügen' });
    const org = within(dialog).getByRole('combobox', { name: 'Organisation *' });
    await user.click(org);
    await user.click(within(dialog).getByRole('option', { name: /^Bogensportverband Niederösterreich/ }));
    await waitFor(() => expect(loadGroups).toHaveBeenCalledWith({ orgId: 4 }));
    const role = within(dialog).getByRole('combobox', { name: 'Funktion *' });
    expect(role).toBeDisabled();
    expect(role).toHaveTextContent('In dieser Organisation ist keine Funktion zuweisbar');
    expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeDisabled();

    await user.click(org);
    await user.click(within(dialog).getByRole('option', { name: /^Österreichischer Bogensportverband/ }));
    expect(loadGroups).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('combobox', { name: 'Funktion *' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Sportbetrieb / Trainer: Trainer',
      'Sportbetrieb / Trainer: Jugendwart',
    ]);
  });

  it('gives a club no organisation to choose: functions go into the club itself', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(screen.getByRole('button', { name: '+ Funktion hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funktion hinzufügen' });
    expect(within(dialog).queryByRole('combobox', { name: 'Organisation *' })).not.toBeInTheDocument();
  });
});

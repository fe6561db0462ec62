import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrainingsTab } from '@/components/members/trainings-tab';
import { addTrainingAction, removeTrainingAction } from '@/components/members/actions';
import { notify } from '@/components/ui/toast';
import type { MemberCertificate } from '@/lib/api/member-types';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { trainingDefinitions } from './fixtures';

const router = { push: jest.fn(), refresh: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/members/actions', () => ({ addTrainingAction: jest.fn(), removeTrainingAction: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));

const add = addTrainingAction as jest.MockedFunction<typeof addTrainingAction>;
const remove = removeTrainingAction as jest.MockedFunction<typeof removeTrainingAction>;

beforeEach(() => jest.clearAllMocks());

const safetyFirst: MemberCertificate = {
  certId: 1,
  certName: 'Safety First',
  certGroupName: 'Sicherheit',
  certTitle: 'Safety First',
  certController: 'David Thaler',
  dateFrom: '2019-01-30',
  dateTo: null,
  ausb_mg_id: 6730,
  orgId: 11,
};
/** Recorded by the federation with a type this club may not record: never removable here. */
const trainerCourse: MemberCertificate = {
  ...safetyFirst,
  certId: 5,
  certName: 'Trainer B',
  certGroupName: 'Trainer',
  ausb_mg_id: 6731,
  dateFrom: '2020-05-01',
  dateTo: '2023-05-01',
};

function renderTab(certificates: MemberCertificate[], canEdit = true) {
  return renderIntl(
    <TrainingsTab memberId={955} orgId={11} certificates={certificates} definitions={trainingDefinitions} canEdit={canEdit} />,
  );
}

describe('TrainingsTab', () => {
  it("says 'keine Ausbildung' when there is none", () => {
    renderTab([], false);
    expect(screen.getByText('keine Ausbildung')).toBeInTheDocument();
  });

  it('lists group title, name, start, end and controller', () => {
    renderTab([safetyFirst, trainerCourse], false);
    const table = screen.getByRole('table', { name: 'Ausbildungen' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Gruppe', 'Bezeichnung', 'Beginn', 'Ende', 'Prüfer']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Trainer', 'Trainer B', '01.05.2020', '01.05.2023', 'David Thaler']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sicherheit', 'Safety First', '30.01.2019', '', 'David Thaler']);
    // read mode: nothing to add or remove
    expect(screen.queryByRole('button', { name: 'Ausbildung hinzufügen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument();
  });

  it('keeps "Ausbildung hinzufügen" disabled until a type and a start date are chosen', async () => {
    add.mockResolvedValue({ ok: true, data: { message: 'Erfolgreich gespeichert' } });
    const user = userEvent.setup();
    renderTab([]);
    const button = screen.getByRole('button', { name: 'Ausbildung hinzufügen' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('Beginn *'), '01.03.2026');
    expect(button).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Ausbildung *' }));
    await user.click(await screen.findByRole('option', { name: 'Sicherheit – Erste-Hilfe-Kurs (16 Stunden)' }));
    expect(button).toBeEnabled();
    // the end follows from the type's validity (24 months)
    expect(screen.getByLabelText('Ende')).toHaveValue('01.03.2028');

    await user.clear(screen.getByLabelText('Beginn *'));
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Beginn *'), '01.03.2026');
    await user.type(screen.getByLabelText('Prüfer'), 'Rotes Kreuz');
    await user.click(button);
    await waitFor(() => expect(add).toHaveBeenCalled());
    expect(add).toHaveBeenCalledWith({
      memberId: 955,
      values: { orgId: 11, trainingId: 8, dateFrom: '2026-03-01', dateTo: '2028-03-01', controller: 'Rotes Kreuz' },
    });
    expect(notify.success).toHaveBeenCalledWith('Erfolgreich gespeichert');
    expect(router.refresh).toHaveBeenCalled();
  });

  it('keeps "Ausbildung hinzufügen" disabled while a date field refuses the typed date', async () => {
    const user = userEvent.setup();
    renderTab([]);
    const button = screen.getByRole('button', { name: 'Ausbildung hinzufügen' });
    await user.click(screen.getByRole('combobox', { name: 'Ausbildung *' }));
    await user.click(await screen.findByRole('option', { name: 'Sicherheit – Erste-Hilfe-Kurs (16 Stunden)' }));
    await user.type(screen.getByLabelText('Beginn *'), '01.03.2026');
    expect(button).toBeEnabled();
    // the end typed over the suggested one, but impossible: the suggested end would be saved instead
    await user.type(screen.getByLabelText('Ende'), '31.02.2028', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Ende'), '28.02.2028', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    expect(button).toBeEnabled();
  });

  it("removes only types the organisation may record, after confirmation, with the toast 'entfernt'", async () => {
    remove.mockResolvedValue({ ok: true, data: { message: 'entfernt' } });
    const user = userEvent.setup();
    renderTab([safetyFirst, trainerCourse]);
    expect(screen.queryByRole('button', { name: 'Trainer B entfernen' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Safety First entfernen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ausbildung Safety First entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Safety First entfernen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ memberId: 955, ausbMgId: 6730, orgId: 11 }));
    expect(notify.success).toHaveBeenCalledWith('entfernt');
  });
});

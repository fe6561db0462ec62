import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MergeDialog } from '@/components/members/duplicates/merge-dialog';
import { mergeAction, mergePlanAction, undoMergeAction } from '@/components/members/duplicates/actions';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';
import { ANNA, ANNA_TWICE, MERGE_ID, plan } from './duplicates-fixtures';

/** The merge dialog: both records side by side, per-field choice, moves, conflicts, merge, undo. */
jest.mock('../../../components/members/duplicates/actions', () => ({
  duplicatesAction: jest.fn(),
  dismissPairAction: jest.fn(),
  mergePlanAction: jest.fn(),
  mergeAction: jest.fn(),
  undoMergeAction: jest.fn(),
}));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
const planMock = mergePlanAction as jest.MockedFunction<typeof mergePlanAction>;
const mergeMock = mergeAction as jest.MockedFunction<typeof mergeAction>;
const undoMock = undoMergeAction as jest.MockedFunction<typeof undoMergeAction>;

beforeEach(() => jest.clearAllMocks());

async function opened(first = plan()) {
  const user = userEvent.setup();
  planMock.mockResolvedValueOnce({ ok: true, data: first });
  const onClose = jest.fn();
  renderWithIntl(<MergeDialog first={ANNA} second={ANNA_TWICE} onClose={onClose} />);
  await screen.findByRole('table', { name: 'Felder der beiden Datensätze' });
  return { user, onClose };
}

const mergeButton = () => screen.getByRole('button', { name: 'Zusammenführen' });
const answer = (dialog: HTMLElement, name: 'Ja' | 'Nein') => userEvent.click(within(dialog).getByRole('button', { name }));

describe('MergeDialog', () => {
  it('shows both records side by side and the moves of the plan', async () => {
    await opened();
    const fields = screen.getByRole('table', { name: 'Felder der beiden Datensätze' });
    expect(within(fields).getByRole('columnheader', { name: 'Bleibt: Anna Müller (Nr. 101)' })).toBeInTheDocument();
    expect(within(fields).getByRole('columnheader', { name: 'Wird zusammengeführt: Anna Mueller (Nr. 202)' })).toBeInTheDocument();
    const city = within(fields).getByRole('row', { name: /Ort/ });
    expect(within(city).getByRole('radio', { name: 'Ort: Graz' })).toBeChecked();
    expect(within(city).getByRole('radio', { name: 'Ort: Linz' })).not.toBeChecked();
    // a field both records share has no choice
    expect(within(within(fields).getByRole('row', { name: /Geburtsdatum/ })).queryByRole('radio')).not.toBeInTheDocument();
    const moves = screen.getByRole('table', { name: 'Was übernommen wird' });
    expect(within(moves).getByRole('row', { name: /Ausbildungen/ })).toHaveTextContent('member_trainings.member_id2');
    expect(within(moves).getByRole('row', { name: /Mitgliedschaften, Lizenzen und Funktionen/ })).toHaveTextContent('31');
    expect(mergeButton()).toBeEnabled();
  });

  it('re-runs the plan with the picked field and with the records swapped', async () => {
    const { user } = await opened();
    planMock.mockResolvedValueOnce({ ok: true, data: plan({}, { city: 'merged' }) });
    await user.click(screen.getByRole('radio', { name: 'Ort: Linz' }));
    expect(planMock).toHaveBeenLastCalledWith({ survivorId: ANNA.id, mergedId: ANNA_TWICE.id, fields: { city: 'merged' } });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Ort: Linz' })).toBeChecked());

    // the other record survives: the same value stays picked, now as the survivor's
    planMock.mockResolvedValueOnce({ ok: true, data: plan({ survivorId: ANNA_TWICE.id, mergedId: ANNA.id }) });
    await user.click(screen.getByRole('button', { name: 'Tauschen' }));
    expect(planMock).toHaveBeenLastCalledWith({ survivorId: ANNA_TWICE.id, mergedId: ANNA.id, fields: { city: 'survivor' } });
    expect(await screen.findByText('Es bleibt: Anna Mueller (Nr. 202)')).toBeInTheDocument();
  });

  it('names the conflicts and keeps Zusammenführen disabled while any exists', async () => {
    await opened(
      plan({
        conflicts: [
          { code: 'licence_year', message: 'Both records hold a licence of the same year in different clubs (2026).', value: [2026] },
        ],
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Beide Datensätze haben eine Lizenz desselben Jahres in verschiedenen Vereinen (2026).',
    );
    expect(mergeButton()).toBeDisabled();
    expect(mergeMock).not.toHaveBeenCalled();
  });

  it('asks first, sends the versions of the plan, and on a stale answer shows the fresh plan', async () => {
    const { user } = await opened();
    // Nein: nothing is merged
    await user.click(mergeButton());
    await answer(await screen.findByRole('alertdialog'), 'Nein');
    expect(mergeMock).not.toHaveBeenCalled();

    mergeMock.mockResolvedValueOnce({
      ok: false,
      code: 'stale',
      message: 'Einer der Datensätze wurde inzwischen geändert. Bitte den Plan neu laden.',
    });
    const fresh = plan({ survivorUpdatedAt: '2026-11-27T10:30:00.000Z' });
    fresh.fields = fresh.fields.map((f) => (f.field === 'city' ? { ...f, survivor: 'Leoben' } : f));
    planMock.mockResolvedValueOnce({ ok: true, data: fresh });
    await user.click(mergeButton());
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Anna Mueller wird in Anna Müller zusammengeführt.');
    await answer(confirm, 'Ja');
    expect(mergeMock).toHaveBeenCalledWith({
      survivorId: ANNA.id,
      mergedId: ANNA_TWICE.id,
      fields: {},
      survivorUpdatedAt: '2026-11-27T09:00:00.000Z',
      mergedUpdatedAt: '2026-11-26T08:00:00.000Z',
    });
    expect(notify.error).toHaveBeenCalledWith('Einer der Datensätze wurde inzwischen geändert. Bitte den Plan neu laden.');
    expect(await screen.findByRole('radio', { name: 'Ort: Leoben' })).toBeInTheDocument();
    expect(planMock).toHaveBeenCalledTimes(2);

    // the next merge carries the fresh plan's version
    mergeMock.mockResolvedValueOnce({ ok: true, data: { ...fresh, dryRun: false, mergeId: MERGE_ID, message: 'x' } });
    await user.click(mergeButton());
    await answer(await screen.findByRole('alertdialog'), 'Ja');
    expect(mergeMock).toHaveBeenLastCalledWith(expect.objectContaining({ survivorUpdatedAt: '2026-11-27T10:30:00.000Z' }));
  });

  it('undoes the merge after Ja and lists what stayed with the survivor; a refusal shows its reason', async () => {
    const { user, onClose } = await opened();
    mergeMock.mockResolvedValueOnce({
      ok: true,
      data: { ...plan(), dryRun: false, mergeId: MERGE_ID, message: 'Die Datensätze wurden zusammengeführt.' },
    });
    await user.click(mergeButton());
    await answer(await screen.findByRole('alertdialog'), 'Ja');
    expect(await screen.findByText(/Anna Mueller wurde in Anna Müller zusammengeführt\./)).toBeInTheDocument();

    undoMock.mockResolvedValueOnce({
      ok: false,
      code: 'undo_too_late',
      message: 'Eine Zusammenführung kann nur am selben Tag rückgängig gemacht werden.',
    });
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await answer(await screen.findByRole('alertdialog'), 'Ja');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rückgängig nicht möglich: Eine Zusammenführung kann nur am selben Tag rückgängig gemacht werden.',
    );

    undoMock.mockResolvedValueOnce({
      ok: true,
      data: {
        mergeId: MERGE_ID,
        survivorId: ANNA.id,
        mergedId: ANNA_TWICE.id,
        movedBack: [{ place: 'member_trainings.member_id', rows: 2 }],
        stayedWithSurvivor: [{ place: 'member_trainings.member_id', what: 'trainings', ids: [901] }],
        keptFields: ['city'],
        message: 'Die Zusammenführung wurde rückgängig gemacht.',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await answer(await screen.findByRole('alertdialog'), 'Ja');
    expect(undoMock).toHaveBeenLastCalledWith({ mergeId: MERGE_ID });
    const stayed = await screen.findByRole('list', { name: 'Bleibt beim verbleibenden Datensatz' });
    expect(
      within(stayed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ausbildungen: 1', 'Seither geänderte Felder behalten den neuen Wert: Ort']);
    expect(screen.queryByRole('button', { name: 'Rückgängig' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fertig' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HistoryPanel } from '@/components/audit/history-panel';
import { MemberHistory } from '@/components/members/member-history';
import { undoMergeAction } from '@/components/members/duplicates/actions';
import { renderWithIntl } from '../render-with-intl';
import { ANNA, ANNA_TWICE, MERGE_ID } from './duplicates-fixtures';

/** The member's 'Verlauf': 'Rückgängig' on a merge's entry where the API allows it, its answer and its refusal. */
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
const undoMock = undoMergeAction as jest.MockedFunction<typeof undoMergeAction>;
const fetchMock = jest.fn();

const mergeEntry = (canUndo: boolean) => ({
  id: 7,
  at: '2026-11-27T09:05:00.000Z',
  actorId: 1,
  actorName: 'Valerie Verband',
  actingOrgId: 1,
  entity: 'member',
  entityId: String(ANNA.id),
  action: 'merge',
  changes: { city: { before: 'Graz', after: 'Linz' } },
  mergeId: MERGE_ID,
  canUndo,
});
const page = (...entries: unknown[]) => ({ entries, total: entries.length, page: 1, size: 10 });
const answer = (body: unknown) => Promise.resolve({ ok: true, status: 200, json: async () => body });

beforeEach(() => {
  jest.clearAllMocks();
  fetchMock.mockReset();
  (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
});

function shown(canUndo: boolean, locale: 'de' | 'en' = 'de') {
  fetchMock.mockImplementation(() => answer(page(mergeEntry(canUndo))));
  const onUndone = jest.fn();
  renderWithIntl(
    <MemberHistory memberName="Anna Müller" onUndone={onUndone}>
      {({ entryAction, version }) => <HistoryPanel key={version} entity="member" id={ANNA.id} entryAction={entryAction} />}
    </MemberHistory>,
    locale,
  );
  return { user: userEvent.setup(), onUndone };
}

describe('MemberHistory', () => {
  it('offers Rückgängig on a merge the API lets this caller undo; after Ja it lists what stayed and reads the history again', async () => {
    const { user, onUndone } = shown(true);
    expect(await screen.findByText('Zusammengeführt')).toBeInTheDocument();
    undoMock.mockResolvedValueOnce({
      ok: true,
      data: {
        mergeId: MERGE_ID,
        survivorId: ANNA.id,
        mergedId: ANNA_TWICE.id,
        movedBack: [{ place: 'member_trainings.member_id', rows: 2 }],
        stayedWithSurvivor: [{ place: 'member_trainings.member_id', what: 'trainings', ids: [901, 902] }],
        keptFields: ['city'],
        message: 'Die Zusammenführung wurde rückgängig gemacht.',
      },
    });
    // Nein: nothing happens
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Nein' }));
    expect(undoMock).not.toHaveBeenCalled();

    // after the undo the API no longer marks the entry
    fetchMock.mockImplementation(() => answer(page(mergeEntry(false))));
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Die Zusammenführung rückgängig machen?');
    await user.click(within(question).getByRole('button', { name: 'Ja' }));
    expect(undoMock).toHaveBeenCalledWith({ mergeId: MERGE_ID });
    expect(
      await screen.findByText('Die Zusammenführung wurde rückgängig gemacht: Datensatz Nr. 202 ist wieder eigenständig.'),
    ).toBeInTheDocument();
    const stayed = screen.getByRole('list', { name: 'Bleibt beim verbleibenden Datensatz' });
    expect(
      within(stayed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ausbildungen: 2', 'Seither geänderte Felder behalten den neuen Wert: Ort']);
    expect(onUndone).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Zusammengeführt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rückgängig' })).not.toBeInTheDocument();
  });

  it("shows the API's refusal in the UI's language and keeps the member as it is", async () => {
    const { user, onUndone } = shown(true, 'en');
    await screen.findByText('Merged');
    undoMock.mockResolvedValueOnce({
      ok: false,
      code: 'joined_period_changed',
      message: 'A function joined by the merge was changed since; undoing would lose that change.',
    });
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Undo not possible: A function joined by the merge was changed since; undoing would lose that change.',
    );
    expect(onUndone).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers no Rückgängig where the API does not allow it', async () => {
    shown(false);
    expect(await screen.findByText('Zusammengeführt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rückgängig' })).not.toBeInTheDocument();
  });
});

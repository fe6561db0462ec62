import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DuplicatesView } from '@/components/members/duplicates/duplicates-view';
import { dismissPairAction, duplicatesAction, mergePlanAction } from '@/components/members/duplicates/actions';
import { renderWithIntl } from '../render-with-intl';
import { ANNA, ANNA_TWICE, plan } from './duplicates-fixtures';

/** The 'Duplikate' view of form 52: the report, paged; 'Nicht dieselbe Person'; opening the merge. */
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
const reportMock = duplicatesAction as jest.MockedFunction<typeof duplicatesAction>;
const dismissMock = dismissPairAction as jest.MockedFunction<typeof dismissPairAction>;
const planMock = mergePlanAction as jest.MockedFunction<typeof mergePlanAction>;

const PAIR = { a: ANNA, b: ANNA_TWICE, score: 85, reasons: ['name_spelling' as const, 'swapped_day_month' as const] };
const OTHER = {
  a: { id: 303, firstName: 'Bernd', surname: 'Huber', birthDate: '1975-12-01', regNr: null, city: null },
  b: { id: 304, firstName: 'Huber', surname: 'Bernd', birthDate: '1975-12-01', regNr: null, city: 'Wien' },
  score: 70,
  reasons: ['swapped_names' as const, 'same_birth_date' as const],
};

beforeEach(() => {
  jest.clearAllMocks();
  reportMock.mockResolvedValue({ ok: true, data: { items: [PAIR, OTHER], total: 42, page: 1, size: 20 } });
});

/** The report's rows once loaded. */
const rows = () =>
  waitFor(() => {
    const body = within(screen.getByRole('table', { name: 'Mögliche Duplikate' }))
      .getAllByRole('row')
      .slice(1);
    expect(body.length).toBeGreaterThan(0);
    return body;
  });

describe('DuplicatesView', () => {
  it('shows each pair with names, birth dates, cities, score and reasons, paged', async () => {
    const user = userEvent.setup();
    renderWithIntl(<DuplicatesView org={7} onClose={jest.fn()} />);
    expect(await rows()).toHaveLength(2);
    expect(reportMock).toHaveBeenCalledWith({ org: 7, page: 1 });
    const [first, second] = await rows();
    expect(first).toHaveTextContent('Anna Müller');
    expect(first).toHaveTextContent('04.03.1990 · Graz');
    expect(first).toHaveTextContent('Anna Mueller');
    expect(first).toHaveTextContent('03.04.1990 · Linz');
    expect(first).toHaveTextContent('85');
    expect(first).toHaveTextContent('gleicher Name in anderer Schreibweise, Tag und Monat des Geburtsdatums vertauscht');
    expect(second).toHaveTextContent('Vor- und Nachname vertauscht, gleiches Geburtsdatum');

    // 42 pairs: three pages
    expect(screen.getByText('Seite 1 von 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(reportMock).toHaveBeenLastCalledWith({ org: 7, page: 2 }));
  });

  it("sends nothing when 'Nicht dieselbe Person' is answered Nein, and dismisses the pair on Ja", async () => {
    const user = userEvent.setup();
    renderWithIntl(<DuplicatesView onClose={jest.fn()} />);
    const [first] = await rows();
    expect(reportMock).toHaveBeenCalledWith({ org: undefined, page: 1 });

    await user.click(within(first).getByRole('button', { name: 'Nicht dieselbe Person' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Anna Müller und Anna Mueller sind nicht dieselbe Person?');
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(dismissMock).not.toHaveBeenCalled();

    dismissMock.mockResolvedValue({ ok: true, data: { message: 'Das Paar erscheint nicht mehr unter den Duplikaten.' } });
    reportMock.mockResolvedValue({ ok: true, data: { items: [OTHER], total: 1, page: 1, size: 20 } });
    await user.click(within(first).getByRole('button', { name: 'Nicht dieselbe Person' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    expect(dismissMock).toHaveBeenCalledWith({ aId: ANNA.id, bId: ANNA_TWICE.id });
    // the report is read again: the pair is gone
    await waitFor(() => expect(screen.queryByText('Anna Mueller')).not.toBeInTheDocument());
    expect(await rows()).toHaveLength(1);
  });

  it("opens the merge dialog with the pair's plan", async () => {
    const user = userEvent.setup();
    planMock.mockResolvedValue({ ok: true, data: plan() });
    renderWithIntl(<DuplicatesView onClose={jest.fn()} />);
    const [first] = await rows();
    await user.click(within(first).getByRole('button', { name: 'Zusammenführen…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datensätze zusammenführen' });
    expect(planMock).toHaveBeenCalledWith({ survivorId: ANNA.id, mergedId: ANNA_TWICE.id, fields: {} });
    expect(await within(dialog).findByRole('table', { name: 'Felder der beiden Datensätze' })).toBeInTheDocument();
  });

  it("opened on one pair, shows that pair's entry alone until 'Alle Duplikate anzeigen'", async () => {
    const user = userEvent.setup();
    reportMock.mockResolvedValueOnce({ ok: true, data: { items: [PAIR], total: 1, page: 1, size: 20 } });
    renderWithIntl(<DuplicatesView org={7} pair={[ANNA.id, ANNA_TWICE.id]} onClose={jest.fn()} />);
    expect(await rows()).toHaveLength(1);
    expect(reportMock).toHaveBeenCalledWith({ org: 7, page: 1, pair: [ANNA.id, ANNA_TWICE.id] });
    expect(screen.getByText('Gezeigt wird nur das Paar aus der Prüfung beim Anlegen.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Alle Duplikate anzeigen' }));
    await waitFor(() => expect(reportMock).toHaveBeenLastCalledWith({ org: 7, page: 1 }));
    // the header row and both pairs of the whole report
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByText('Gezeigt wird nur das Paar aus der Prüfung beim Anlegen.')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemberImport } from '@/components/members/import/member-import';
import { undoImportAction } from '@/components/members/import/actions';
import { notify } from '@/components/ui/toast';
import { uploadFile } from '@/lib/upload';
import { renderWithIntl } from '../render-with-intl';

/** The member import screen: dry run, verdict filter, import of the plan shown, undo. */
const router = { refresh: jest.fn(), push: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/members/import/actions', () => ({ undoImportAction: jest.fn() }));
jest.mock('../../../lib/upload', () => ({ ...jest.requireActual('../../../lib/upload'), uploadFile: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
const uploadMock = uploadFile as jest.MockedFunction<typeof uploadFile>;
const undoMock = undoImportAction as jest.MockedFunction<typeof undoImportAction>;

const PLAN = 'a'.repeat(64);
const IMPORT_ID = '0b6f2c7e-3d1a-4c55-9a8e-2f1d3c4b5a69';

function dryRun(planId = PLAN, refusedName = 'Doris Wolf') {
  return {
    planId,
    fileName: 'mitglieder.csv',
    sheets: [],
    sheet: null,
    columns: [
      { index: 0, header: 'Vorname', field: 'firstName' },
      { index: 1, header: 'Nachname', field: 'surname' },
      { index: 2, header: 'Geburtsdatum', field: 'birthDate' },
    ],
    missingFields: [],
    counts: { create: 2, connect: 1, update: 0, unchanged: 0, refused: 1, total: 4 },
    rows: [
      { line: 2, verdict: 'create', name: 'Anna Berger' },
      { line: 3, verdict: 'create', name: 'Bernd Huber' },
      { line: 4, verdict: 'connect', name: 'Clara Maier', memberId: 17, reasons: ['same_name', 'same_birth_date'] },
      {
        line: 5,
        verdict: 'refused',
        name: refusedName,
        errors: [{ field: 'birthDate', rule: 'invalidDate', message: 'Ungültiges Datum (TT.MM.JJJJ, JJJJ-MM-TT oder Excel-Datum)' }],
      },
    ],
  };
}

const csv = () => new File(['Vorname;Nachname;Geburtsdatum\n'], 'mitglieder.csv', { type: 'text/csv' });

beforeEach(() => jest.clearAllMocks());

async function checkedFile() {
  const user = userEvent.setup();
  uploadMock.mockResolvedValueOnce({ status: 200, body: dryRun() });
  renderWithIntl(<MemberImport orgId={11} onClose={jest.fn()} />);
  await user.upload(screen.getByLabelText('Datei auswählen und prüfen', { selector: 'input' }), csv());
  await screen.findByRole('table', { name: 'Prüfergebnis' });
  return user;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Prüfergebnis' }))
    .getAllByRole('row')
    .slice(1);
const call = (n: number) => ({ url: uploadMock.mock.calls[n][0], fields: uploadMock.mock.calls[n][3] });

describe('MemberImport', () => {
  it('checks the file without saving and filters the rows by verdict', async () => {
    const user = await checkedFile();
    expect(call(0).url).toBe('/admin/api/v1/admin/members/11/import?dryRun=true&lang=de');
    expect(bodyRows()).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Abgelehnt (1)' }));
    expect(screen.getByRole('button', { name: 'Abgelehnt (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Doris Wolf');
    // the refused row's field error, in the UI's language from the API
    expect(bodyRows()[0]).toHaveTextContent('Geburtsdatum: Ungültiges Datum (TT.MM.JJJJ, JJJJ-MM-TT oder Excel-Datum)');

    await user.click(screen.getByRole('button', { name: 'Verbinden (1)' }));
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Clara Maier');
    expect(bodyRows()[0]).toHaveTextContent('Gefunden über: gleicher Name, gleiches Geburtsdatum');

    await user.click(screen.getByRole('button', { name: 'Neu (2)' }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Anna Berger', 'Bernd Huber']);

    await user.click(screen.getByRole('button', { name: 'Aktualisieren (0)' }));
    expect(screen.getByText('Keine Zeilen mit diesem Ergebnis')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Alle (4)' }));
    expect(bodyRows()).toHaveLength(4);
  });

  it('checks again with the mapping when a column is left out or given another field', async () => {
    const user = await checkedFile();
    uploadMock.mockResolvedValueOnce({ status: 200, body: { ...dryRun('c'.repeat(64)), missingFields: ['birthDate'] } });
    await user.click(screen.getByRole('combobox', { name: 'Geburtsdatum' }));
    await user.click(screen.getByRole('option', { name: 'nicht übernehmen' }));
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(2));
    expect(call(1).url).toBe('/admin/api/v1/admin/members/11/import?dryRun=true&lang=de');
    expect(JSON.parse(call(1).fields!.mapping)).toEqual({ Vorname: 'firstName', Nachname: 'surname', Geburtsdatum: null });
    expect(await screen.findByText('Diese Felder hat keine Spalte: Geburtsdatum')).toBeInTheDocument();

    // a field fills one column: the column that had it gives it up
    uploadMock.mockResolvedValueOnce({ status: 200, body: dryRun() });
    await user.click(screen.getByRole('combobox', { name: 'Vorname' }));
    await user.click(screen.getByRole('option', { name: 'Nachname' }));
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(3));
    expect(JSON.parse(call(2).fields!.mapping)).toEqual({ Vorname: 'surname', Nachname: null, Geburtsdatum: 'birthDate' });
  });

  it("sends nothing when the import's confirmation is answered Nein", async () => {
    const user = await checkedFile();
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Jetzt importieren?');
    expect(dialog).toHaveTextContent(
      '2 neu anlegen, 1 verbinden, 0 aktualisieren. 1 abgelehnte und 0 unveränderte Zeilen werden nicht übernommen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(uploadMock).toHaveBeenCalledTimes(1);
  });

  it('says so and checks the file again when the data changed since the dry run (409 plan_changed)', async () => {
    const user = await checkedFile();
    uploadMock
      .mockResolvedValueOnce({ status: 409, body: { error: { code: 'plan_changed', message: 'The data changed since the dry run' } } })
      .mockResolvedValueOnce({ status: 200, body: dryRun('b'.repeat(64), 'Dora Wolff') });
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));

    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(3));
    expect(call(1).url).toBe(`/admin/api/v1/admin/members/11/import?dryRun=false&planId=${PLAN}&lang=de`);
    expect(call(1).fields).toEqual({ planId: PLAN });
    expect(call(2).url).toBe('/admin/api/v1/admin/members/11/import?dryRun=true&lang=de');
    expect(notify.error).toHaveBeenCalledWith(
      'Die Daten wurden seit der Prüfung geändert. Die Datei wird neu geprüft; bitte das Ergebnis ansehen und erneut importieren.',
    );
    // the new plan is shown, nothing imported
    expect(await screen.findByText('Dora Wolff')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rückgängig' })).not.toBeInTheDocument();
  });

  it('imports the plan shown and lists the changed rows when the undo is refused', async () => {
    const user = await checkedFile();
    uploadMock.mockResolvedValueOnce({
      status: 201,
      body: { importId: IMPORT_ID, planId: PLAN, counts: { create: 2, connect: 1, update: 0, unchanged: 0, refused: 1, total: 4 } },
    });
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Importiert: 2 neu angelegt, 1 verbunden, 0 aktualisiert.')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Import abgeschlossen');
    expect(router.refresh).toHaveBeenCalled();

    // Nein: nothing is undone
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Nein' }));
    expect(undoMock).not.toHaveBeenCalled();

    undoMock.mockResolvedValue({
      ok: true,
      data: {
        undone: false,
        changed: [
          { line: 3, verdict: 'create', memberId: 40 },
          { line: 4, verdict: 'connect', memberId: 17 },
        ],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Den ganzen Import rückgängig machen?');
    await user.click(within(dialog).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(undoMock).toHaveBeenCalledWith({ importId: IMPORT_ID }));
    const list = await screen.findByRole('list', { name: 'Seit dem Import geänderte Zeilen' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Zeile 3: Neu, Personen-ID 40', 'Zeile 4: Verbinden, Personen-ID 17']);
    expect(screen.getByText('2 Zeilen wurden seit dem Import geändert; nichts wurde rückgängig gemacht.')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Nicht rückgängig gemacht: Zeilen wurden seit dem Import geändert');
  });

  it('refuses a file that is neither CSV nor XLSX before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithIntl(<MemberImport orgId={11} onClose={jest.fn()} />);
    await user.upload(
      screen.getByLabelText('Datei auswählen und prüfen', { selector: 'input' }),
      new File(['x'], 'mitglieder.pdf', { type: 'application/pdf' }),
    );
    expect(notify.error).toHaveBeenCalledWith('Nur CSV- oder XLSX-Dateien sind erlaubt');
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('says in the screen language why a dry run over the duplicate-check limit was refused, and how long to wait', async () => {
    const user = userEvent.setup();
    uploadMock.mockResolvedValueOnce({
      status: 429,
      body: { error: { code: 'duplicate_check_limited', message: 'Too many checks', value: 1_740 } },
    });
    renderWithIntl(<MemberImport orgId={11} onClose={jest.fn()} />);
    await user.upload(screen.getByLabelText('Datei auswählen und prüfen', { selector: 'input' }), csv());
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Zu viele Prüfungen auf bestehende Mitglieder ohne Treffer. Bitte versuchen Sie es in 29 Minuten wieder.',
      ),
    );
    expect(screen.queryByRole('table', { name: 'Prüfergebnis' })).not.toBeInTheDocument();
  });
});

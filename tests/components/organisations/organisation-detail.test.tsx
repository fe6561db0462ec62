import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrganisationDetail, REQUIRED_FLASH_MS } from '@/components/organisations/organisation-detail';
import { saveOrganisation } from '@/components/organisations/actions';
import { notify } from '@/components/ui/toast';
import { addDays, format } from 'date-fns';
import { formatDisplayDate, todayIso } from '@/lib/domain/dates';
import { renderWithIntl } from '../render-with-intl';
import { federationList, makeOrganisation } from './fixtures';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/organisations/actions', () => ({
  saveOrganisation: jest.fn(),
  savePlace: jest.fn(),
  deletePlace: jest.fn(),
  deleteDocument: jest.fn(),
}));
// Leaflet needs a real browser; the map has its own browser test
jest.mock('../../../components/organisations/places-map', () => ({ PlacesMap: () => null }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), loading: jest.fn(() => 'toast-1'), info: jest.fn(), dismiss: jest.fn() },
}));
const saveMock = saveOrganisation as jest.MockedFunction<typeof saveOrganisation>;

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

function renderDetail(actingOrgId: number, actingLevel: number, organisation = makeOrganisation()) {
  return renderWithIntl(
    <OrganisationDetail
      actingOrgId={actingOrgId}
      actingLevel={actingLevel}
      funkId={50}
      organisation={organisation}
      list={federationList()}
    />,
  );
}
const form = () => within(screen.getByRole('form', { name: 'Organisationsdaten' }));
const field = (label: string) => form().getByLabelText(label, { exact: true }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

async function answerConfirm(question: RegExp | string, answer: 'Ja' | 'Nein') {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(question);
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
}

describe('read and edit mode', () => {
  it('shows every field disabled until Bearbeiten, and Abbrechen restores the data and reloads', async () => {
    const user = userEvent.setup();
    renderDetail(11, 3);
    expect(field('Name *')).toBeDisabled();
    expect(field('Telefon')).toBeDisabled();
    await user.click(button('Bearbeiten'));
    expect(field('Name *')).toBeEnabled();
    await user.clear(field('Telefon'));
    await user.type(field('Telefon'), '+43 1 999');
    await user.click(button('Abbrechen'));
    expect(field('Telefon')).toHaveValue('+43 2622 13250');
    expect(field('Telefon')).toBeDisabled();
    expect(router.refresh).toHaveBeenCalled();
    expect(saveMock).not.toHaveBeenCalled();
  });
});

describe('fields per acting level', () => {
  it('club (level 3): BSO, dates, cooperation partner, level and parent disabled; section editable', async () => {
    renderDetail(11, 3);
    await userEvent.click(button('Bearbeiten'));
    expect(field('BSO-Nummer')).toBeDisabled();
    expect(field('Gegründet')).toBeDisabled();
    expect(field('Aufgelöst')).toBeDisabled();
    expect(field('Betrieb eingestellt')).toBeDisabled();
    expect(field('Kooperationspartner')).toBeDisabled();
    expect(form().getByRole('combobox', { name: 'Ebene' })).toBeDisabled();
    expect(form().getByRole('combobox', { name: 'Übergeordnete Organisation' })).toBeDisabled();
    expect(field('Sektion')).toBeEnabled();
    expect(field('IBAN')).toBeEnabled();
    expect(form().getByRole('combobox', { name: 'Bundesland *' })).toBeEnabled();
  });

  it('a club that cannot list its state association still sees the parent by name', () => {
    renderWithIntl(<OrganisationDetail actingOrgId={11} actingLevel={3} funkId={50} organisation={makeOrganisation()} list={[]} />);
    expect(form().getByRole('combobox', { name: 'Übergeordnete Organisation' })).toHaveTextContent('BSV NÖ');
  });

  it('federation (level 1): dates, BSO and cooperation partner editable', async () => {
    renderDetail(1, 1);
    await userEvent.click(button('Bearbeiten'));
    expect(field('BSO-Nummer')).toBeEnabled();
    expect(field('Gegründet')).toBeEnabled();
    expect(field('Aufgelöst')).toBeEnabled();
    expect(field('Kooperationspartner')).toBeEnabled();
    expect(form().getByRole('combobox', { name: 'Ebene' })).toBeEnabled();
  });

  it('state association (level 2): its own record with BSO but without dates; its clubs read-only', async () => {
    const { unmount } = renderDetail(4, 2, makeOrganisation({ id: 4, orgLevel: 2, nameShort: 'BSV NÖ', orgMotherId: 1 }));
    await userEvent.click(button('Bearbeiten'));
    expect(field('BSO-Nummer')).toBeEnabled();
    expect(field('Gegründet')).toBeDisabled();
    expect(field('Kooperationspartner')).toBeDisabled();
    unmount();

    renderDetail(4, 2, makeOrganisation({ id: 11 }));
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
    expect(screen.getByText('Nur Ansicht: Sie dürfen diese Organisation nicht bearbeiten.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Trainingsstätte hinzufügen' })).not.toBeInTheDocument();
  });

  it('the end-date picker allows today up to 364 days ahead', async () => {
    const user = userEvent.setup();
    renderDetail(1, 1);
    await user.click(button('Bearbeiten'));
    await user.type(field('Aufgelöst'), '01.01.2000');
    expect(await form().findByText(/Das Datum darf nicht vor dem \d\d\.\d\d\.\d{4} liegen/)).toBeInTheDocument();
    expect(field('Aufgelöst')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('Aufgelöst'));
    await user.type(field('Aufgelöst'), formatDisplayDate(format(addDays(new Date(), 365), 'yyyy-MM-dd')));
    expect(await form().findByText(/Das Datum darf nicht nach dem \d\d\.\d\d\.\d{4} liegen/)).toBeInTheDocument();

    await user.clear(field('Aufgelöst'));
    await user.type(field('Aufgelöst'), formatDisplayDate(format(addDays(new Date(), 364), 'yyyy-MM-dd')));
    expect(field('Aufgelöst')).not.toHaveAttribute('aria-invalid');
  });
});

describe('required fields (message and 5.5 s border flash)', () => {
  it('flashes the form border for 5.5 s and does not save when a required field is empty', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDetail(1, 1);
    await user.click(button('Bearbeiten'));
    await user.clear(field('Name *'));
    await user.click(button('Speichern'));
    const formElement = screen.getByRole('form', { name: 'Organisationsdaten' });
    await waitFor(() => expect(formElement).toHaveAttribute('data-flash', 'true'));
    expect(notify.error).toHaveBeenCalledWith('Bitte füllen Sie das erforderliche Feld aus!');
    expect(formElement).toHaveClass('border-red-500');
    expect(field('Name *')).toHaveAttribute('aria-invalid', 'true');
    act(() => jest.advanceTimersByTime(REQUIRED_FLASH_MS - 100));
    expect(formElement).toHaveAttribute('data-flash', 'true');
    act(() => jest.advanceTimersByTime(200));
    expect(formElement).not.toHaveAttribute('data-flash');
    expect(saveMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('requires the federal state, except for organisation 1', async () => {
    const user = userEvent.setup();
    const { unmount } = renderDetail(1, 1, makeOrganisation({ params: { federalState: null } }));
    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Bitte füllen Sie das erforderliche Feld aus!'));
    expect(saveMock).not.toHaveBeenCalled();
    unmount();

    saveMock.mockResolvedValue({ ok: true, data: makeOrganisation({ id: 1, orgLevel: 1 }) });
    renderDetail(1, 1, makeOrganisation({ id: 1, orgLevel: 1, orgMotherId: null, params: { federalState: null } }));
    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
  });
});

describe('saving', () => {
  it("asks 'Daten speichern?', saves the changed record with its version, and leaves edit mode", async () => {
    const user = userEvent.setup();
    const saved = makeOrganisation({ phoneOffice: '+43 1 999', updatedAt: '2026-11-21T09:00:00Z' });
    saveMock.mockResolvedValue({ ok: true, data: saved });
    renderDetail(11, 3);
    await user.click(button('Bearbeiten'));
    await user.clear(field('Telefon'));
    await user.type(field('Telefon'), '+43 1 999');
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    // 'Organisation wird gespeichert' while the save runs, closed when it has answered
    expect(notify.loading).toHaveBeenCalledWith('Organisation wird gespeichert');
    await waitFor(() => expect(notify.dismiss).toHaveBeenCalledWith('toast-1'));
    const [input] = saveMock.mock.calls[0];
    expect(input.actingOrgId).toBe(11);
    expect(input.id).toBe(11);
    expect(input.updatedAt).toBe('2026-11-21T08:47:41.886Z');
    expect(input.values).toMatchObject({ phoneOffice: '+43 1 999', name: 'BSV Wiener Neustadt', bso: '3011', faxOffice: null });
    expect(notify.success).toHaveBeenCalledWith('Organisation gespeichert!');
    await waitFor(() => expect(field('Telefon')).toBeDisabled());
    expect(field('Telefon')).toHaveValue('+43 1 999');
    expect(router.refresh).toHaveBeenCalled();
  });

  it("saves nothing when 'Daten speichern?' is answered Nein", async () => {
    const user = userEvent.setup();
    renderDetail(11, 3);
    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Nein');
    expect(saveMock).not.toHaveBeenCalled();
    expect(field('Name *')).toBeEnabled();
  });

  it('asks a second time, irrevocably ending all functions, when an end date is set', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({ ok: true, data: makeOrganisation() });
    renderDetail(1, 1);
    await user.click(button('Bearbeiten'));
    const [y, m, d] = todayIso().split('-');
    await user.type(field('Aufgelöst'), `${d}.${m}.${y}`);
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await answerConfirm(/alle Funktionen dieser Organisation unwiderruflich beendet/, 'Nein');
    expect(saveMock).not.toHaveBeenCalled();

    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await answerConfirm(/unwiderruflich/, 'Ja');
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    expect(saveMock.mock.calls[0][0].values).toMatchObject({ orgEndDate: todayIso() });
  });

  it("reports a stale edit with 'Speichern fehlgeschlagen' and the conflict text, staying in edit mode", async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      ok: false,
      message: 'Speichern fehlgeschlagen',
      description: 'Die Daten wurden inzwischen geändert. Bitte neu laden.',
      code: 'stale',
    });
    renderDetail(11, 3);
    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Speichern fehlgeschlagen', {
        description: 'Die Daten wurden inzwischen geändert. Bitte neu laden.',
      }),
    );
    expect(field('Name *')).toBeEnabled();
  });

  it('does not save while a date field shows a date it refused (the typed end date would be lost)', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({ ok: true, data: makeOrganisation() });
    renderDetail(1, 1);
    await user.click(button('Bearbeiten'));
    await user.type(field('Aufgelöst'), formatDisplayDate(format(addDays(new Date(), 400), 'yyyy-MM-dd')));
    await user.click(button('Speichern'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(saveMock).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledWith('Speichern fehlgeschlagen', { description: 'Ungültiges Datum' });

    // corrected: saving goes ahead with the date the field shows
    await user.clear(field('Aufgelöst'));
    await user.type(field('Aufgelöst'), formatDisplayDate(todayIso()));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await answerConfirm(/unwiderruflich/, 'Ja');
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    expect(saveMock.mock.calls[0][0].values).toMatchObject({ orgEndDate: todayIso() });
  });

  it('Abbrechen also discards a refused date the user typed, and saving works again afterwards', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({ ok: true, data: makeOrganisation() });
    renderDetail(1, 1);
    await user.click(button('Bearbeiten'));
    await user.type(field('Aufgelöst'), '01.01.2000');
    await user.click(button('Abbrechen'));
    expect(field('Aufgelöst')).toHaveValue('');
    expect(field('Aufgelöst')).not.toHaveAttribute('aria-invalid');

    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
  });

  it("shows the API's field refusal under the field", async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      ok: false,
      message: 'Speichern fehlgeschlagen',
      code: 'end_date_range',
      fieldErrors: { orgEndDate: 'Das Auflösungsdatum muss zwischen 21.11.2026 und 20.11.2027 liegen.' },
    });
    renderDetail(1, 1);
    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    expect(await form().findByText('Das Auflösungsdatum muss zwischen 21.11.2026 und 20.11.2027 liegen.')).toBeInTheDocument();
  });
});

describe('a new organisation', () => {
  it('starts in edit mode with the other tabs disabled, and goes to the created id after saving', async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({ ok: true, data: makeOrganisation({ id: 77 }) });
    renderWithIntl(<OrganisationDetail actingOrgId={1} actingLevel={1} funkId={50} organisation={null} list={federationList()} />);
    expect(screen.getByRole('tab', { name: 'Beiträge' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Dokumente' })).toBeDisabled();
    await user.type(field('Name *'), 'Neuer Verein');
    await user.type(field('Kurzname *'), 'NV');
    await user.type(field('Straße *'), 'Weg 1');
    await user.type(field('PLZ *'), '1010');
    await user.type(field('Ort *'), 'Wien');
    await user.type(field('E-Mail *'), 'nv@example.org');
    await user.click(form().getByRole('combobox', { name: 'Bundesland *' }));
    await user.click(await screen.findByRole('option', { name: 'Wien' }));
    await user.click(button('Speichern'));
    await answerConfirm('Daten speichern?', 'Ja');
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/form/O1/F50/77'));
    expect(saveMock.mock.calls[0][0]).toMatchObject({
      id: undefined,
      values: { name: 'Neuer Verein', orgLevel: 3, params: { federalState: 'Wien' } },
    });
  });
});

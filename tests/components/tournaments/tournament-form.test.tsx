import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TournamentForm } from '@/components/tournaments/tournament-form';
import { saveTournamentAction } from '@/components/tournaments/actions';
import { notify } from '@/components/ui/toast';
import type { RefereeCandidate, TournamentType } from '@/lib/api/tournaments';
import { renderWithIntl } from '../render-with-intl';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({
  useRouter: () => router,
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/admin/form/11/1000/new',
}));
jest.mock('../../../components/tournaments/actions', () => ({
  saveTournamentAction: jest.fn(),
  decideTournament: jest.fn(),
  loadTournaments: jest.fn(),
  loadTuple: jest.fn(),
  setPaymentStatus: jest.fn(),
  addComment: jest.fn(),
}));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const save = saveTournamentAction as jest.MockedFunction<typeof saveTournamentAction>;
const REQUIRED = 'Bitte füllen Sie das erforderliche Feld aus!';

const types: TournamentType[] = [
  {
    id: 5,
    name: 'Breitensport-Turnier',
    param: { filter: 'Breitensport', disciplines: [2, 4], rules: [{ name: 'WA', divisions: [] }], gradeCodes: [], ordercat: null },
  },
];
const referees: RefereeCandidate[] = [];

/** DD.MM.YYYY of the day `days` from today. */
function dayAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
}

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

function renderForm() {
  return renderWithIntl(
    <TournamentForm orgId={11} funkId={1000} tournament={null} types={types} referees={referees} onChanged={jest.fn()} />,
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillGeneral(user: User, { link = '' }: { link?: string } = {}) {
  await user.type(screen.getByLabelText('Name *'), 'Frühjahrsturnier');
  await choose(user, 'Turnierart *', 'Breitensport-Turnier');
  await user.type(screen.getByLabelText('Beginn *'), dayAhead(30));
  await user.type(screen.getByLabelText('Ende *'), dayAhead(31));
  await user.type(screen.getByLabelText('Anmeldung ab *'), dayAhead(1));
  await user.type(screen.getByLabelText('Anmeldung bis *'), dayAhead(20));
  await user.type(screen.getByLabelText('Ort *'), 'Wien');
  if (link) await user.type(screen.getByLabelText('Link zur Anmeldung'), link);
  await user.type(screen.getByLabelText('Kontaktperson *'), 'Alois Brückl');
  await user.type(screen.getByLabelText('E-Mail *'), 'alois@example.org');
}

const currentStep = () => screen.getByRole('button', { current: 'step' });

describe('tournament form: date fields take any text without crashing', () => {
  it.each([
    ['Beginn', 30],
    ['Ende', 31],
    ['Anmeldung ab', 1],
    ['Anmeldung bis', 20],
  ])('typing 1, Backspace and pasting half and whole dates into %s', async (name, days) => {
    const user = userEvent.setup();
    renderForm();
    await fillGeneral(user);
    const label = `${name} *`;
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.keyboard('1');
    expect(screen.getByLabelText(label)).toHaveValue('1');
    await user.keyboard('{Backspace}');
    await user.paste('12.0');
    await user.keyboard('{Backspace}{Backspace}');
    await user.paste('31.02.2030');
    await user.clear(field);
    await user.paste(dayAhead(days));
    await user.keyboard('{Backspace}');
    // half a date is no date: the step is refused at this field, and no rule compares the text
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(currentStep()).toHaveTextContent('Allgemein');
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Ungültiges Datum (TT.MM.JJJJ)');
    expect(notify.error).toHaveBeenLastCalledWith(`${name}: Ungültiges Datum (TT.MM.JJJJ)`);
    // the whole date pasted: accepted, and the step moves on
    await user.clear(field);
    await user.paste(dayAhead(days));
    await waitFor(() => expect(screen.getByLabelText(label)).not.toHaveAccessibleDescription());
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(currentStep()).toHaveTextContent('Wettkampf');
  });

  it('keeps the registration bound when the end is being edited', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Ende *'), dayAhead(31));
    await user.type(screen.getByLabelText('Anmeldung bis *'), dayAhead(20));
    // Backspace in 'Ende' while editing: the registration bound must not be computed from '…202'
    await user.click(screen.getByLabelText('Ende *'));
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    await user.keyboard('{Backspace}'.repeat(7));
    expect(screen.getByLabelText('Anmeldung bis *')).toHaveValue(dayAhead(20));
  });
});

describe('tournament form: refusals name and show their field', () => {
  it('a refused Weiter marks the missing fields, and each loses its message once filled', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(screen.getByLabelText('Name *')).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText('Ort *')).toHaveAccessibleDescription(REQUIRED);
    await user.type(screen.getByLabelText('Name *'), 'Frühjahrsturnier');
    await user.type(screen.getByLabelText('Ort *'), 'Wien');
    await waitFor(() => expect(screen.getByLabelText('Name *')).not.toHaveAccessibleDescription(REQUIRED));
    expect(screen.getByLabelText('Ort *')).not.toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText('Kontaktperson *')).toHaveAccessibleDescription(REQUIRED);
  });

  it('refuses an invalid registration link on its own step, at the field', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillGeneral(user, { link: 'javascript:alert(1)' });
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(currentStep()).toHaveTextContent('Allgemein');
    expect(screen.getByLabelText('Link zur Anmeldung')).toHaveAccessibleDescription('Bitte eine gültige Adresse (https://…) eingeben');
    expect(notify.error).toHaveBeenCalledWith(expect.stringContaining('Link zur Anmeldung'));
  });

  it('neither sends nor checks the number of animals once the discipline is no longer 3D', async () => {
    const user = userEvent.setup();
    save.mockResolvedValue({ ok: true, data: { id: 77 } } as never);
    renderForm();
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(currentStep()).toHaveTextContent('Wettkampf');
    await choose(user, 'Disziplin *', '3D');
    await choose(user, 'Regelwerk *', 'WA');
    await user.type(screen.getByLabelText('Anzahl der Tiere'), '20');
    await choose(user, 'Disziplin *', 'Outdoor');
    expect(screen.queryByLabelText('Anzahl der Tiere')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Daten speichern?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0][0].values).toEqual(expect.objectContaining({ params: expect.objectContaining({ numberAnimals: null }) }));
  });

  it('a refused save opens the step holding the refused field and names it', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await choose(user, 'Disziplin *', '3D');
    await choose(user, 'Regelwerk *', 'WA');
    await user.type(screen.getByLabelText('Anzahl der Tiere'), '600');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Wettkampf'));
    expect(screen.getByLabelText('Anzahl der Tiere')).toHaveAccessibleDescription('Zu groß');
    expect(notify.error).toHaveBeenCalledWith('Anzahl der Tiere: Zu groß');
    expect(save).not.toHaveBeenCalled();
  });

  it('a refusal of the API shows its field on its step', async () => {
    const user = userEvent.setup();
    save.mockResolvedValue({
      ok: false,
      code: 'validation',
      message: 'Anzahl der Tiere: Zu groß',
      fieldErrors: { 'params.numberAnimals': 'Zu groß' },
    } as never);
    renderForm();
    await fillGeneral(user);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await choose(user, 'Disziplin *', '3D');
    await choose(user, 'Regelwerk *', 'WA');
    await user.type(screen.getByLabelText('Anzahl der Tiere'), '20');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Daten speichern?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(currentStep()).toHaveTextContent('Wettkampf'));
    expect(screen.getByLabelText('Anzahl der Tiere')).toHaveAccessibleDescription('Zu groß');
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('Anzahl der Tiere: Zu groß');
  });
});

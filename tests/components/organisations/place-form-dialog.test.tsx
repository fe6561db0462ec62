import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlaceFormDialog } from '@/components/organisations/place-form-dialog';
import { savePlace } from '@/components/organisations/actions';
import { notify } from '@/components/ui/toast';
import type { Place } from '@/lib/api/organisations';
import { renderWithIntl } from '../render-with-intl';

/** The place form: 'lat, lon' coordinates; opening hours, name and training offer required. */
jest.mock('../../../components/organisations/actions', () => ({ savePlace: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
const saveMock = savePlace as jest.MockedFunction<typeof savePlace>;

const stored: Place = {
  id: 111,
  orgId: 11,
  pname: 'Bogensportplatz Wiener Neustadt',
  address: 'Schulgasse 36',
  city: 'Wiener Neustadt',
  zip: '2700',
  lat: 47.791775,
  lon: 16.246476,
  params: { openingHours: 'Di, Do 18:00–21:00', training: ['Outdoor'] },
  updatedAt: '2026-11-21T08:47:41.886Z',
};

beforeEach(() => jest.clearAllMocks());

function renderForm(place: Place | null, onSaved = jest.fn()) {
  renderWithIntl(<PlaceFormDialog actingOrgId={11} orgId={11} place={place} open onClose={jest.fn()} onSaved={onSaved} />);
  const form = within(screen.getByRole('form'));
  return { form, onSaved, field: (label: string) => form.getByLabelText(label, { exact: true }) };
}

describe('PlaceFormDialog', () => {
  it("turns 'lat, lon' into numbers and saves a new place for the organisation", async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({ ok: true, data: { ...stored, id: 200 } });
    const { field, onSaved } = renderForm(null);
    await user.type(field('Name *'), 'Halle Neu');
    await user.type(field('Koordinaten (lat, lon)'), ' 48.2082 ,16.3738 ');
    await user.type(field('Öffnungszeiten *'), 'Mo 18–20');
    await user.click(field('Indoor'));
    await user.click(field('3D'));
    await user.click(screen.getByRole('button', { name: 'Trainingsstätte speichern' }));
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    const [{ actingOrgId, values: input }] = saveMock.mock.calls[0];
    expect(actingOrgId).toBe(11);
    expect(input).toMatchObject({
      orgId: 11,
      pname: 'Halle Neu',
      lat: 48.2082,
      lon: 16.3738,
      params: { openingHours: 'Mo 18–20', training: ['Indoor', '3D'] },
    });
    expect(input).not.toHaveProperty('id');
    expect(notify.success).toHaveBeenCalledWith('Trainingsstätte gespeichert');
    expect(onSaved).toHaveBeenCalled();
  });

  it.each(['48.2', 'abc, def', '91, 16', '48.2, 181', '48,2 16,3'])('refuses malformed coordinates %p', async (text) => {
    const user = userEvent.setup();
    const { field, form } = renderForm(null);
    await user.type(field('Name *'), 'Halle');
    await user.type(field('Öffnungszeiten *'), 'Mo');
    await user.click(field('Feld'));
    await user.type(field('Koordinaten (lat, lon)'), text);
    await user.click(screen.getByRole('button', { name: 'Trainingsstätte speichern' }));
    expect(await form.findByText('Koordinaten als „lat, lon“ eingeben, z. B. 48.2082, 16.3738')).toBeInTheDocument();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('requires name, opening hours and a training offer', async () => {
    const user = userEvent.setup();
    const { form } = renderForm(null);
    await user.click(screen.getByRole('button', { name: 'Trainingsstätte speichern' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Bitte füllen Sie das erforderliche Feld aus!'));
    expect(form.getAllByText('Pflichtfeld')).toHaveLength(3);
    expect(saveMock).not.toHaveBeenCalled();
  });

  it("edits a stored place: shows its coordinates as 'lat, lon', clears them when emptied, sends its version", async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({ ok: true, data: stored });
    const { field } = renderForm(stored);
    expect(field('Koordinaten (lat, lon)')).toHaveValue('47.791775, 16.246476');
    expect(field('Outdoor')).toBeChecked();
    await user.clear(field('Koordinaten (lat, lon)'));
    await user.click(screen.getByRole('button', { name: 'Trainingsstätte speichern' }));
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    expect(saveMock.mock.calls[0][0].values).toMatchObject({ id: 111, updatedAt: stored.updatedAt, lat: null, lon: null });
  });

  it("shows the API's refusal of a coordinate under the coordinates field", async () => {
    const user = userEvent.setup();
    saveMock.mockResolvedValue({
      ok: false,
      message: 'Fehlgeschlagen',
      code: 'validation',
      fieldErrors: { coordinates: 'Koordinaten als „lat, lon“ eingeben, z. B. 48.2082, 16.3738' },
    });
    const { field, form } = renderForm(stored);
    await user.click(screen.getByRole('button', { name: 'Trainingsstätte speichern' }));
    expect(await form.findByText('Koordinaten als „lat, lon“ eingeben, z. B. 48.2082, 16.3738')).toBeInTheDocument();
    expect(field('Koordinaten (lat, lon)')).toHaveAttribute('aria-invalid', 'true');
  });
});

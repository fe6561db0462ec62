import Link from 'next/link';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DateField } from '@/components/ui/date-field';
import { EditActions } from '@/components/ui/edit-actions';
import { Input } from '@/components/ui/input';
import { useRecordEditor } from '@/components/ui/hooks/use-record-editor';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { notify } from '@/components/ui/toast';
import type { ActionResult } from '@/lib/api/action-result';
import { renderWithIntl } from '../../render-with-intl';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));
jest.mock('../../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), warning: jest.fn(), info: jest.fn() },
}));

const schema = z.object({ name: z.string().min(1, 'Pflichtfeld'), since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Ungültiges Datum') });
type Values = z.infer<typeof schema>;
const stored: Values = { name: 'BSV Baden', since: '1990-05-01' };

function Editor({ save, version = 'v1' }: { save: (v: Values) => Promise<ActionResult<unknown>>; version?: string }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: stored });
  const editor = useRecordEditor({
    form,
    values: stored,
    version,
    isNew: false,
    draftKey: '/form/O1/F50/7',
    firstField: 'name',
    save: (v) => save(v),
  });
  return (
    <div>
      {editor.confirmElement}
      <EditActions
        canEdit
        editing={editor.editing}
        busy={editor.busy}
        onEdit={editor.startEdit}
        onSave={() => void editor.save()}
        onCancel={editor.cancel}
      />
      <fieldset disabled={!editor.editing} key={editor.fieldsKey}>
        <Input label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
        <Controller
          control={form.control}
          name="since"
          render={({ field, fieldState }) => (
            <DateField label="Seit" value={field.value} onChange={(v) => field.onChange(v ?? '')} error={fieldState.error?.message} />
          )}
        />
      </fieldset>
      <Link href="/form/O1/F50/8">Anderer Verein</Link>
    </div>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const confirmDialog = (name: string | RegExp) => screen.findByRole('alertdialog', { name });

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

describe('useRecordEditor with EditActions', () => {
  it("shows the record read-only; 'Bearbeiten' edits and puts focus on the first field", async () => {
    const user = userEvent.setup();
    renderWithIntl(<Editor save={jest.fn()} />);
    expect(screen.getByLabelText('Name')).toBeDisabled();
    await user.click(button('Bearbeiten'));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it("'Abbrechen' restores the stored values, reloads, and gives focus back to 'Bearbeiten'", async () => {
    const user = userEvent.setup();
    renderWithIntl(<Editor save={jest.fn()} />);
    await user.click(button('Bearbeiten'));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Anders');
    await user.click(button('Abbrechen'));
    expect(screen.getByLabelText('Name')).toHaveValue('BSV Baden');
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(router.refresh).toHaveBeenCalled();
    await waitFor(() => expect(button('Bearbeiten')).toHaveFocus());
  });

  it("asks 'Daten speichern?': Nein saves nothing, Ja saves the typed values and leaves edit mode", async () => {
    const user = userEvent.setup();
    const save = jest.fn(async () => ({ ok: true as const, data: { message: 'Erfolgreich gespeichert' } }));
    renderWithIntl(<Editor save={save} />);
    await user.click(button('Bearbeiten'));
    await user.type(screen.getByLabelText('Name'), ' 1925');
    await user.click(button('Speichern'));
    await user.click(within(await confirmDialog('Daten speichern?')).getByRole('button', { name: 'Nein' }));
    expect(save).not.toHaveBeenCalled();
    await user.click(button('Speichern'));
    await user.click(within(await confirmDialog('Daten speichern?')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'BSV Baden 1925', since: '1990-05-01' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toBeDisabled());
    expect(notify.success).toHaveBeenCalledWith('Erfolgreich gespeichert');
  });

  it('shows a refusal under its field and stays in edit mode', async () => {
    const user = userEvent.setup();
    const save = jest.fn(async () => ({
      ok: false as const,
      message: 'Speichern fehlgeschlagen',
      code: 'unique',
      fieldErrors: { name: 'Name vergeben' },
    }));
    renderWithIntl(<Editor save={save} />);
    await user.click(button('Bearbeiten'));
    await user.click(button('Speichern'));
    await user.click(within(await confirmDialog('Daten speichern?')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name vergeben'));
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(notify.error).toHaveBeenCalledWith('Speichern fehlgeschlagen');
  });

  it('does not ask or save while the date field shows text it refused (the form sees that text)', async () => {
    const user = userEvent.setup();
    const save = jest.fn();
    renderWithIntl(<Editor save={save} />);
    await user.click(button('Bearbeiten'));
    await user.clear(screen.getByLabelText('Seit'));
    await user.type(screen.getByLabelText('Seit'), '31.02.2020');
    await user.click(button('Speichern'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Seit')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the typed data when the session ended and restores it after signing in again', async () => {
    const user = userEvent.setup();
    const save = jest.fn(async () => ({ ok: false as const, message: 'Ihre Sitzung ist abgelaufen.', code: 'session_ended' }));
    const { unmount } = renderWithIntl(<Editor save={save} />);
    await user.click(button('Bearbeiten'));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Getippt');
    await user.click(button('Speichern'));
    await user.click(within(await confirmDialog('Daten speichern?')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(expect.stringMatching(/^\/admin\/\?expired=1&next=/)));
    expect(notify.error).toHaveBeenCalledWith('Ihre Sitzung ist abgelaufen.', expect.anything());
    unmount();

    // signed in again, the same record opens: the typed data is back, in edit mode
    renderWithIntl(<Editor save={save} />);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Getippt'));
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(notify.info).toHaveBeenCalled();
  });

  it('does not restore a draft on top of a record someone changed meanwhile', async () => {
    sessionStorage.setItem(
      'draft:/form/O1/F50/7',
      JSON.stringify({ values: { name: 'Alt', since: '1990-05-01' }, basedOn: 'v1', savedAt: Date.now() }),
    );
    renderWithIntl(<Editor save={jest.fn()} version="v2" />);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByLabelText('Name')).toHaveValue('BSV Baden');
    expect(screen.getByLabelText('Name')).toBeDisabled();
  });

  it("asks 'Ungespeicherte Änderungen verwerfen?' before another record opens through a link", async () => {
    const user = userEvent.setup();
    renderWithIntl(<Editor save={jest.fn()} />);
    await user.click(button('Bearbeiten'));
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('link', { name: 'Anderer Verein' }));
    await user.click(within(await confirmDialog('Ungespeicherte Änderungen verwerfen?')).getByRole('button', { name: 'Nein' }));
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('BSV Badenx');

    await user.click(screen.getByRole('link', { name: 'Anderer Verein' }));
    await user.click(within(await confirmDialog('Ungespeicherte Änderungen verwerfen?')).getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/form/O1/F50/8'));
  });
});

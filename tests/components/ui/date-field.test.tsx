import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField } from '@/components/ui/date-field';
import { Dialog } from '@/components/ui/dialog';
import { renderWithIntl } from '../render-with-intl';

function Harness({
  initial = null,
  onChange,
  min,
  max,
}: {
  initial?: string | null;
  onChange: (iso: string | null) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField
        label="Geburtsdatum"
        name="birthDate"
        value={value}
        min={min}
        max={max}
        onChange={(iso) => {
          setValue(iso);
          onChange(iso);
        }}
      />
      <output data-testid="value">{value ?? 'leer'}</output>
      <button type="button" onClick={() => setValue('1999-12-24')}>
        Laden
      </button>
    </>
  );
}

describe('DateField', () => {
  it('shows an ISO value as DD.MM.YYYY', () => {
    renderWithIntl(<Harness initial="1990-03-07" onChange={jest.fn()} />);
    expect(screen.getByLabelText('Geburtsdatum')).toHaveValue('07.03.1990');
    expect(screen.getByPlaceholderText('TT.MM.JJJJ')).toBe(screen.getByLabelText('Geburtsdatum'));
  });

  it('emits YYYY-MM-DD for a typed DD.MM.YYYY and submits it under its name', async () => {
    const onChange = jest.fn();
    const { container } = renderWithIntl(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Geburtsdatum'), '15.03.2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-03-15');
    expect(onChange.mock.calls.filter(([v]) => /^\d{4}-/.test(v))).toEqual([['2024-03-15']]);
    expect(container.querySelector('input[type="hidden"][name="birthDate"]')).toHaveValue('2024-03-15');
  });

  it('tidies a short date on blur', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Geburtsdatum');
    await userEvent.type(input, '1.2.2024');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('2024-02-01');
    expect(input).toHaveValue('01.02.2024');
  });

  it('rejects 31.02.2024 with an error and hands the form the refused text, never a date', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Harness initial="2024-01-10" onChange={onChange} />);
    const input = screen.getByLabelText('Geburtsdatum');
    await userEvent.clear(input);
    onChange.mockClear();
    await userEvent.type(input, '31.02.2024');
    expect(onChange).toHaveBeenLastCalledWith('31.02.2024');
    expect(onChange.mock.calls.some(([v]) => /^\d{4}-/.test(v))).toBe(false);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ungültiges Datum (TT.MM.JJJJ)');
    expect((input as HTMLInputElement).validity.valid).toBe(false);
  });

  it('flags garbage on blur', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Geburtsdatum');
    await userEvent.type(input, '12.3');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('Ungültiges Datum (TT.MM.JJJJ)');
    expect(onChange).toHaveBeenLastCalledWith('12.3');
  });

  it('rejects dates before min and after max', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Harness onChange={onChange} min="2026-01-01" max="2026-12-31" />);
    const input = screen.getByLabelText('Geburtsdatum');

    await userEvent.type(input, '31.12.2025');
    expect(input).toHaveAccessibleDescription('Das Datum darf nicht vor dem 01.01.2026 liegen');
    await userEvent.clear(input);
    await userEvent.type(input, '01.01.2027');
    expect(input).toHaveAccessibleDescription('Das Datum darf nicht nach dem 31.12.2026 liegen');
    expect(onChange).not.toHaveBeenCalledWith('2025-12-31');
    expect(onChange).not.toHaveBeenCalledWith('2027-01-01');

    await userEvent.clear(input);
    await userEvent.type(input, '31.12.2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-31');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('emits null when emptied', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Harness initial="2024-05-01" onChange={onChange} />);
    await userEvent.clear(screen.getByLabelText('Geburtsdatum'));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByTestId('value')).toHaveTextContent('leer');
  });

  it('shows a value the owner loads later', async () => {
    renderWithIntl(<Harness onChange={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Laden' }));
    expect(screen.getByLabelText('Geburtsdatum')).toHaveValue('24.12.1999');
  });

  it('takes a date from a German calendar (Monday first) and gives focus back to the field', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Harness initial="2025-06-15" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
    const calendar = await screen.findByRole('dialog', { name: 'Kalender' });
    // the weekday row is hidden from assistive technology (each day names its weekday): read the cells
    const weekdays = [...calendar.querySelectorAll('.rdp-weekday')].map((h) => h.getAttribute('aria-label'));
    expect(weekdays.slice(0, 2)).toEqual(['Montag', 'Dienstag']);
    await userEvent.click(within(calendar).getByRole('button', { name: /30\. Juni 2025/ }));
    expect(onChange).toHaveBeenLastCalledWith('2025-06-30');
    expect(screen.getByLabelText('Geburtsdatum')).toHaveValue('30.06.2025');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kalender' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Geburtsdatum')).toHaveFocus();
  });

  it('speaks English with the English interface', async () => {
    renderWithIntl(<Harness initial="2025-06-15" onChange={jest.fn()} />, 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(calendar.querySelector('.rdp-weekday')).toHaveAttribute('aria-label', 'Monday');
    expect(within(calendar).getByRole('button', { name: /June 30(th)?, 2025|30 June 2025/ })).toBeInTheDocument();
  });

  it('closes only the picker on Escape inside a dialog', async () => {
    function InDialog() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen} title="Funktion">
          <DateField label="Von" value="2025-06-15" onChange={jest.fn()} />
        </Dialog>
      );
    }
    renderWithIntl(<InDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
    await screen.findByRole('dialog', { name: 'Kalender' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kalender' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Funktion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Von')).toHaveFocus();
  });

  it('shows an error passed in by the form', () => {
    renderWithIntl(<DateField label="Ende" value={null} onChange={jest.fn()} error="Bitte füllen Sie das erforderliche Feld aus!" />);
    expect(screen.getByLabelText('Ende')).toHaveAccessibleDescription('Bitte füllen Sie das erforderliche Feld aus!');
  });
});

import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from '@/components/ui/select';
import { renderWithIntl } from '../render-with-intl';

const genders = [
  { value: 'm', label: 'männlich' },
  { value: 'f', label: 'weiblich' },
  { value: 'x', label: 'divers', disabled: true },
];

function Controlled({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Geschlecht"
      placeholder="Bitte wählen"
      options={genders}
      value={value}
      name="gender"
      onValueChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('Select', () => {
  it('shows the placeholder, then the picked option', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Controlled onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Geschlecht' });
    expect(trigger).toHaveTextContent('Bitte wählen');

    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'weiblich' }));

    expect(onChange).toHaveBeenCalledWith('f');
    expect(screen.getByRole('combobox', { name: 'Geschlecht' })).toHaveTextContent('weiblich');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('does not pick a disabled option', async () => {
    const onChange = jest.fn();
    renderWithIntl(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Geschlecht' }));
    const divers = await screen.findByRole('option', { name: 'divers' });
    expect(divers).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(divers);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('cannot be opened when disabled', async () => {
    renderWithIntl(<Select label="Land" options={genders} disabled />);
    const trigger = screen.getByRole('combobox', { name: 'Land' });
    expect(trigger).toBeDisabled();
    await userEvent.click(trigger);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('works uncontrolled and submits its value under its name', async () => {
    const { container } = renderWithIntl(
      <form>
        <Select
          label="Sprache"
          name="lang"
          defaultValue="de"
          options={[
            { value: 'de', label: 'Deutsch' },
            { value: 'en', label: 'English' },
          ]}
        />
      </form>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Sprache' });
    expect(trigger).toHaveTextContent('Deutsch');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'English' }));
    expect(trigger).toHaveTextContent('English');
    expect(new FormData(container.querySelector('form')!).get('lang')).toBe('en');
  });

  it('shows its error', () => {
    renderWithIntl(<Select label="Land" options={genders} error="Bitte füllen Sie das erforderliche Feld aus!" />);
    expect(screen.getByRole('combobox', { name: 'Land' })).toHaveAccessibleDescription('Bitte füllen Sie das erforderliche Feld aus!');
  });
});

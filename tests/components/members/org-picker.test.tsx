import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrgPicker } from '@/components/members/org-picker';
import { renderWithIntl as renderIntl } from '../render-with-intl';
import { targetOrgs } from './fixtures';

function Picker({ onChange = () => undefined, initial = null }: { onChange?: (id: number) => void; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <OrgPicker
        label="Verein *"
        orgs={targetOrgs}
        value={value}
        onChange={(id) => {
          setValue(id);
          onChange(id);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

const optionNames = () => screen.getAllByRole('option').map((o) => within(o).getAllByText(/./)[0].textContent);

describe('OrgPicker', () => {
  it('lists every organisation when focused and filters as the user types, ignoring umlauts and case', async () => {
    const user = userEvent.setup();
    renderIntl(<Picker />);
    const field = screen.getByRole('combobox', { name: 'Verein *' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(field);
    expect(screen.getAllByRole('option')).toHaveLength(targetOrgs.length);

    await user.type(field, 'polten');
    expect(optionNames()).toEqual(['Union Bogenschützen St. Pölten']);
    await user.clear(field);
    await user.type(field, 'st. bogensch');
    expect(optionNames()).toEqual(['Pongauer Bogenschützen St. Johann', 'Union Bogenschützen St. Pölten']);
  });

  it('finds an organisation by its short name or BSO number, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderIntl(<Picker />);
    const field = screen.getByRole('combobox', { name: 'Verein *' });
    await user.type(field, 'BSV WN');
    expect(optionNames()).toEqual(['BSV Wiener Neustadt']);
    await user.clear(field);
    await user.type(field, '5034');
    expect(optionNames()).toEqual(['Pongauer Bogenschützen St. Johann']);
    await user.clear(field);
    await user.type(field, 'Graz');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('Keine Organisation gefunden')).toBeInTheDocument();
  });

  it('takes a click: the field then shows the chosen organisation and the list closes', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderIntl(<Picker onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Verein *' });
    await user.type(field, 'pölten');
    await user.click(screen.getByRole('option', { name: /^Union Bogenschützen St\. Pölten/ }));
    expect(onChange).toHaveBeenCalledWith(12);
    expect(field).toHaveValue('Union Bogenschützen St. Pölten');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('is usable with the keyboard: arrows move, Enter picks', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderIntl(<Picker onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Verein *' });
    await user.type(field, 'bogenschutzen');
    expect(field).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0].id);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1].id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(12);
    expect(field).toHaveValue('Union Bogenschützen St. Pölten');
  });

  it('keeps the chosen organisation when the user types something and leaves', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderIntl(<Picker onChange={onChange} initial={11} />);
    const field = screen.getByRole('combobox', { name: 'Verein *' });
    expect(field).toHaveValue('BSV Wiener Neustadt');
    await user.click(field);
    expect(screen.getByRole('option', { name: /^BSV Wiener Neustadt/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('xyz');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(field).toHaveValue('BSV Wiener Neustadt');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('starts a new search when the user types on after picking', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderIntl(<Picker onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Verein *' });
    await user.type(field, 'neustadt{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(11);
    await user.type(field, 'pongau');
    expect(optionNames()).toEqual(['Pongauer Bogenschützen St. Johann']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(34);
    expect(field).toHaveValue('Pongauer Bogenschützen St. Johann');
  });
});

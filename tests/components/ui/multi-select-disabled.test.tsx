import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiSelect } from '@/components/ui/multi-select';
import { renderWithIntl } from '../render-with-intl';

/* A disabled multi-select (a sent message's recipients) still scrolls with the keyboard. */

const options = Array.from({ length: 30 }, (_, i) => ({ value: i + 1, label: `Gruppe ${i + 1}` }));

it('lets the keyboard reach the scrolling list of a disabled multi-select, named by its label', () => {
  renderWithIntl(<MultiSelect label="Empfängergruppen" options={options} value={[2, 5]} onChange={jest.fn()} disabled filterFrom={100} />);
  // in the tab order (user-event's tab skips everything inside a disabled fieldset; browsers only skip its controls)
  const list = screen.getByRole('list', { name: 'Empfängergruppen' });
  expect(list).toHaveAttribute('tabindex', '0');
  list.focus();
  expect(list).toHaveFocus();
  expect(screen.getByRole('checkbox', { name: 'Gruppe 2' })).toBeDisabled();
  expect(screen.getByRole('checkbox', { name: 'Gruppe 2' })).toBeChecked();
});

it('adds no extra tab stop while the checkboxes can be used', async () => {
  const user = userEvent.setup();
  renderWithIntl(<MultiSelect label="Empfängergruppen" options={options} value={[]} onChange={jest.fn()} filterFrom={100} />);
  await user.tab();
  expect(screen.getByRole('checkbox', { name: 'Gruppe 1' })).toHaveFocus();
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from '@/components/ui/tabs';
import { renderWithIntl } from '../render-with-intl';

const items = [
  { value: 'personal', label: 'Persönliche Daten', content: <p>Vorname und Nachname</p> },
  { value: 'training', label: 'Ausbildung', content: <p>Safety First</p>, disabled: true },
  { value: 'functions', label: 'Funktionen und Lizenzen', content: <p>Lizenz 2026</p> },
];

describe('Tabs', () => {
  it('shows the first tab and switches content on click', async () => {
    const onValueChange = jest.fn();
    renderWithIntl(<Tabs items={items} label="Mitglied" onValueChange={onValueChange} />);
    expect(screen.getByRole('tablist', { name: 'Mitglied' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Persönliche Daten' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Vorname und Nachname')).toBeVisible();
    expect(screen.queryByText('Lizenz 2026')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Funktionen und Lizenzen' }));
    expect(onValueChange).toHaveBeenCalledWith('functions');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lizenz 2026');
    expect(screen.queryByText('Vorname und Nachname')).not.toBeInTheDocument();
  });

  it('does not open a disabled tab', async () => {
    renderWithIntl(<Tabs items={items} />);
    const training = screen.getByRole('tab', { name: 'Ausbildung' });
    expect(training).toBeDisabled();
    await userEvent.click(training);
    expect(screen.queryByText('Safety First')).not.toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Vorname und Nachname');
  });

  it('follows a controlled value', () => {
    const { rerender } = renderWithIntl(<Tabs items={items} value="functions" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Lizenz 2026');
    rerender(<Tabs items={items} value="personal" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Vorname und Nachname');
  });
});

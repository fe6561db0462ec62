import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SegmentedControl } from '@/components/ui/segmented-control';

const options = [
  { value: 'list', label: 'Liste' },
  { value: 'table', label: 'Tabelle' },
] as const;

describe('SegmentedControl', () => {
  it('is disabled in the page as the server sends it, so a click before the page is ready is not lost', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<SegmentedControl label="Ansicht" value="list" options={options} onChange={() => {}} />);
    const buttons = [...host.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Liste', 'Tabelle']);
    expect(buttons.every((b) => b.disabled)).toBe(true);
  });

  it('in the browser: choosing another option calls onChange, the chosen one again does nothing', async () => {
    const onChange = jest.fn();
    render(<SegmentedControl label="Ansicht" value="list" options={options} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Ansicht' });
    expect(screen.getByRole('button', { name: 'Tabelle' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Liste' }));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Tabelle' }));
    expect(onChange).toHaveBeenCalledWith('table');
    expect(group).toBeInTheDocument();
  });

  it('stays disabled when told so', () => {
    render(<SegmentedControl label="Sprache" value="de" options={[{ value: 'de', label: 'DE' }]} onChange={() => {}} disabled />);
    expect(screen.getByRole('button', { name: 'DE' })).toBeDisabled();
  });
});

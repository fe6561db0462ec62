import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListSearch } from '@/components/ui/list-search';

function Searching({ onSearch }: { onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <ListSearch
      label="Suche"
      value={text}
      onSearch={(t) => {
        setText(t);
        onSearch(t);
      }}
    />
  );
}

describe('ListSearch', () => {
  it('is read-only in the page as the server sends it, so nothing is typed that no search would follow', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<ListSearch label="Suche" value="" onSearch={() => {}} />);
    const box = host.querySelector('input')!;
    expect(box.type).toBe('search');
    expect(box.getAttribute('aria-label')).toBe('Suche');
    expect(box.readOnly).toBe(true);
  });

  it('in the browser: each keystroke, Backspace and names outside ASCII reach onSearch', async () => {
    const onSearch = jest.fn();
    render(<Searching onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Suche' });
    expect(box).not.toHaveAttribute('readonly');
    await userEvent.type(box, 'Kovač');
    expect(onSearch).toHaveBeenLastCalledWith('Kovač');
    await userEvent.type(box, '{Backspace}');
    expect(onSearch).toHaveBeenLastCalledWith('Kova');
    expect(box).toHaveValue('Kova');
  });
});

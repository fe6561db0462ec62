import { screen } from '@testing-library/react';
import { Avatar, initialsOf } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { renderWithIntl } from '../render-with-intl';

describe('Avatar', () => {
  it('shows the initials at the given size when there is no picture', () => {
    renderWithIntl(<Avatar name="Anna Maria Huber" size={200} />);
    const avatar = screen.getByRole('img', { name: 'Anna Maria Huber' });
    expect(avatar).toHaveTextContent('AH');
    expect(avatar.parentElement).toHaveStyle({ width: '200px', height: '200px' });
  });

  it('makes initials from one name or none', () => {
    expect(initialsOf('madonna')).toBe('M');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('Jürgen Öller')).toBe('JÖ');
  });
});

describe('Card', () => {
  it('shows its title, actions and content', () => {
    renderWithIntl(
      <Card title="Profil" actions={<button type="button">Bearbeiten</button>}>
        <p>Inhalt</p>
      </Card>,
    );
    expect(screen.getByRole('heading', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bearbeiten' })).toBeInTheDocument();
    expect(screen.getByText('Inhalt')).toBeInTheDocument();
  });
});

describe('Spinner', () => {
  it('is announced only when it has a label', () => {
    const { rerender } = renderWithIntl(<Spinner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<Spinner label="Wird geladen …" />);
    expect(screen.getByRole('status', { name: 'Wird geladen …' })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonVariants } from '@/components/ui/button';
import { renderWithIntl } from '../render-with-intl';

describe('Button', () => {
  it('calls onClick when pressed', async () => {
    const onClick = jest.fn();
    renderWithIntl(<Button onClick={onClick}>Speichern</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled and busy while loading, so a second click does nothing', async () => {
    const onClick = jest.fn();
    renderWithIntl(
      <Button loading onClick={onClick}>
        Speichern
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Speichern' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('does not submit a form unless it is a submit button', async () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderWithIntl(
      <form onSubmit={onSubmit}>
        <Button variant="ghost">Abbrechen</Button>
        <Button type="submit" variant="danger">
          Löschen
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('as a link (asChild) stays a link and looks like the button', () => {
    renderWithIntl(
      <Button asChild variant="secondary" size="sm">
        <a href="/admin/export.csv">Exportieren</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Exportieren' });
    expect(link).toHaveAttribute('href', '/admin/export.csv');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(link.className).toBe(buttonVariants({ variant: 'secondary', size: 'sm' }));
  });
});

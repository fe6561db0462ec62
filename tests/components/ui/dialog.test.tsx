import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { renderWithIntl } from '../render-with-intl';

function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <Button onClick={() => change(true)}>Neues Mitglied</Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title="Mitglied anlegen"
        description="Stammdatensatz verbinden oder neu anlegen"
        footer={<Button onClick={() => change(false)}>Fertig</Button>}
      >
        <p>Inhalt des Dialogs</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens with its title, description, content and footer', async () => {
    renderWithIntl(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Neues Mitglied' }));
    const dialog = screen.getByRole('dialog', { name: 'Mitglied anlegen' });
    expect(dialog).toHaveAccessibleDescription('Stammdatensatz verbinden oder neu anlegen');
    expect(screen.getByText('Inhalt des Dialogs')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fertig' })).toBeInTheDocument();
  });

  it('closes with the close button and with Escape', async () => {
    const onOpenChange = jest.fn();
    renderWithIntl(<Harness onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Neues Mitglied' }));
    await userEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);

    await userEvent.click(screen.getByRole('button', { name: 'Neues Mitglied' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

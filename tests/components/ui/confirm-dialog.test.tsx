import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog, useConfirm } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { renderWithIntl } from '../render-with-intl';

function SaveForm({ onAnswer, onSave }: { onAnswer: (answer: boolean) => void; onSave: () => void }) {
  const [confirmElement, confirm] = useConfirm();
  return (
    <>
      <Button
        onClick={async () => {
          const answer = await confirm('Daten speichern?');
          onAnswer(answer);
          if (answer) onSave();
        }}
      >
        Speichern
      </Button>
      {confirmElement}
    </>
  );
}

describe('useConfirm', () => {
  it('takes focus (Ja), keeps Tab inside and gives focus back to the button on Nein', async () => {
    const onAnswer = jest.fn();
    renderWithIntl(<SaveForm onAnswer={onAnswer} onSave={jest.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Speichern' });
    await userEvent.click(trigger);

    const yes = screen.getByRole('button', { name: 'Ja' });
    const no = screen.getByRole('button', { name: 'Nein' });
    await waitFor(() => expect(yes).toHaveFocus());
    await userEvent.tab();
    expect([yes, no]).toContainEqual(document.activeElement);
    await userEvent.tab();
    expect([yes, no]).toContainEqual(document.activeElement);
    await userEvent.keyboard('{Escape}');

    expect(onAnswer).toHaveBeenCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('focuses Nein first when the answer destroys something', async () => {
    function DeleteButton() {
      const [element, confirm] = useConfirm();
      return (
        <>
          <Button onClick={() => void confirm('Löschen?', { tone: 'danger' })}>Löschen</Button>
          {element}
        </>
      );
    }
    renderWithIntl(<DeleteButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Nein' })).toHaveFocus());
  });

  it('resolves true on Ja and the save runs', async () => {
    const onAnswer = jest.fn();
    const onSave = jest.fn();
    renderWithIntl(<SaveForm onAnswer={onAnswer} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(screen.getByRole('alertdialog', { name: 'Daten speichern?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ja' }));

    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith(true);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('resolves false on Nein and nothing is saved', async () => {
    const onAnswer = jest.fn();
    const onSave = jest.fn();
    renderWithIntl(<SaveForm onAnswer={onAnswer} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await userEvent.click(screen.getByRole('button', { name: 'Nein' }));

    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenCalledWith(false);
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('resolves false on Escape', async () => {
    const onAnswer = jest.fn();
    const onSave = jest.fn();
    renderWithIntl(<SaveForm onAnswer={onAnswer} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await userEvent.keyboard('{Escape}');
    expect(onAnswer).toHaveBeenCalledWith(false);
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog', () => {
  function Controlled({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog
        open={open}
        title="Mitglied löschen"
        message="Soll Anna Huber gelöscht werden?"
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
        onCancel={() => {
          setOpen(false);
          onCancel();
        }}
      />
    );
  }

  it('answers Ja exactly once, never also as Nein', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithIntl(<Controlled onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Mitglied löschen' });
    expect(dialog).toHaveAccessibleDescription('Soll Anna Huber gelöscht werden?');
    await userEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('answers Nein exactly once', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithIntl(<Controlled onConfirm={onConfirm} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Nein' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { renderWithIntl } from '../render-with-intl';

describe('Input', () => {
  it('is found by its label and accepts typing', async () => {
    renderWithIntl(<Input label="E-Mail" name="email" />);
    const input = screen.getByLabelText('E-Mail');
    await userEvent.type(input, 'a@b.at');
    expect(input).toHaveValue('a@b.at');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error under the input and links it', () => {
    renderWithIntl(<Input label="E-Mail" error="Ungültige E-Mail angegeben!" />);
    const input = screen.getByLabelText('E-Mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ungültige E-Mail angegeben!');
  });
});

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed, then hides it again', async () => {
    renderWithIntl(<PasswordInput label="Passwort" defaultValue="Geheim1!" />);
    const input = screen.getByLabelText('Passwort');
    expect(input).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Geheim1!');

    await userEvent.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows its error message', () => {
    renderWithIntl(<PasswordInput label="Neues Passwort" error="Dieses Feld darf nicht leer sein!" />);
    expect(screen.getByLabelText('Neues Passwort')).toHaveAccessibleDescription('Dieses Feld darf nicht leer sein!');
  });
});

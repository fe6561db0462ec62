import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordForm } from '@/components/profile/change-password-form';
import { changePassword } from '@/components/profile/actions';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

jest.mock('../../../components/profile/actions', () => ({ changePassword: jest.fn() }));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
const changeMock = changePassword as jest.MockedFunction<typeof changePassword>;

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

const field = (label: string) => screen.getByLabelText(label);

describe('ChangePasswordForm', () => {
  it("shows 'This field must not be empty!' for every empty field (English)", async () => {
    renderWithIntl(<ChangePasswordForm />, 'en');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findAllByText('This field must not be empty!')).toHaveLength(3);
    expect(changeMock).not.toHaveBeenCalled();
  });

  it("says 'passwords are different' when the repeat does not match", async () => {
    const user = userEvent.setup();
    renderWithIntl(<ChangePasswordForm />, 'en');
    await user.type(field('Old password'), 'Bogen2026!');
    await user.type(field('New password'), 'Pfeil2027?');
    await user.type(field('Repeat new password'), 'Pfeil2027!');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('passwords are different')).toBeInTheDocument();
    expect(changeMock).not.toHaveBeenCalled();
  });

  it('refuses a new password equal to the old one', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ChangePasswordForm />, 'de');
    await user.type(field('Altes Passwort'), 'Bogen2026!');
    await user.type(field('Neues Passwort'), 'Bogen2026!');
    await user.type(field('Neues Passwort wiederholen'), 'Bogen2026!');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText('Das neue Passwort muss sich vom alten unterscheiden')).toBeInTheDocument();
    expect(changeMock).not.toHaveBeenCalled();
  });

  it('shows the rules and marks the ones a password meets', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ChangePasswordForm />, 'en');
    const rules = screen.getByRole('list', { name: /8 to 32 characters, upper and lower case/ });
    expect(rules).toHaveTextContent('8 to 32 characters');
    expect(rules).toHaveTextContent('upper and lower case');
    expect(rules).toHaveTextContent('at least one digit or special character');

    await user.type(field('New password'), 'abcdefgh');
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-met'))).toEqual(['true', 'false', 'false']);

    await user.clear(field('New password'));
    await user.type(field('New password'), 'Abcdefg1');
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-met'))).toEqual(['true', 'true', 'true']);
  });

  it('refuses a password breaking a rule with the rule as message', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ChangePasswordForm />, 'en');
    await user.type(field('Old password'), 'Bogen2026!');
    await user.type(field('New password'), 'pfeil2027?');
    await user.type(field('Repeat new password'), 'pfeil2027?');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    const input = field('New password');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    // the field's own error (a paragraph), not just the rules list
    expect(screen.getByText('upper and lower case', { selector: 'p' })).toBeInTheDocument();
    expect(changeMock).not.toHaveBeenCalled();
  });

  it("toasts 'Neues Passwort gespeichert!' and disables the button for 2 s", async () => {
    jest.useFakeTimers();
    changeMock.mockResolvedValue({ ok: true, data: null });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithIntl(<ChangePasswordForm />, 'de');
    await user.type(field('Altes Passwort'), 'Bogen2026!');
    await user.type(field('Neues Passwort'), 'Pfeil2027?');
    await user.type(field('Neues Passwort wiederholen'), 'Pfeil2027?');
    const button = screen.getByRole('button', { name: 'Passwort speichern' });
    await user.click(button);

    // flush the submit's promises without letting time pass (waitFor would advance the fake clock)
    for (let i = 0; i < 10; i += 1) await act(async () => undefined);
    expect(notify.success).toHaveBeenCalledWith('Neues Passwort gespeichert!');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(changeMock).toHaveBeenCalledWith({ oldPassword: 'Bogen2026!', newPassword: 'Pfeil2027?', repeat: 'Pfeil2027?' });
    expect(button).toBeDisabled();
    act(() => jest.advanceTimersByTime(1900));
    expect(button).toBeDisabled();
    act(() => jest.advanceTimersByTime(200));
    expect(button).toBeEnabled();
  });

  it("toasts 'Fehler!' and marks the old password when the API refuses it", async () => {
    changeMock.mockResolvedValue({ ok: false, message: 'Fehler!', fieldErrors: { oldPassword: 'Das alte Passwort ist falsch' } });
    const user = userEvent.setup();
    renderWithIntl(<ChangePasswordForm />, 'de');
    await user.type(field('Altes Passwort'), 'Falsch2026!');
    await user.type(field('Neues Passwort'), 'Pfeil2027?');
    await user.type(field('Neues Passwort wiederholen'), 'Pfeil2027?');
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Fehler!'));
    expect(screen.getByText('Das alte Passwort ist falsch')).toBeInTheDocument();
  });
});

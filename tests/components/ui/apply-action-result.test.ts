import { applyActionResult, settleAction } from '@/components/ui/apply-action-result';
import { notify } from '@/components/ui/toast';

jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn() },
}));
jest.mock('../../../components/ui/hard-navigate', () => ({ hardNavigate: jest.fn() }));

beforeEach(() => jest.clearAllMocks());

describe('applyActionResult', () => {
  it('toasts a success text made from the data and answers true', () => {
    const applied = applyActionResult({ ok: true, data: { email: 'a@b.at' } }, null, {
      success: (data) => `Link an ${data.email} gesendet`,
    });
    expect(applied).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Link an a@b.at gesendet');
  });

  it('puts field messages on the form, focusing the first, and toasts the message', () => {
    const setError = jest.fn();
    const applied = applyActionResult(
      { ok: false, message: 'Eingaben prüfen', fieldErrors: { email: 'Ungültig', password: 'Leer' } },
      { setError },
    );
    expect(applied).toBe(false);
    expect(setError).toHaveBeenNthCalledWith(1, 'email', { type: 'server', message: 'Ungültig' }, { shouldFocus: true });
    expect(setError).toHaveBeenNthCalledWith(2, 'password', { type: 'server', message: 'Leer' }, { shouldFocus: false });
    expect(notify.error).toHaveBeenCalledWith('Eingaben prüfen');
  });

  it('leaves out the toast for a refusal the caller shows itself, after the field messages', () => {
    const setError = jest.fn();
    const handled = jest.fn(() => true);
    applyActionResult(
      { ok: false, message: 'Keine Berechtigung', code: 'no_permissions', fieldErrors: { email: 'x' } },
      { setError },
      { handled },
    );
    expect(setError).toHaveBeenCalled();
    expect(handled).toHaveBeenCalledWith(expect.objectContaining({ code: 'no_permissions' }));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('keeps the toast of a listed code for 5 s, others for the default', () => {
    applyActionResult({ ok: false, message: 'Zu viele Versuche', code: 'rate_limited' }, null, { longToastFor: ['rate_limited'] });
    expect(notify.error).toHaveBeenLastCalledWith('Zu viele Versuche', { duration: 5000 });
    applyActionResult({ ok: false, message: 'Falsch', code: 'invalid_credentials' }, null, { longToastFor: ['rate_limited'] });
    expect(notify.error).toHaveBeenLastCalledWith('Falsch');
  });
});

describe('settleAction', () => {
  it('passes an answer on as it is', async () => {
    await expect(settleAction(Promise.resolve({ ok: true as const, data: 1 }))).resolves.toEqual({ ok: true, data: 1 });
  });

  it('turns a call that got no answer into a no_answer failure instead of throwing', async () => {
    const result = await settleAction(Promise.reject(new TypeError('Failed to fetch')));
    expect(result).toMatchObject({ ok: false, code: 'no_answer' });
  });
});

import { WelcomeToast } from '@/components/shell/welcome-toast';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));

describe('WelcomeToast', () => {
  beforeEach(() => jest.clearAllMocks());

  it("greets once after signing in ('erfolgreicher Login!') and puts the address back to /admin", () => {
    window.history.replaceState(null, '', '/admin/start?welcome=1');
    renderWithIntl(<WelcomeToast />);
    expect(notify.success).toHaveBeenCalledWith('erfolgreicher Login!');
    expect(window.location.pathname + window.location.search).toBe('/admin/');
  });

  it('stays quiet on a later visit of the start page', () => {
    window.history.replaceState(null, '', '/admin/');
    renderWithIntl(<WelcomeToast />);
    expect(notify.success).not.toHaveBeenCalled();
  });
});

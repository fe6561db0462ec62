import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationPage } from '@/lib/schemas/messages';
import { InboxScreen } from '@/components/inbox/inbox-screen';
import { pushSupport, urlBase64ToUint8Array } from '@/components/inbox/inbox-view';
import { openNotification } from '@/components/inbox/actions';
import { renderWithIntl } from '../render-with-intl';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }) }));
jest.mock('../../../components/inbox/actions', () => ({ loadNotifications: jest.fn(), openNotification: jest.fn() }));
const openMock = openNotification as jest.MockedFunction<typeof openNotification>;

function notification(over: Partial<Notification> = {}): Notification {
  return {
    id: 7,
    messageId: 41,
    orgId: 11,
    orgName: 'BSV Wiener Neustadt',
    title: 'Training fällt aus',
    body: 'Heute kein Training',
    content: '',
    read: false,
    readAt: null,
    createdAt: '2026-05-04T08:00:00Z',
    ...over,
  };
}
const page = (): NotificationPage => ({
  items: [notification(), notification({ id: 6, title: 'Vereinsabend', read: true, readAt: '2026-05-01T10:00:00Z' })],
  total: 2,
  unread: 1,
});

beforeEach(() => jest.clearAllMocks());

describe('InboxScreen', () => {
  it('lists the notifications with the unread ones marked and counted; opening one shows it and marks it read', async () => {
    const user = userEvent.setup();
    openMock.mockResolvedValue({
      ok: true,
      data: notification({ read: true, readAt: '2026-05-04T09:00:00Z', content: '<p>Die <strong>Halle</strong> ist gesperrt.</p>' }),
    });
    renderWithIntl(<InboxScreen initial={page()} />);
    expect(screen.getByText('1 ungelesen')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Benachrichtigungen' });
    expect(within(list).getByRole('button', { name: /ungelesen: Training fällt aus/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Vereinsabend/ })).not.toHaveTextContent('ungelesen');

    await user.click(within(list).getByRole('button', { name: /Training fällt aus/ }));
    const article = await screen.findByRole('article', { name: 'Training fällt aus' });
    expect(openMock).toHaveBeenCalledWith({ id: 7 });
    expect(article).toHaveTextContent(/Von BSV Wiener Neustadt am \d{2}\.\d{2}\.2026 \d{2}:\d{2}/);
    expect(within(article).getByText('Halle').tagName).toBe('STRONG');
    expect(screen.getByText('0 ungelesen')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Training fällt aus/ })).not.toHaveTextContent('ungelesen');
  });

  it('opens the notification of ?open={id} right away', async () => {
    openMock.mockResolvedValue({ ok: true, data: notification({ read: true, readAt: '2026-05-04T09:00:00Z' }) });
    renderWithIntl(<InboxScreen initial={page()} openId={7} />);
    expect(await screen.findByRole('article', { name: 'Training fällt aus' })).toBeInTheDocument();
    expect(openMock).toHaveBeenCalledWith({ id: 7 });
    await waitFor(() => expect(screen.getByText('0 ungelesen')).toBeInTheDocument());
  });

  it('disables the push switch with the reason where the browser has no push (jsdom has no service worker)', () => {
    renderWithIntl(<InboxScreen initial={page()} />);
    const push = screen.getByRole('switch', { name: 'Push-Benachrichtigungen in diesem Browser' });
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription(/Dieser Browser kann hier keine Push-Benachrichtigungen empfangen/);
  });
});

describe('push support and the server key', () => {
  const browser = (permission: NotificationPermission, secure = true) =>
    ({
      navigator: { serviceWorker: {} },
      PushManager: function PushManager() {},
      Notification: { permission },
      isSecureContext: secure,
    }) as unknown as Window;

  it('tells supported, refused and unavailable apart', () => {
    expect(pushSupport(browser('default'))).toBe('supported');
    expect(pushSupport(browser('granted'))).toBe('supported');
    expect(pushSupport(browser('denied'))).toBe('denied');
    expect(pushSupport(browser('default', false))).toBe('unsupported');
    expect(pushSupport({ navigator: {}, isSecureContext: true } as unknown as Window)).toBe('unsupported');
    expect(pushSupport(undefined)).toBe('unsupported');
  });

  it('turns the base64url VAPID key into its bytes', () => {
    expect(Array.from(urlBase64ToUint8Array('AQID_-8'))).toEqual([1, 2, 3, 255, 239]);
  });
});

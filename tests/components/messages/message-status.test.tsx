import { screen, within } from '@testing-library/react';
import type { DeliveryStatusList, Message } from '@/lib/schemas/messages';
import { MessageStatus } from '@/components/messages/message-status';
import { renderWithIntl } from '../render-with-intl';

/*
 * The Status tab of form 1006: a delivery the mail server refused shows 'fehlgeschlagen' with the
 * server's reason written out beside it (not only on hover); a delivered one shows no reason.
 */

const status: DeliveryStatusList = {
  total: 2,
  states: { pending: 0, sending: 0, sent: 1, failed: 1, no_address: 0, no_subscription: 0 },
  recipients: 2,
  unread: 2,
  preparing: null,
  items: [
    {
      memberId: 7,
      name: 'Huber Anna',
      email: 'anna@example.org',
      medium: 'email',
      round: 1,
      state: 'failed',
      attempts: 1,
      processedAt: '2026-05-04T08:00:00Z',
      readAt: null,
      lastError: '550 5.1.1 Mailbox unknown',
    },
    {
      memberId: 8,
      name: 'Maier Ben',
      email: 'ben@example.org',
      medium: 'email',
      round: 1,
      state: 'sent',
      attempts: 1,
      processedAt: '2026-05-04T08:00:00Z',
      readAt: null,
      lastError: null,
    },
  ],
};

let answer: DeliveryStatusList = status;
jest.mock('../../../components/messages/actions', () => ({
  loadStatus: jest.fn(async () => ({ ok: true, data: answer })),
  resendUnread: jest.fn(),
}));

const message = { id: 41, visible: true } as Message;

it("shows a refused delivery as 'fehlgeschlagen' with the mail server's reason", async () => {
  renderWithIntl(<MessageStatus message={message} />);
  const table = await screen.findByRole('table');
  const failed = within(table).getByRole('row', { name: /Huber Anna/ });
  expect(within(failed).getByText('550 5.1.1 Mailbox unknown')).toBeVisible();
  expect(failed).toHaveTextContent('fehlgeschlagen550 5.1.1 Mailbox unknown');
  const sent = within(table).getByRole('row', { name: /Maier Ben/ });
  expect(sent).toHaveTextContent('gesendet');
  expect(sent).not.toHaveTextContent('550');
});

it("shows 'wird vorbereitet' with the progress while the recipients of a big message are written", async () => {
  answer = {
    ...status,
    total: 0,
    items: [],
    states: { pending: 0, sending: 0, sent: 0, failed: 0, no_address: 0, no_subscription: 0 },
    preparing: { done: 3000, total: 93678 },
  };
  renderWithIntl(<MessageStatus message={message} />);
  expect(
    await screen.findByText(/wird vorbereitet: 3000 von 93678 Empfängern|wird vorbereitet: 3\.000 von 93\.678 Empfängern/),
  ).toBeInTheDocument();
  answer = status;
});

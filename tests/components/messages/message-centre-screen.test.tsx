import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, MessageAudience } from '@/lib/schemas/messages';
import { MessageCentreScreen } from '@/components/messages/message-centre-screen';
import { loadMessages } from '@/components/messages/actions';
import { notify } from '@/components/ui/toast';
import { renderWithIntl } from '../render-with-intl';

/*
 * Form 1006's list and form together: the list counts recipients without a push subscription or
 * e-mail address apart from the failed ones; a typed message is not thrown away by choosing
 * another one (or a new one) without a question.
 */

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/messages/actions', () => ({
  loadMessages: jest.fn(),
  sendMessage: jest.fn(),
  removeMessage: jest.fn(),
  removeMessageFile: jest.fn(),
  loadStatus: jest.fn(async () => ({ ok: true, data: { total: 0, states: {}, recipients: 0, unread: 0, items: [] } })),
  resendUnread: jest.fn(),
}));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
}));
jest.mock('../../../components/ui/rich-text-editor', () => jest.requireActual('../rich-text-editor-stand-in'));

const audience: MessageAudience = { roles: [{ id: 12, name: 'Trainer' }], organizations: [], events: [], replyTo: [], categories: [] };

const sent: Message = {
  id: 41,
  newsId: 41,
  orgId: 11,
  mgId: 2,
  title: 'Vereinsabend',
  abstract: '',
  content: '<p>Freitag</p>',
  lang: 'de',
  newscategory: [],
  visible: true,
  media: ['email', 'push'],
  roles: [12],
  organizations: [],
  events: [],
  audienceParams: { replyTo: null },
  attachedFiles: [],
  summary: { recipients: 129, pending: 0, sent: 129, failed: 2, noAddress: 0, noSubscription: 148, read: 10, preparing: null },
  publishedAt: '2026-05-04T08:00:00Z',
  updatedAt: '2026-05-04T08:00:00Z',
};

function renderScreen() {
  renderWithIntl(<MessageCentreScreen orgId={11} list={{ items: [sent], total: 1 }} audience={audience} />);
}

const question = 'Ungespeicherte Änderungen verwerfen?';

it("counts 'kein Push-Abo' apart from the failed ones", () => {
  renderScreen();
  const item = within(screen.getByRole('list', { name: 'Nachrichten' })).getByRole('button', { name: /Vereinsabend/ });
  expect(item).toHaveTextContent('129 Empfänger · 129 gesendet · 10 gelesen · 2 fehlgeschlagen · 148 ohne Push-Abo');
});

it('asks before a typed message gives way to another one; Nein keeps the text, Ja opens the other', async () => {
  const user = userEvent.setup();
  renderScreen();
  await user.click(screen.getByRole('button', { name: 'Neue Nachricht' }));
  const form = screen.getByRole('form', { name: 'Neue Nachricht' });
  await user.type(within(form).getByRole('textbox', { name: /^Titel/ }), 'Entwurf');

  await user.click(within(screen.getByRole('list', { name: 'Nachrichten' })).getByRole('button', { name: /Vereinsabend/ }));
  let dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(question);
  await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
  expect(within(screen.getByRole('form', { name: 'Neue Nachricht' })).getByRole('textbox', { name: /^Titel/ })).toHaveValue('Entwurf');

  // a fresh '+' would throw it away as well
  await user.click(screen.getByRole('button', { name: 'Neue Nachricht' }));
  dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Nein' }));
  expect(within(screen.getByRole('form', { name: 'Neue Nachricht' })).getByRole('textbox', { name: /^Titel/ })).toHaveValue('Entwurf');

  await user.click(within(screen.getByRole('list', { name: 'Nachrichten' })).getByRole('button', { name: /Vereinsabend/ }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ja' }));
  expect(await screen.findByRole('heading', { name: 'Vereinsabend' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Neue Nachricht' })).not.toBeInTheDocument();
});

it('opens another message without a question when nothing was typed', async () => {
  const user = userEvent.setup();
  renderScreen();
  await user.click(screen.getByRole('button', { name: 'Neue Nachricht' }));
  await user.click(within(screen.getByRole('list', { name: 'Nachrichten' })).getByRole('button', { name: /Vereinsabend/ }));
  expect(await screen.findByRole('heading', { name: 'Vereinsabend' })).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
});

it("shows a big message as 'wird vorbereitet' with its progress while its recipients are being written", () => {
  const preparing: Message = {
    ...sent,
    id: 42,
    title: 'An alle',
    summary: { ...sent.summary, recipients: 3, sent: 0, read: 0, failed: 0, noSubscription: 0, preparing: { done: 3, total: 10 } },
  };
  renderWithIntl(<MessageCentreScreen orgId={11} list={{ items: [preparing], total: 1 }} audience={audience} />);
  const item = within(screen.getByRole('list', { name: 'Nachrichten' })).getByRole('button', { name: /An alle/ });
  expect(item).toHaveTextContent('wird vorbereitet (3 von 10) · 3 Empfänger · 0 gesendet · 0 gelesen');
});

describe("the list's loads say so", () => {
  beforeEach(() => jest.clearAllMocks());

  it("'Nachrichten aktualisiert' when the screen opens and after every search, not only after the reload button", async () => {
    (loadMessages as jest.Mock).mockResolvedValue({ ok: true, data: { items: [sent], total: 1 } });
    const user = userEvent.setup();
    renderScreen();
    expect(notify.success).toHaveBeenCalledWith('Nachrichten aktualisiert');
    (notify.success as jest.Mock).mockClear();
    await user.type(screen.getByRole('searchbox'), 'Verein');
    await screen.findByRole('button', { name: /Vereinsabend/ });
    await new Promise((r) => setTimeout(r, 700));
    expect(loadMessages).toHaveBeenCalledWith(expect.objectContaining({ q: 'Verein' }));
    expect(notify.success).toHaveBeenCalledWith('Nachrichten aktualisiert');
  });

  it("'Laden fehlgeschlagen' with the error when a load gets no answer", async () => {
    (loadMessages as jest.Mock).mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByRole('searchbox'), 'x');
    expect(await screen.findByText('Verbindungsfehler !!!')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Laden fehlgeschlagen: Fehler: Etwas ist schiefgelaufen');
  });
});

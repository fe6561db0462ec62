import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, MessageAudience } from '@/lib/schemas/messages';
import { MessageForm } from '@/components/messages/message-form';
import { MESSAGE_FLASH_MS, STATUS_REFRESH_MS } from '@/components/messages/message-view';
import { loadStatus, removeMessageFile, sendMessage } from '@/components/messages/actions';
import { notify } from '@/components/ui/toast';
import { uploadFile } from '@/lib/upload';
import { loadLazyEditor } from '../load-lazy-editor';
import { renderWithIntl } from '../render-with-intl';

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/messages/actions', () => ({
  sendMessage: jest.fn(),
  removeMessage: jest.fn(),
  removeMessageFile: jest.fn(),
  loadStatus: jest.fn(),
  resendUnread: jest.fn(),
}));
jest.mock('../../../lib/upload', () => ({ ...jest.requireActual('../../../lib/upload'), uploadFile: jest.fn() }));
// the editor (ProseMirror) needs a real browser's layout; a plain text box stands in for it here
jest.mock('../../../components/ui/rich-text-editor', () => jest.requireActual('../rich-text-editor-stand-in'));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), loading: jest.fn(() => 'toast-1'), info: jest.fn(), dismiss: jest.fn() },
}));

beforeAll(loadLazyEditor);

const sendMock = sendMessage as jest.MockedFunction<typeof sendMessage>;
const uploadMock = uploadFile as jest.MockedFunction<typeof uploadFile>;

const audience: MessageAudience = {
  roles: [
    { id: 12, name: 'Trainer' },
    { id: 32, name: 'Mitglied' },
  ],
  organizations: [{ id: 11, name: 'BSV Wiener Neustadt' }],
  events: [{ id: 5, name: 'Hallenturnier', start: '2099-03-01' }],
  replyTo: [{ title: 'Sekretariat', value: 'office@example.org' }],
  categories: ['Vereinsnews'],
};

function sentMessage(over: Partial<Message> = {}): Message {
  return {
    id: 41,
    newsId: 41,
    orgId: 11,
    mgId: 2,
    title: 'Training fällt aus',
    abstract: 'Heute kein Training',
    content: '<p>Die Halle ist gesperrt.</p>',
    lang: 'de',
    newscategory: [],
    visible: true,
    media: ['email'],
    roles: [12],
    organizations: [],
    events: [],
    audienceParams: { replyTo: 'office@example.org' },
    attachedFiles: [],
    summary: { recipients: 3, pending: 0, sent: 3, failed: 0, noAddress: 0, noSubscription: 0, read: 1, preparing: null },
    publishedAt: '2026-05-04T08:00:00Z',
    updatedAt: '2026-05-04T08:00:00Z',
    ...over,
  };
}

function renderForm(
  message: Message | null = null,
  handlers: Partial<{ onSent: jest.Mock; onDeleted: jest.Mock; onCancel: jest.Mock }> = {},
) {
  const props = { onSent: jest.fn(), onDeleted: jest.fn(), onCancel: jest.fn(), ...handlers };
  renderWithIntl(<MessageForm orgId={11} message={message} audience={audience} {...props} />);
  return props;
}
const form = (name = 'Neue Nachricht') => screen.getByRole('form', { name });
const group = (name: string) => within(form()).getByRole('group', { name: new RegExp(`^${name}`) });

async function answerConfirm(question: string, answer: 'Ja' | 'Nein') {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(question);
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

describe('a new message', () => {
  it('starts empty: e-mail, German, visible, the first reply-to; the Status tab is disabled while writing', () => {
    renderForm();
    expect(within(form()).getByLabelText('Titel *')).toHaveValue('');
    expect(within(form()).getByRole('combobox', { name: 'Sprache *' })).toHaveTextContent('Deutsch');
    expect(within(form()).getByRole('switch', { name: 'Sichtbar (versenden)' })).toBeChecked();
    expect(within(group('Versand über')).getByRole('checkbox', { name: 'E-Mail' })).toBeChecked();
    expect(within(group('Versand über')).getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
    expect(within(form()).getByRole('combobox', { name: 'Antwort an' })).toHaveTextContent('Sekretariat <office@example.org>');
    expect(screen.getByRole('tab', { name: 'Status' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Nachricht' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses to send without roles and title: the page error, the fields marked and the border flashing for 3.5 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(form()).toHaveAttribute('data-flash', 'true'));
    expect(notify.error).toHaveBeenCalledWith('Bitte füllen Sie das erforderliche Feld aus!');
    expect(within(form()).getByLabelText('Titel *')).toHaveAttribute('aria-invalid', 'true');
    expect(group('Rollen')).toHaveTextContent('Bitte füllen Sie das erforderliche Feld aus!');
    // no question, nothing sent
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sendMock).not.toHaveBeenCalled();

    // (waitFor itself lets up to ~100 ms of fake time pass before it sees the flash)
    act(() => jest.advanceTimersByTime(MESSAGE_FLASH_MS - 300));
    expect(form()).toHaveAttribute('data-flash', 'true');
    expect(form()).toHaveClass('border-red-500');
    act(() => jest.advanceTimersByTime(400));
    expect(form()).not.toHaveAttribute('data-flash');
  });

  it('disables roles, organisations, media and reply-to while the message is not visible; the rest stays editable', async () => {
    const user = userEvent.setup();
    renderForm();
    const roles = () => within(group('Rollen')).getByRole('checkbox', { name: 'Trainer' });
    expect(roles()).toBeEnabled();
    await user.click(within(form()).getByRole('switch', { name: 'Sichtbar (versenden)' }));

    expect(within(form()).getByRole('switch', { name: 'Sichtbar (versenden)' })).not.toBeChecked();
    expect(group('Rollen')).toBeDisabled();
    expect(roles()).toBeDisabled();
    expect(within(group('Organisationen')).getByRole('checkbox', { name: 'BSV Wiener Neustadt' })).toBeDisabled();
    expect(within(group('Versand über')).getByRole('checkbox', { name: 'E-Mail' })).toBeDisabled();
    expect(within(form()).getByRole('combobox', { name: 'Antwort an' })).toBeDisabled();
    expect(within(form()).getByText('Eine nicht sichtbare Nachricht wird gespeichert, aber nicht versendet.')).toBeInTheDocument();
    // what is not about the audience stays editable
    expect(within(form()).getByLabelText('Titel *')).toBeEnabled();
    expect(within(form()).getByRole('combobox', { name: 'Sprache *' })).toBeEnabled();
    expect(within(group('Veranstaltungen')).getByRole('checkbox', { name: /Hallenturnier/ })).toBeEnabled();

    await user.click(within(form()).getByRole('switch', { name: 'Sichtbar (versenden)' }));
    expect(roles()).toBeEnabled();
    expect(within(form()).getByRole('combobox', { name: 'Antwort an' })).toBeEnabled();
  });

  it("asks 'Versenden' first; Nein sends nothing, Ja sends the message as the API takes it and uploads the chosen files, 3 per request", async () => {
    const user = userEvent.setup();
    const created = sentMessage({
      summary: { recipients: 0, pending: 0, sent: 0, failed: 0, noAddress: 0, noSubscription: 0, read: 0, preparing: null },
    });
    const withFiles = sentMessage({ attachedFiles: [{ fileId: 'f1', fileName: 'a.png', fileParam: {}, featuredImage: false }] });
    sendMock.mockResolvedValue({ ok: true, data: created });
    uploadMock.mockResolvedValue({ status: 200, body: withFiles });
    const { onSent } = renderForm();

    await user.type(within(form()).getByLabelText('Titel *'), 'Training fällt aus');
    await user.type(within(form()).getByLabelText('Kurztext (Push-Nachricht)'), 'Heute kein Training');
    await user.click(within(group('Rollen')).getByRole('checkbox', { name: 'Trainer' }));
    const files = ['a.png', 'b.png', 'c.pdf', 'd.jpg'].map(
      (name) => new File(['x'], name, { type: name.endsWith('pdf') ? 'application/pdf' : 'image/png' }),
    );
    await user.upload(screen.getByLabelText('Dateien hinzufügen', { selector: 'input' }), files);
    expect(within(form()).getByRole('list', { name: 'Anhänge' }).children).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await answerConfirm('Versenden', 'Nein');
    expect(sendMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await answerConfirm('Versenden', 'Ja');
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(withFiles));
    expect(sendMock).toHaveBeenCalledWith({
      values: {
        orgId: 11,
        title: 'Training fällt aus',
        abstract: 'Heute kein Training',
        content: '',
        lang: 'de',
        newscategory: [],
        visible: true,
        media: ['email'],
        roles: [12],
        organizations: [],
        events: [],
        audienceParams: { replyTo: 'office@example.org' },
        // the files it uploads right after: the e-mails wait for them
        files: 4,
      },
    });
    expect(notify.success).toHaveBeenCalledWith('Erfolgreich gespeichert');
    // inserts in requests of at most 3 files, to the new message
    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(uploadMock.mock.calls[0][0]).toBe('/admin/api/v1/admin/messages/upload/41');
    expect((uploadMock.mock.calls[0][1] as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.pdf']);
    expect((uploadMock.mock.calls[1][1] as File[]).map((f) => f.name)).toEqual(['d.jpg']);
    expect(uploadMock.mock.calls[1][0]).toBe('/admin/api/v1/admin/messages/upload/41');
    expect(uploadMock.mock.calls[0][4]).toBe('files');
    // created first, then the files uploaded (the shared pending-files hook); nothing removed
    expect(sendMock.mock.invocationCallOrder[0]).toBeLessThan(uploadMock.mock.invocationCallOrder[0]);
    expect(removeMessageFile).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    // nothing waits any more: the list shows the stored file only
    expect(within(form('Training fällt aus')).getByRole('list', { name: 'Anhänge' }).children).toHaveLength(1);
    // sent: read-only, the Status tab open to it
    expect(screen.queryByRole('button', { name: 'Senden' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Status' })).toBeEnabled();
  });

  it('keeps the message sent when an upload after it fails: the files uploaded so far, the error said, the rest not retried', async () => {
    const user = userEvent.setup();
    const created = sentMessage({ attachedFiles: [] });
    const firstThree = sentMessage({
      attachedFiles: ['a.png', 'b.png', 'c.png'].map((n, i) => ({ fileId: `f${i}`, fileName: n, fileParam: {}, featuredImage: false })),
    });
    sendMock.mockResolvedValue({ ok: true, data: created });
    uploadMock
      .mockResolvedValueOnce({ status: 200, body: firstThree })
      .mockResolvedValueOnce({ status: 415, body: { error: { code: 'unsupported_type', message: 'Only PNG, JPEG or PDF' } } });
    const { onSent } = renderForm();

    await user.type(within(form()).getByLabelText('Titel *'), 'Training fällt aus');
    await user.click(within(group('Rollen')).getByRole('checkbox', { name: 'Trainer' }));
    const files = ['a.png', 'b.png', 'c.png', 'd.png'].map((name) => new File(['x'], name, { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Dateien hinzufügen', { selector: 'input' }), files);
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await answerConfirm('Versenden', 'Ja');

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(firstThree));
    expect(uploadMock).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenCalledWith('Die Nachricht wurde gesendet, aber nicht alle Dateien konnten hochgeladen werden.', {
      description: 'Nur PNG, JPEG oder PDF',
    });
    expect(removeMessageFile).not.toHaveBeenCalled();
    // read-only with the three stored files; d.png no longer waits
    expect(within(form('Training fällt aus')).getByRole('list', { name: 'Anhänge' }).children).toHaveLength(3);
    expect(screen.queryByText('d.png')).not.toBeInTheDocument();
  });

  it('a refused send (a field the API checks) flashes the border too', async () => {
    const user = userEvent.setup();
    sendMock.mockResolvedValue({
      ok: false,
      message: 'Bitte füllen Sie das erforderliche Feld aus!',
      code: 'validation',
      fieldErrors: { media: 'Bitte füllen Sie das erforderliche Feld aus!' },
    });
    const { onSent } = renderForm();
    await user.type(within(form()).getByLabelText('Titel *'), 'Ohne Medium');
    await user.click(within(group('Rollen')).getByRole('checkbox', { name: 'Trainer' }));
    await user.click(within(group('Versand über')).getByRole('checkbox', { name: 'E-Mail' }));
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await answerConfirm('Versenden', 'Ja');
    await waitFor(() => expect(form()).toHaveAttribute('data-flash', 'true'));
    expect(group('Versand über')).toHaveTextContent('Bitte füllen Sie das erforderliche Feld aus!');
    expect(onSent).not.toHaveBeenCalled();
    expect(uploadMock).not.toHaveBeenCalled();
  });
});

describe('a sent message', () => {
  it('is read-only with its Status tab: recipients, translated states, dates as DD.MM.YYYY HH:mm', async () => {
    const user = userEvent.setup();
    (loadStatus as jest.Mock).mockResolvedValue({
      ok: true,
      data: {
        recipients: 2,
        unread: 1,
        total: 2,
        states: { pending: 0, sending: 0, sent: 1, failed: 0, no_address: 1, no_subscription: 0 },
        items: [
          {
            memberId: 4,
            name: 'Thomas Huber',
            email: 'trainer@example.org',
            medium: 'email',
            round: 1,
            state: 'sent',
            attempts: 1,
            processedAt: '2026-05-04T08:01:00',
            readAt: '2026-05-04T09:30:00',
            lastError: null,
          },
          {
            memberId: 7,
            name: 'Eva Berger',
            email: null,
            medium: 'email',
            round: 1,
            state: 'no_address',
            attempts: 0,
            processedAt: null,
            readAt: null,
            lastError: null,
          },
        ],
      },
    });
    renderForm(sentMessage());
    const f = form('Training fällt aus');
    expect(within(f).getByLabelText('Titel *')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Senden' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
    // the content as sent, without the editor
    expect(within(f).getByRole('region', { name: 'Inhalt' })).toHaveTextContent('Die Halle ist gesperrt.');
    expect(within(f).queryByRole('textbox', { name: 'Inhalt' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Status' }));
    const table = await screen.findByRole('table', { name: 'Zustellstatus' });
    expect(within(table).getByRole('row', { name: /Thomas Huber/ })).toHaveTextContent('gesendet');
    expect(within(table).getByRole('row', { name: /Thomas Huber/ })).toHaveTextContent('04.05.2026 09:30');
    expect(within(table).getByRole('row', { name: /Eva Berger/ })).toHaveTextContent('keine Adresse');
    expect(screen.getByText('2 Empfänger, 1 ungelesen')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Zustellungen je Status' })).toHaveTextContent('gesendet: 1keine Adresse: 1');
    expect(loadStatus).toHaveBeenCalledWith({ id: 41, page: 1 });
    expect(screen.getByRole('button', { name: 'an Ungelesene erneut senden' })).toBeEnabled();
  });

  it('refreshes the Status tab by itself while a delivery waits or is being sent, and stops when all are done', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const row = {
      memberId: 4,
      name: 'Huber Thomas',
      email: 'trainer@example.org',
      medium: 'email' as const,
      round: 1,
      attempts: 0,
      processedAt: null,
      readAt: null,
      lastError: null,
    };
    const answer = (state: 'pending' | 'sent') => ({
      ok: true as const,
      data: {
        recipients: 1,
        unread: 1,
        total: 1,
        items: [{ ...row, state }],
        states: {
          pending: state === 'pending' ? 1 : 0,
          sending: 0,
          sent: state === 'sent' ? 1 : 0,
          failed: 0,
          no_address: 0,
          no_subscription: 0,
        },
      },
    });
    (loadStatus as jest.Mock)
      .mockResolvedValueOnce(answer('pending'))
      .mockResolvedValueOnce(answer('pending'))
      .mockResolvedValue(answer('sent'));
    renderForm(sentMessage());
    await user.click(screen.getByRole('tab', { name: 'Status' }));
    expect(await screen.findByRole('cell', { name: 'wartet' })).toBeInTheDocument();
    expect(screen.getByText('wird aktualisiert …')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(STATUS_REFRESH_MS));
    await act(async () => jest.advanceTimersByTime(STATUS_REFRESH_MS));
    expect(await screen.findByRole('cell', { name: 'gesendet' })).toBeInTheDocument();
    expect(loadStatus).toHaveBeenCalledTimes(3);
    await act(async () => jest.advanceTimersByTime(STATUS_REFRESH_MS * 3));
    expect(loadStatus).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('wird aktualisiert …')).not.toBeInTheDocument();
  });

  describe('discarding a typed message', () => {
    it("asks before 'Abbrechen' throws typed text away: Nein keeps it, Ja discards it", async () => {
      const user = userEvent.setup();
      const { onCancel } = renderForm();
      await user.type(within(form()).getByRole('textbox', { name: /^Titel/ }), 'Halle gesperrt');
      await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
      await answerConfirm('Ungespeicherte Änderungen verwerfen?', 'Nein');
      expect(onCancel).not.toHaveBeenCalled();
      expect(within(form()).getByRole('textbox', { name: /^Titel/ })).toHaveValue('Halle gesperrt');
      await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
      await answerConfirm('Ungespeicherte Änderungen verwerfen?', 'Ja');
      expect(onCancel).toHaveBeenCalledTimes(1);
    });

    it('asks for chosen files too, and not at all for an untouched form', async () => {
      const user = userEvent.setup();
      const first = renderForm();
      await user.upload(screen.getByLabelText('Dateien hinzufügen', { selector: 'input' }), [
        new File(['x'], 'a.pdf', { type: 'application/pdf' }),
      ]);
      await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
      await answerConfirm('Ungespeicherte Änderungen verwerfen?', 'Nein');
      expect(first.onCancel).not.toHaveBeenCalled();
      document.body.innerHTML = '';
      const second = renderForm();
      await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
      expect(second.onCancel).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
  });
});

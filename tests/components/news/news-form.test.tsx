import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { News, NewsCategory } from '@/lib/schemas/news';
import { GalleryDialog } from '@/components/news/gallery-dialog';
import { NewsForm } from '@/components/news/news-form';
import { loadGallery, removeFile, saveArticle } from '@/components/news/actions';
import { notify } from '@/components/ui/toast';
import { uploadFile } from '@/lib/upload';
import { renderWithIntl } from '../render-with-intl';

/*
 * The news form's files: added and marked for removal while editing (a new article too), committed
 * after the article is saved (uploads of at most 3 files first, then removals), discarded by cancel;
 * a failed upload leaves the article saved and says so.
 */

const router = { push: jest.fn(), refresh: jest.fn(), replace: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router }));
jest.mock('../../../components/news/actions', () => ({
  saveArticle: jest.fn(),
  removeArticles: jest.fn(),
  removeFile: jest.fn(),
  featureFile: jest.fn(),
  loadGallery: jest.fn(),
}));
jest.mock('../../../lib/upload', () => ({ ...jest.requireActual('../../../lib/upload'), uploadFile: jest.fn() }));
// the editor (ProseMirror) needs a real browser's layout; a plain text box stands in for it here
jest.mock('../../../components/ui/rich-text-editor', () => jest.requireActual('../rich-text-editor-stand-in'));
jest.mock('../../../components/ui/toast', () => ({
  ...jest.requireActual('../../../components/ui/toast'),
  notify: { success: jest.fn(), error: jest.fn(), loading: jest.fn(() => 'toast-1'), info: jest.fn(), dismiss: jest.fn() },
}));

const saveMock = saveArticle as jest.MockedFunction<typeof saveArticle>;
const removeMock = removeFile as jest.MockedFunction<typeof removeFile>;
const uploadMock = uploadFile as jest.MockedFunction<typeof uploadFile>;
const galleryMock = loadGallery as jest.MockedFunction<typeof loadGallery>;

const categories: NewsCategory[] = [{ id: 20, orgId: 11, name: 'Vereinsnews', parentId: null, inMenu: false, position: 1 }];
const picture = {
  fileId: 'f-alt',
  fileName: 'alt.png',
  fileParam: {
    original: 'news_file/2026/01/a.png',
    mime: 'image/png',
    thumbnails: { xs: 'news_thumb/2026/01/x.webp', sm: 'news_thumb/2026/01/s.webp', md: 'news_thumb/2026/01/m.webp' },
  },
  featuredImage: true,
};
const pdf = {
  fileId: 'f-pdf',
  fileName: 'plan.pdf',
  fileParam: { original: 'news_file/2026/01/p.pdf', mime: 'application/pdf', thumbnails: {} },
  featuredImage: false,
};

function article(over: Partial<News> = {}): News {
  return {
    id: 5,
    orgId: 11,
    title: 'Hallentraining',
    abstract: '',
    content: '<p>Dienstags</p>',
    lang: 'de',
    newscategory: ['Vereinsnews'],
    visible: true,
    attachedFiles: [picture, pdf],
    publishedAt: '2026-01-05T09:00:00Z',
    updatedAt: '2026-01-05T09:00:00Z',
    ...over,
  };
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const names = (call: number) => (uploadMock.mock.calls[call][1] as File[]).map((f) => f.name);

function renderForm(initial: News | null, locale: 'de' | 'en' = 'de') {
  const props = { onSaved: jest.fn(), onDeleted: jest.fn(), onCancelNew: jest.fn() };
  renderWithIntl(
    <NewsForm
      orgId={11}
      article={initial}
      defaults={initial ? undefined : { visible: true, lang: 'de' }}
      categories={categories}
      {...props}
    />,
    locale,
  );
  return props;
}

async function openGallery(user: ReturnType<typeof userEvent.setup>, title: string, label = 'Galerie') {
  await user.click(screen.getByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: title });
}

async function save(user: ReturnType<typeof userEvent.setup>, labels = { save: 'Speichern', yes: 'Ja' }) {
  await user.click(screen.getByRole('button', { name: labels.save }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: labels.yes }));
}

// jsdom has no blob: addresses; the previews get made-up ones
let blobs = 0;
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => `blob:preview-${++blobs}`);
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => jest.clearAllMocks());

it('lets a new article pick files before its first save and uploads them to it after the save, 3 per request', async () => {
  // (a chooser set to "all files": the wrong type reaches the form)
  const user = userEvent.setup({ applyAccept: false });
  const created = article({ id: 77, title: 'Saisonstart', attachedFiles: [] });
  const withFiles = article({ id: 77, title: 'Saisonstart', attachedFiles: [picture] });
  saveMock.mockResolvedValue({ ok: true, data: created });
  uploadMock.mockResolvedValue({ status: 200, body: withFiles });
  const { onSaved } = renderForm(null);

  const gallery = await openGallery(user, 'Galerie – Neue Nachricht');
  // at most 3 files a time (one upload)
  await user.upload(within(gallery).getByLabelText('Dateien hinzufügen', { selector: 'input' }), [
    png('a.png'),
    png('b.png'),
    new File(['%PDF'], 'c.pdf', { type: 'application/pdf' }),
  ]);
  await user.upload(within(gallery).getByLabelText('Dateien hinzufügen', { selector: 'input' }), [
    png('d.png'),
    new File(['x'], 'notiz.txt', { type: 'text/plain' }),
  ]);
  // the wrong type is refused at once, the others wait for the save
  expect(notify.error).toHaveBeenCalledWith('Nicht übernommen: notiz.txt', expect.anything());
  expect(within(within(gallery).getByRole('list', { name: 'Neue Dateien' })).getAllByRole('listitem')).toHaveLength(4);
  expect(within(gallery).getByRole('img', { name: 'a.png' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
  await user.click(within(gallery).getByRole('button', { name: 'd.png nicht hochladen' }));
  await user.keyboard('{Escape}');

  const attachments = screen.getByRole('list', { name: 'Anhänge' });
  expect(
    within(attachments)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['a.pngwird beim Speichern hochgeladen', 'b.pngwird beim Speichern hochgeladen', 'PDFc.pdfwird beim Speichern hochgeladen']);
  expect(uploadMock).not.toHaveBeenCalled();

  await user.click(screen.getByRole('checkbox', { name: 'Vereinsnews' }));
  await user.type(screen.getByLabelText('Titel *'), 'Saisonstart');
  await user.type(screen.getByLabelText('Inhalt *'), 'Los geht es');
  await user.upload(
    within(await openGallery(user, 'Galerie – Neue Nachricht')).getByLabelText('Dateien hinzufügen', { selector: 'input' }),
    [png('e.png')],
  );
  await user.keyboard('{Escape}');
  await save(user);

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(withFiles));
  expect(saveMock).toHaveBeenCalledWith({
    id: undefined,
    updatedAt: undefined,
    values: expect.objectContaining({ orgId: 11, title: 'Saisonstart', newscategory: ['Vereinsnews'] }),
  });
  // after the article exists: to it, at most 3 files per request, in the order chosen
  expect(uploadMock).toHaveBeenCalledTimes(2);
  expect(uploadMock.mock.calls[0][0]).toBe('/admin/api/v1/admin/news/upload/77');
  expect(uploadMock.mock.calls[0][4]).toBe('files');
  expect([names(0), names(1)]).toEqual([['a.png', 'b.png', 'c.pdf'], ['e.png']]);
  expect(saveMock.mock.invocationCallOrder[0]).toBeLessThan(uploadMock.mock.invocationCallOrder[0]);
  expect(removeMock).not.toHaveBeenCalled();
  expect(notify.success).toHaveBeenCalledWith('Erfolgreich gespeichert');
});

it("commits an existing article's files after the update (inserts first, then removals); cancel discards them", async () => {
  const user = userEvent.setup();
  const saved = article({ updatedAt: '2026-01-06T10:00:00Z' });
  const uploaded = article({
    updatedAt: '2026-01-06T10:00:00Z',
    attachedFiles: [picture, pdf, { ...picture, fileId: 'f-neu', fileName: 'neu.png', featuredImage: false }],
  });
  const final = article({
    updatedAt: '2026-01-06T10:00:00Z',
    attachedFiles: [pdf, { ...picture, fileId: 'f-neu', fileName: 'neu.png', featuredImage: false }],
  });
  saveMock.mockResolvedValue({ ok: true, data: saved });
  uploadMock.mockResolvedValue({ status: 200, body: uploaded });
  removeMock.mockResolvedValue({ ok: true, data: final });
  const { onSaved } = renderForm(article());

  // read mode: the gallery only shows
  let gallery = await openGallery(user, 'Galerie – Hallentraining');
  expect(within(gallery).queryByRole('button', { name: 'alt.png entfernen' })).not.toBeInTheDocument();
  expect(within(gallery).getByText('Zum Hinzufügen oder Entfernen von Dateien die Nachricht bearbeiten.')).toBeInTheDocument();
  await user.keyboard('{Escape}');

  const mark = async () => {
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    gallery = await openGallery(user, 'Galerie – Hallentraining');
    await user.click(within(gallery).getByRole('button', { name: 'alt.png entfernen' }));
    expect(within(gallery).getByText('wird beim Speichern entfernt')).toBeInTheDocument();
    await user.upload(within(gallery).getByLabelText('Dateien hinzufügen', { selector: 'input' }), [png('neu.png')]);
    await user.keyboard('{Escape}');
    expect(within(screen.getByRole('list', { name: 'Anhänge' })).getByText('wird beim Speichern entfernt')).toBeInTheDocument();
  };

  await mark();
  await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
  // discarded: nothing marked, nothing waiting, nothing sent
  expect(screen.queryByText('wird beim Speichern entfernt')).not.toBeInTheDocument();
  expect(screen.queryByText('wird beim Speichern hochgeladen')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
  gallery = await openGallery(user, 'Galerie – Hallentraining');
  expect(within(gallery).getByRole('button', { name: 'alt.png entfernen' })).toBeInTheDocument();
  expect(within(gallery).queryByRole('list', { name: 'Neue Dateien' })).not.toBeInTheDocument();
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
  expect(uploadMock).not.toHaveBeenCalled();
  expect(removeMock).not.toHaveBeenCalled();

  await mark();
  // the other stored picture can still be inserted into the text while editing; the marked one not
  gallery = await openGallery(user, 'Galerie – Hallentraining');
  expect(within(gallery).queryByRole('button', { name: 'alt.png in den Inhalt einfügen' })).not.toBeInTheDocument();
  await user.click(within(gallery).getByRole('button', { name: 'alt.png behalten' }));
  expect(within(gallery).getByRole('button', { name: 'alt.png in den Inhalt einfügen' })).toBeInTheDocument();
  await user.click(within(gallery).getByRole('button', { name: 'alt.png entfernen' }));
  await user.keyboard('{Escape}');
  await save(user);

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(final));
  expect(saveMock).toHaveBeenCalledWith(expect.objectContaining({ id: 5, updatedAt: '2026-01-05T09:00:00Z' }));
  expect(uploadMock).toHaveBeenCalledTimes(1);
  expect([uploadMock.mock.calls[0][0], names(0)]).toEqual(['/admin/api/v1/admin/news/upload/5', ['neu.png']]);
  expect(removeMock).toHaveBeenCalledWith({ newsId: 5, fileId: 'f-alt' });
  expect(saveMock.mock.invocationCallOrder[0]).toBeLessThan(uploadMock.mock.invocationCallOrder[0]);
  expect(uploadMock.mock.invocationCallOrder[0]).toBeLessThan(removeMock.mock.invocationCallOrder[0]);
  expect(notify.error).not.toHaveBeenCalled();
});

it('keeps the article saved when an upload after the save fails, says so in the UI language, and removes nothing', async () => {
  const user = userEvent.setup();
  const saved = article({ updatedAt: '2026-01-06T10:00:00Z' });
  saveMock.mockResolvedValue({ ok: true, data: saved });
  uploadMock.mockResolvedValue({
    status: 415,
    body: { error: { code: 'unsupported_type', message: 'Only PNG, JPEG or PDF files are accepted' } },
  });
  const { onSaved } = renderForm(article(), 'en');

  await user.click(screen.getByRole('button', { name: 'Edit' }));
  const gallery = await openGallery(user, 'Gallery – Hallentraining', 'Gallery');
  await user.click(within(gallery).getByRole('button', { name: 'Remove alt.png' }));
  await user.upload(within(gallery).getByLabelText('Add files', { selector: 'input' }), [png('kaputt.png'), png('gut.png')]);
  await user.keyboard('{Escape}');
  await save(user, { save: 'Save', yes: 'Yes' });

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  expect(notify.error).toHaveBeenCalledWith('The article is saved, but these files were not uploaded: kaputt.png, gut.png', {
    description: 'PNG, JPEG or PDF only',
  });
  // no stored file goes before its replacement has arrived
  expect(removeMock).not.toHaveBeenCalled();
  // back in read mode with nothing waiting
  expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  expect(screen.queryByText('uploaded when saved')).not.toBeInTheDocument();
  expect(screen.queryByText('removed when saved')).not.toBeInTheDocument();
});

it('shows a stored article as stored HTML without the editor; the editor comes when editing starts and goes on cancel', async () => {
  const user = userEvent.setup();
  renderForm(article({ abstract: '<p>Kurz <strong>gesagt</strong></p>', content: '<p>Dienstags <em>ab 18 Uhr</em></p>' }));
  const form = screen.getByRole('form', { name: 'Hallentraining' });
  expect(within(form).getByRole('region', { name: 'Inhalt' }).innerHTML).toBe('<p>Dienstags <em>ab 18 Uhr</em></p>');
  expect(within(form).getByRole('region', { name: 'Kurztext' })).toHaveTextContent('Kurz gesagt');
  expect(within(form).queryByRole('textbox', { name: 'Inhalt *' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
  expect(await within(form).findByRole('textbox', { name: 'Inhalt *' })).toHaveValue('<p>Dienstags <em>ab 18 Uhr</em></p>');
  expect(within(form).getByRole('textbox', { name: 'Kurztext' })).toHaveValue('<p>Kurz <strong>gesagt</strong></p>');
  expect(within(form).queryByRole('region', { name: 'Inhalt' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
  expect(within(screen.getByRole('form', { name: 'Hallentraining' })).getByRole('region', { name: 'Inhalt' })).toHaveTextContent(
    'Dienstags ab 18 Uhr',
  );
  expect(screen.queryByRole('textbox', { name: 'Inhalt *' })).not.toBeInTheDocument();
});

it('counts files waiting for the save as unsaved changes: leaving asks first', async () => {
  const user = userEvent.setup();
  renderForm(article());
  const link = document.body.appendChild(
    Object.assign(document.createElement('a'), { href: '/admin/form/O11/F51', textContent: 'Mitglieder' }),
  );
  try {
    await user.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    const gallery = await openGallery(user, 'Galerie – Hallentraining');
    await user.upload(within(gallery).getByLabelText('Dateien hinzufügen', { selector: 'input' }), [png('neu.png')]);
    await user.keyboard('{Escape}');
    await user.click(link);
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Ungespeicherte Änderungen verwerfen?');
    await user.click(within(question).getByRole('button', { name: 'Nein' }));
    expect(router.push).not.toHaveBeenCalled();
  } finally {
    link.remove();
  }
});

it('takes at most 3 files at a time: a fourth refuses the choice and says so', async () => {
  const user = userEvent.setup();
  renderForm(null);
  const gallery = await openGallery(user, 'Galerie – Neue Nachricht');
  await user.upload(within(gallery).getByLabelText('Dateien hinzufügen', { selector: 'input' }), [
    png('a.png'),
    png('b.png'),
    png('c.png'),
    png('d.png'),
  ]);
  expect(notify.error).toHaveBeenCalledWith('Höchstens 3 Dateien auf einmal', expect.anything());
  expect(within(gallery).queryByRole('list', { name: 'Neue Dateien' })).not.toBeInTheDocument();
  await user.upload(within(gallery).getByLabelText('Dateien hinzufügen', { selector: 'input' }), [
    png('a.png'),
    png('b.png'),
    png('c.png'),
  ]);
  expect(within(within(gallery).getByRole('list', { name: 'Neue Dateien' })).getAllByRole('listitem')).toHaveLength(3);
});

it("offers the organisation's gallery, 7 directories a page: a picture of another article is inserted into the content", async () => {
  const user = userEvent.setup();
  const other = (newsId: number) => ({
    newsId,
    title: `Beitrag ${newsId}`,
    files: [{ ...picture, fileId: `f-${newsId}`, fileName: `bild-${newsId}.png`, featuredImage: false }],
  });
  galleryMock.mockImplementation(async ({ page }) => ({
    ok: true,
    data: {
      items: page === 1 ? [other(9), other(8), other(7), other(6), other(5), other(4), other(3)] : [{ ...other(2), files: [picture, pdf] }],
      total: 8,
    },
  }));
  const onInsert = jest.fn();
  const changes = { added: [], removed: [], add: jest.fn(), unadd: jest.fn(), remove: jest.fn(), restore: jest.fn() };
  renderWithIntl(
    <GalleryDialog
      orgId={11}
      article={article({ attachedFiles: [] })}
      title="Hallentraining"
      editing
      changes={changes}
      onClose={jest.fn()}
      onChanged={jest.fn()}
      onInsert={onInsert}
    />,
  );
  const gallery = screen.getByRole('dialog', { name: 'Galerie – Hallentraining' });
  await user.click(within(gallery).getByRole('tab', { name: 'Galerie der Organisation' }));
  expect(await within(gallery).findByRole('heading', { name: 'Beitrag 9' })).toBeInTheDocument();
  expect(galleryMock).toHaveBeenCalledWith({ orgId: 11, page: 1 });
  expect(within(gallery).getAllByRole('heading', { level: 3 })).toHaveLength(7);
  expect(within(gallery).getByText('Seite 1 von 2')).toBeInTheDocument();
  await user.click(within(gallery).getByRole('button', { name: 'Nächste Seite' }));
  expect(await within(gallery).findByRole('heading', { name: 'Beitrag 2' })).toBeInTheDocument();
  expect(galleryMock).toHaveBeenLastCalledWith({ orgId: 11, page: 2 });
  // a PDF opens as original, a picture is inserted (its HD thumbnail)
  expect(within(gallery).queryByRole('button', { name: 'plan.pdf in den Inhalt einfügen' })).not.toBeInTheDocument();
  expect(within(gallery).getAllByRole('link', { name: 'Original' })).toHaveLength(2);
  await user.click(within(gallery).getByRole('button', { name: 'alt.png in den Inhalt einfügen' }));
  expect(onInsert).toHaveBeenCalledWith('/admin/api/v1/uploads?file=news_thumb%2F2026%2F01%2Fm.webp', 'alt.png');
});

it("shows the organisation's gallery in read mode too, with nothing to insert", async () => {
  const user = userEvent.setup();
  galleryMock.mockResolvedValue({ ok: true, data: { items: [{ newsId: 2, title: 'Beitrag 2', files: [picture] }], total: 1 } });
  const changes = { added: [], removed: [], add: jest.fn(), unadd: jest.fn(), remove: jest.fn(), restore: jest.fn() };
  renderWithIntl(
    <GalleryDialog
      orgId={11}
      article={article()}
      title="Hallentraining"
      editing={false}
      changes={changes}
      onClose={jest.fn()}
      onChanged={jest.fn()}
      onInsert={jest.fn()}
    />,
  );
  await user.click(screen.getByRole('tab', { name: 'Galerie der Organisation' }));
  expect(await screen.findByRole('heading', { name: 'Beitrag 2' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'alt.png in den Inhalt einfügen' })).not.toBeInTheDocument();
  expect(screen.queryByText('Seite 1 von 1')).not.toBeInTheDocument();
});

import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * News (form 200): the club writes an article with bold text, picks pictures for its gallery before
 * the first save (uploaded once it is saved), inserts one into the text, removes the other (on the
 * next save; a cancel discards such changes), publishes it, and finds it in the list (visible news
 * only) and in the public feed; a hidden page article opens through the website menu.
 */

type Article = { title: string; attachedFiles: Array<{ fileName: string }> };

test('a club writes an article with bold text and a picture from the gallery, and publishes it', async ({ page }) => {
  const title = `Vereinsmeister E2E ${Date.now().toString(36)}`;
  const storedFiles = async () => {
    const res = await page.request.get(`/admin/api/v1/admin/news/11?q=${encodeURIComponent(title)}`);
    return ((await res.json()).items as Article[])
      .find((n) => n.title === title)
      ?.attachedFiles.map((f) => f.fileName)
      .sort();
  };
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F200');
  await expect(page.getByRole('heading', { name: 'News und Seiten' })).toBeVisible();
  await page.getByRole('button', { name: 'Neue Nachricht' }).click();

  const form = page.getByRole('form', { name: 'Neue Nachricht' });
  // Without title, content and category the save is refused and the border flashes.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte füllen Sie das erforderliche Feld aus!').first()).toBeVisible();
  await expect(page.locator('form[data-flash]')).toHaveCount(1);

  await form.getByRole('checkbox', { name: 'Vereinsnews' }).check();
  await form.getByLabel('Titel *').fill(title);
  const content = form.getByRole('textbox', { name: 'Inhalt *' });
  await content.click();
  await page.keyboard.type('Großer Erfolg beim Turnier');
  await page.keyboard.press('ControlOrMeta+a');
  await form.getByRole('toolbar', { name: 'Formatierung: Inhalt *' }).getByRole('button', { name: 'Fett' }).click();
  await expect(content.locator('strong')).toHaveText('Großer Erfolg beim Turnier');

  // Pictures chosen before the first save wait in the form (with a preview) until it is saved.
  const picture = (background: string) =>
    sharp({ create: { width: 640, height: 400, channels: 3, background } })
      .png()
      .toBuffer();
  await page.getByRole('button', { name: 'Galerie' }).click();
  let gallery = page.getByRole('dialog', { name: 'Galerie – Neue Nachricht' });
  await gallery.getByLabel('Dateien hinzufügen', { exact: true }).setInputFiles([
    { name: 'siegerfoto.png', mimeType: 'image/png', buffer: await picture('#2a7') },
    { name: 'probefoto.png', mimeType: 'image/png', buffer: await picture('#a72') },
  ]);
  await expect(gallery.getByRole('list', { name: 'Neue Dateien' }).getByRole('img', { name: 'siegerfoto.png' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await expectAccessible(page, 'gallery with files to upload');
  await page.keyboard.press('Escape');
  const attachments = page.getByRole('list', { name: 'Anhänge' });
  await expect(attachments.getByRole('listitem').filter({ hasText: 'wird beim Speichern hochgeladen' })).toHaveCount(2);
  await expectAccessible(page, 'news form');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Erfolgreich gespeichert').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // uploaded to the new article: shown with the server's thumbnails
  await expect(attachments.getByRole('img', { name: 'siegerfoto.png' })).toHaveAttribute('src', /uploads\?file=news_thumb/);
  await expect(attachments.getByText('wird beim Speichern hochgeladen')).toHaveCount(0);
  expect(await storedFiles()).toEqual(['probefoto.png', 'siegerfoto.png']);

  // Editing: one picture into the text, the other marked for removal; both take effect on saving.
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByRole('button', { name: 'Galerie' }).click();
  gallery = page.getByRole('dialog', { name: `Galerie – ${title}` });
  await expect(gallery.getByRole('img', { name: 'siegerfoto.png' })).toBeVisible();
  await gallery.getByRole('button', { name: 'siegerfoto.png in den Inhalt einfügen' }).click();
  await expect(page.getByRole('textbox', { name: 'Inhalt *' }).locator('img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Galerie' }).click();
  await gallery.getByRole('button', { name: 'probefoto.png entfernen' }).click();
  await expect(gallery.getByText('wird beim Speichern entfernt')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await storedFiles()).toEqual(['probefoto.png', 'siegerfoto.png']);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  // saved: back in read mode
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  await expect(attachments.getByRole('listitem')).toHaveCount(1);
  expect(await storedFiles()).toEqual(['siegerfoto.png']);

  // A cancel discards what was chosen and marked.
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByRole('button', { name: 'Galerie' }).click();
  await gallery.getByRole('button', { name: 'siegerfoto.png entfernen' }).click();
  await gallery
    .getByLabel('Dateien hinzufügen', { exact: true })
    .setInputFiles({ name: 'verworfen.png', mimeType: 'image/png', buffer: await picture('#27a') });
  await page.keyboard.press('Escape');
  await expect(attachments.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  await expect(attachments.getByRole('listitem')).toHaveCount(1);
  await expect(attachments.getByText('wird beim Speichern entfernt')).toHaveCount(0);
  expect(await storedFiles()).toEqual(['siegerfoto.png']);

  // In the list, and in the public feed (no sign-in needed there).
  await expect(page.getByRole('list', { name: 'Nachrichten' }).getByRole('button', { name: new RegExp(title) })).toBeVisible();
  const feed = await page.request.get('/admin/api/v1/public/news/11');
  expect(feed.status()).toBe(200);
  const item = (await feed.json()).items.find((n: { title: string }) => n.title === title);
  expect(item.content).toContain('<strong>Großer Erfolg beim Turnier</strong>');
  expect(item.content).toMatch(/<img src="\/admin\/api\/v1\/uploads\?file=news_thumb/);

  // The website menu: a new page, then selecting it starts its (hidden) article.
  const pageName = `Über uns ${Date.now().toString(36)}`;
  await page.getByRole('tab', { name: 'Seiten' }).click();
  await page.getByLabel('Neue Seite').fill(pageName);
  await page.getByRole('button', { name: 'Seite hinzufügen' }).click();
  await expect(page.getByText('Seite hinzugefügt')).toBeVisible();
  await page.getByRole('button', { name: `${pageName} (noch kein Artikel)` }).click();
  await expect(page.getByRole('heading', { name: 'Neue Nachricht' })).toBeVisible();
  await expect(page.getByLabel('Titel *')).toHaveValue(pageName);
  await expect(page.getByRole('checkbox', { name: 'Sichtbar (veröffentlicht)' })).not.toBeChecked();
  await expectAccessible(page, 'website pages');

  // Saved hidden: the list (visible news only) never shows it, the page opens it again.
  await page.getByRole('textbox', { name: 'Inhalt *' }).click();
  await page.keyboard.type('Wir sind ein Bogensportverein.');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  await expect(page.getByRole('heading', { name: pageName })).toBeVisible();
  await page.getByRole('tab', { name: 'Liste' }).click();
  const list = page.getByRole('list', { name: 'Nachrichten' });
  // the seeded hidden draft is not on the first page either
  await expect(list.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expect(list.getByRole('button')).not.toHaveCount(0);
  await expect(list.getByRole('button', { name: /Vereinsmeisterschaft – Entwurf/ })).toHaveCount(0);
  for (const hidden of [pageName, 'Vereinsmeisterschaft']) {
    await page.getByRole('searchbox', { name: 'News suchen' }).fill(hidden);
    await expect(page.getByText('Keine Nachrichten')).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'News suchen' }).fill('');
  await list.getByRole('button', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('tab', { name: 'Seiten' }).click();
  await page.getByRole('button', { name: pageName, exact: true }).click();
  await expect(page.getByRole('heading', { name: pageName })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sichtbar (veröffentlicht)' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Löschen', exact: true })).toBeVisible();
});

test('an embedded video plays in the editor and in the saved article: the page policy allows exactly the embed hosts', async ({ page }) => {
  const title = `Video E2E ${Date.now().toString(36)}`;
  // no internet here: the video host answers with a stand-in page, which only loads if the policy allows the frame
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Video</title><p>Video-Platzhalter</p>' }),
  );
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { violations: string[] }).violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F200');
  await page.getByRole('button', { name: 'Neue Nachricht' }).click();
  const form = page.getByRole('form', { name: 'Neue Nachricht' });
  await form.getByRole('checkbox', { name: 'Vereinsnews' }).check();
  await form.getByLabel('Titel *').fill(title);
  const content = form.getByRole('textbox', { name: 'Inhalt *' });
  await content.click();
  await page.keyboard.type('Unser Turnier im Video');
  page.once('dialog', (dialog) => void dialog.accept('https://www.youtube.com/watch?v=dQw4w9WgXcQ'));
  await form.getByRole('toolbar', { name: 'Formatierung: Inhalt *' }).getByRole('button', { name: 'Video einbetten' }).click();
  await expect(page.frameLocator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]').getByText('Video-Platzhalter')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  // the read view shows the stored, sanitised article with the same frame
  await expect(page.frameLocator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]').getByText('Video-Platzhalter')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  await expectAccessible(page, 'article with an embedded video');

  // the organisation's gallery offers the pictures of its other articles for reuse
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByRole('button', { name: 'Galerie' }).click();
  const gallery = page.getByRole('dialog', { name: `Galerie – ${title}` });
  await gallery.getByRole('tab', { name: 'Galerie der Organisation' }).click();
  await expect(gallery.getByRole('img').first()).toBeVisible();
  await expectAccessible(page, "the organisation's gallery");
});

import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * News (form 200): the club writes an article with bold text, uploads a picture to its gallery,
 * inserts it into the text, publishes it, and finds it in the list and in the public feed.
 */

test('a club writes an article with bold text and a picture from the gallery, and publishes it', async ({ page }) => {
  const title = `Vereinsmeister E2E ${Date.now().toString(36)}`;
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
  await expectAccessible(page, 'news form');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Erfolgreich gespeichert').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The gallery: upload a picture, then insert it while editing.
  const picture = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a7' } }).png().toBuffer();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByRole('button', { name: 'Galerie' }).click();
  const gallery = page.getByRole('dialog', { name: `Galerie – ${title}` });
  await gallery.getByLabel('Dateien hochladen', { exact: true }).setInputFiles({ name: 'siegerfoto.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Dateien hochgeladen')).toBeVisible();
  await expect(gallery.getByRole('img', { name: 'siegerfoto.png' })).toBeVisible();
  await expectAccessible(page, 'gallery');
  await gallery.getByRole('button', { name: 'siegerfoto.png in den Inhalt einfügen' }).click();
  // (the form is named after the saved title now)
  await expect(page.getByRole('textbox', { name: 'Inhalt *' }).locator('img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  // saved: back in read mode
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();

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

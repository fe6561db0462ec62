import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/axe';
import { mailFiles, waitForResetLink } from './support/mail';
import { signIn, signOut } from './support/sign-in';

/**
 * Message centre (form 1006) and inbox: the club writes a message to its trainers by e-mail and
 * push, sends it and watches the status rows fill; the trainer (who has no push subscription)
 * gets the e-mail, opens the notification in the inbox, and the club sees it read.
 */

const statusTable = (page: Page) => page.getByRole('table', { name: 'Zustellstatus' });
/** The trainer's delivery row of one medium. */
const trainerRow = (page: Page, medium: 'E-Mail' | 'Push'): Locator =>
  statusTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'trainer@example.org', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: medium, exact: true }) });

/**
 * The trainer's password is changed by an earlier browser test of a full run: the recipient sets
 * a known one through 'Passwort vergessen?' first, so this test does not depend on the order.
 */
async function setPasswordByMail(page: Page, email: string, password: string) {
  const since = Date.now() - 1000;
  await page.goto('/admin/new-password');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText(/Ein Link zum Zurücksetzen des Passworts wurde/).first()).toBeVisible();
  await page.goto(new URL(await waitForResetLink(email, since)).pathname);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

async function openMessageCentre(page: Page) {
  await page.goto('/admin/form/O11/F1006');
  await expect(page.getByRole('heading', { name: 'Nachrichtenzentrale', level: 1 })).toBeVisible();
}

test('a club sends a message to its trainers, sees the deliveries, and the trainer reads it in the inbox', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Hallentraining E2E ${Date.now().toString(36)}`;

  await signIn(page, 'verein@example.org');
  await openMessageCentre(page);
  await page.getByRole('button', { name: 'Neue Nachricht' }).click();
  const form = page.getByRole('form', { name: 'Neue Nachricht' });
  await expect(page.getByRole('tab', { name: 'Status' })).toBeDisabled();

  // Without roles and title the send is refused and the border flashes.
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('Bitte füllen Sie das erforderliche Feld aus!').first()).toBeVisible();
  await expect(page.locator('form[data-flash]')).toHaveCount(1);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await form.getByLabel('Titel *').fill(title);
  await form.getByLabel('Kurztext (Push-Nachricht)').fill('Das Training am Freitag beginnt um 18 Uhr.');
  const content = form.getByRole('textbox', { name: 'Inhalt' });
  await content.click();
  await page.keyboard.type('Bitte bringt eure eigenen Pfeile mit.');
  await page.keyboard.press('ControlOrMeta+a');
  await form.getByRole('toolbar', { name: 'Formatierung: Inhalt' }).getByRole('button', { name: 'Fett' }).click();
  await expect(content.locator('strong')).toHaveText('Bitte bringt eure eigenen Pfeile mit.');
  await form
    .getByRole('group', { name: /^Rollen/ })
    .getByRole('checkbox', { name: 'Trainer', exact: true })
    .check();
  await form
    .getByRole('group', { name: /^Organisationen/ })
    .getByRole('checkbox', { name: 'BSV Wiener Neustadt' })
    .check();
  const media = form.getByRole('group', { name: /^Versand über/ });
  await expect(media.getByRole('checkbox', { name: 'E-Mail' })).toBeChecked();
  await media.getByRole('checkbox', { name: 'Push' }).check();

  // Not visible: the audience is locked (and would only be kept); visible again to send.
  const visible = form.getByRole('switch', { name: 'Sichtbar (versenden)' });
  await visible.click();
  await expect(form.getByRole('group', { name: /^Rollen/ }).getByRole('checkbox', { name: 'Trainer', exact: true })).toBeDisabled();
  await expect(form.getByRole('combobox', { name: 'Antwort an' })).toBeDisabled();
  await visible.click();
  await expect(form.getByRole('combobox', { name: 'Antwort an' })).toBeEnabled();

  // A picture, uploaded once the message exists.
  const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#27a' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Dateien hinzufügen', { exact: true })
    .setInputFiles({ name: 'hallenplan.png', mimeType: 'image/png', buffer: picture });
  await expect(form.getByRole('img', { name: 'hallenplan.png' })).toBeVisible();
  await expectAccessible(page, 'message form');

  await page.getByRole('button', { name: 'Senden' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Versenden');
  await confirm.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Erfolgreich gespeichert').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(page.getByText('Nachrichten aktualisiert').first()).toBeVisible();

  // Selected in the list, read-only, with its picture.
  const list = page.getByRole('list', { name: 'Nachrichten' });
  await expect(list.getByRole('button', { name: new RegExp(title) })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('form', { name: title }).getByLabel('Titel *')).toBeDisabled();
  await expect(page.getByRole('form', { name: title }).getByRole('img', { name: 'hallenplan.png' })).toBeVisible();

  // The Status tab fills: the e-mail goes out, the push finds no subscription.
  await page.getByRole('tab', { name: 'Status' }).click();
  await expect(statusTable(page)).toBeVisible();
  await expect(trainerRow(page, 'E-Mail').getByRole('cell', { name: 'gesendet', exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(trainerRow(page, 'Push').getByRole('cell', { name: 'kein Push-Abo', exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(trainerRow(page, 'E-Mail')).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  const counts = page.getByText(/^\d+ Empfänger, \d+ ungelesen/);
  const [recipients, unreadBefore] = ((await counts.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(unreadBefore).toBe(recipients);
  await expectAccessible(page, 'message status');

  // The e-mail arrived (written as an .eml file in the e2e data folder).
  const mail = mailFiles()
    .map((f) => readFileSync(f, 'utf8'))
    .find((raw) => raw.includes('trainer@example.org') && raw.includes(title));
  expect(mail, 'an e-mail to the trainer with the title').toBeTruthy();

  // The trainer reads it in the inbox (linked from the avatar menu).
  await signOut(page);
  await setPasswordByMail(page, 'trainer@example.org', 'Posteingang2026!');
  await signIn(page, 'trainer@example.org', 'Posteingang2026!');
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('link', { name: 'Posteingang' }).click();
  await expect(page.getByRole('heading', { name: 'Posteingang', level: 1 })).toBeVisible();
  const inbox = page.getByRole('list', { name: 'Benachrichtigungen' });
  const item = inbox.getByRole('button', { name: new RegExp(`ungelesen: ${title}`) });
  await expect(item).toBeVisible();
  const unreadText = page.getByText(/^\d+ ungelesen$/);
  const unreadInbox = Number(((await unreadText.textContent()) ?? '').match(/\d+/)![0]);
  expect(unreadInbox).toBeGreaterThan(0);
  // without push support in this headless browser the switch explains itself (or it can be turned on)
  await expect(page.getByRole('switch', { name: 'Push-Benachrichtigungen in diesem Browser' })).toBeVisible();
  // the service worker the switch registers is served under /admin/ and may control all of it
  const sw = await page.request.get('/admin/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin/' })).scope);
  expect(new URL(scope).pathname).toBe('/admin/');
  // its push handler: one notification per message, a repeated delivery replaces it (tag n{id})
  await page.context().grantPermissions(['notifications']);
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  const shown = await worker.evaluate(async () => {
    type Sw = {
      dispatchEvent: (e: Event) => void;
      registration: ServiceWorkerRegistration;
      PushEvent: new (type: string, init: { data: string }) => Event;
    };
    const sw = globalThis as unknown as Sw;
    const data = JSON.stringify({ title: 'Probe', body: 'Kurztext', notificationId: 99, url: '/admin/inbox?open=99' });
    sw.dispatchEvent(new sw.PushEvent('push', { data }));
    sw.dispatchEvent(new sw.PushEvent('push', { data }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await sw.registration.getNotifications();
    list.forEach((n) => n.close());
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
  expect(shown).toEqual([{ title: 'Probe', body: 'Kurztext', tag: 'n99', data: { notificationId: 99 } }]);
  await expectAccessible(page, 'inbox');

  await item.click();
  const article = page.getByRole('article', { name: title });
  await expect(article).toBeVisible();
  await expect(article).toContainText('Von BSV Wiener Neustadt am');
  await expect(article.locator('strong')).toHaveText('Bitte bringt eure eigenen Pfeile mit.');
  await expect(inbox.getByRole('button', { name: new RegExp(title) })).not.toContainText('ungelesen');
  await expect(page.getByText(`${unreadInbox - 1} ungelesen`, { exact: true })).toBeVisible();
  // ?open={id}, where a push notification's click leads, opens it right away
  const mine = await page.request.get('/admin/api/v1/notification');
  const notificationId = ((await mine.json()) as { items: Array<{ id: number; title: string }> }).items.find((n) => n.title === title)!.id;
  await page.goto(`/admin/inbox?open=${notificationId}`);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(inbox.getByRole('button', { name: new RegExp(title) })).toHaveAttribute('aria-current', 'true');

  // The club sees it read.
  await signOut(page);
  await signIn(page, 'verein@example.org');
  await openMessageCentre(page);
  await page
    .getByRole('list', { name: 'Nachrichten' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await page.getByRole('tab', { name: 'Status' }).click();
  await expect(trainerRow(page, 'Push')).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(page.getByText(`${recipients} Empfänger, ${unreadBefore - 1} ungelesen`)).toBeVisible();
});

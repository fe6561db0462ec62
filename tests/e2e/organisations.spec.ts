import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';
import { minimalPdf } from './support/sample-files';

/**
 * The organisation page (forms 50 and 58, issue 3): the federation creates and edits clubs, a club
 * administrator edits only its own club with places and documents, the table exports CSV.
 */

async function confirmYes(page: Page, question: string | RegExp) {
  const dialog = page.getByRole('alertdialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ja' }).click();
}

async function chooseOption(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const orgList = (page: Page) => page.getByRole('navigation', { name: 'Organisationsliste' });

test('federation creates a club (required-field flash first) and edits another club', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F50');
  await expect(page.getByText('Bitte wählen Sie links eine Organisation aus.')).toBeVisible();
  // 11 per page, inactive (dissolved) club styled so
  await expect(orgList(page).getByRole('listitem')).toHaveCount(11);
  await expectAccessible(page, 'organisations, list without a choice');

  await orgList(page).getByRole('link', { name: 'Organisation hinzufügen' }).click();
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F50\/new$/);
  const form = page.getByRole('form', { name: 'Organisationsdaten' });

  // nothing filled in: the required-field message and the red border flash
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte füllen Sie das erforderliche Feld aus!').first()).toBeVisible();
  await expect(form).toHaveAttribute('data-flash', 'true');
  await expectAccessible(page, 'new organisation, required fields refused');

  const name = `E2E Bogenclub ${Date.now()}`;
  const short = `E2E ${Date.now() % 100000}`;
  await form.getByLabel('Name *', { exact: true }).fill(name);
  await form.getByLabel('Kurzname *', { exact: true }).fill(short);
  await form.getByLabel('Straße *', { exact: true }).fill('Testgasse 1');
  await form.getByLabel('PLZ *', { exact: true }).fill('1010');
  await form.getByLabel('Ort *', { exact: true }).fill('Wien');
  await form.getByLabel('E-Mail *', { exact: true }).fill('office@e2e-club.example.org');
  await chooseOption(page, 'Bundesland *', 'Wien');
  await chooseOption(page, 'Übergeordnete Organisation', 'WBSV');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Daten speichern?' })).toBeVisible();
  await expectAccessible(page, 'save confirmation');
  await confirmYes(page, 'Daten speichern?');
  await expect(page.getByText('Organisation gespeichert!')).toBeVisible();
  await expectAccessible(page, 'success toast');
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F50\/\d+$/);
  await expect(page.getByRole('heading', { name: short })).toBeVisible();
  await orgList(page).getByRole('searchbox').fill(short);
  await expect(orgList(page).getByRole('link', { name: new RegExp(short) })).toHaveAttribute('aria-current', 'page');

  // edit another club: UBS St. Pölten (12)
  await page.goto('/admin/form/O1/F50/12');
  await expect(page.getByRole('heading', { name: 'UBS St. Pölten' })).toBeVisible();
  const phone = `+43 2742 ${Date.now() % 1000000}`;
  await expect(form.getByLabel('Telefon')).toBeDisabled();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await form.getByLabel('Telefon').fill(phone);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await confirmYes(page, 'Daten speichern?');
  await expect(page.getByText('Organisation gespeichert!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Telefon')).toHaveValue(phone);

  // cancel throws away an edit
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await form.getByLabel('Telefon').fill('+43 1 0000');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(form.getByLabel('Telefon')).toHaveValue(phone);
  await expect(form.getByLabel('Telefon')).toBeDisabled();
});

test('id rules: 0 and unknown ids go to the route without id, a negative id opens a new form', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F50/0');
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F50$/);
  await page.goto('/admin/form/O1/F50/999999');
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F50$/);
  await page.goto('/admin/form/O1/F50/-5');
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F50\/new$/);
  await expect(page.getByRole('heading', { name: 'Neue Organisation' })).toBeVisible();
  // form 58 opens the same screen
  await page.goto('/admin/form/O1/F58/25');
  await expect(page.getByRole('heading', { name: 'BS Eisenerz' })).toBeVisible();
  await expect(page.getByText(/aufgelöst 31\.12\.2019/)).toBeVisible();
});

test('club administrator edits its own club, adds a place, uploads and downloads a document, and sees no other club', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F50');
  await expect(page.getByRole('heading', { name: 'BSV WN' })).toBeVisible();
  await expect(orgList(page).getByRole('listitem')).toHaveCount(1);
  await expect(orgList(page).getByRole('link', { name: 'Organisation hinzufügen' })).toHaveCount(0);

  // the club's image: png upload with the success text, shown at once
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Bild hochladen', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Erfolgreich hochgeladen')).toBeVisible();
  await expect(page.getByRole('img', { name: 'BSV WN' })).toHaveAttribute('src', /\/admin\/api\/v1\/org\/image\//);

  // own data: level rules mirrored in the form
  const form = page.getByRole('form', { name: 'Organisationsdaten' });
  await expectAccessible(page, 'own club, read mode');
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  // Bearbeiten puts the keyboard in the first field
  await expect(form.getByLabel('Name *', { exact: true })).toBeFocused();
  await expectAccessible(page, 'own club, edit mode');
  await expect(form.getByLabel('BSO-Nummer')).toBeDisabled();
  await expect(form.getByLabel('Gegründet')).toBeDisabled();
  await expect(form.getByLabel('Kooperationspartner')).toBeDisabled();
  await expect(form.getByLabel('Sektion')).toBeEnabled();
  const homepage = `https://bsv-wn-${Date.now()}.example.org`;
  await form.getByLabel('Homepage').fill(homepage);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await confirmYes(page, 'Daten speichern?');
  await expect(page.getByText('Organisation gespeichert!')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Homepage')).toHaveValue(homepage);

  // a new training place with coordinates
  await page.getByRole('tab', { name: 'Trainingsstätten' }).click();
  const placeName = `E2E Halle ${Date.now()}`;
  await page.getByRole('button', { name: 'Trainingsstätte hinzufügen' }).click();
  const placeForm = page.getByRole('form', { name: 'Neue Trainingsstätte' });
  await expectAccessible(page, 'place dialog');
  await placeForm.getByLabel('Name *', { exact: true }).fill(placeName);
  await placeForm.getByLabel('Koordinaten (lat, lon)').fill('47.8123, 16.2456');
  await page.getByRole('button', { name: 'Trainingsstätte speichern' }).click();
  // opening hours and training offer are required
  await expect(page.getByText('Bitte füllen Sie das erforderliche Feld aus!').first()).toBeVisible();
  await placeForm.getByLabel('Öffnungszeiten *').fill('Mo 18:00–20:00');
  await placeForm.getByLabel('Indoor').check();
  await page.getByRole('button', { name: 'Trainingsstätte speichern' }).click();
  await expect(page.getByText('Trainingsstätte gespeichert')).toBeVisible();
  const placeItems = page.getByRole('list', { name: 'Trainingsstätten der Organisation' }).getByRole('listitem');
  const placeItem = placeItems.filter({ hasText: placeName });
  await expect(placeItem).toContainText('47.8123, 16.2456');
  await expect(placeItem).toContainText('Indoor');
  // the map shows a marker per located place, and without tiles says so instead of breaking
  const map = page.getByRole('region', { name: 'Karte der Trainingsstätten' });
  // every place of the demo club and the new one have coordinates
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(await placeItems.count());
  await expect(page.getByText('Die Kartenkacheln konnten nicht geladen werden', { exact: false })).toBeVisible({ timeout: 15_000 });

  // documents: upload a real PDF with a type, download it, delete it
  await expectAccessible(page, 'places tab');
  await page.getByRole('tab', { name: 'Dokumente' }).click();
  await expect(page.getByText('Keine Dokumente vorhanden')).toBeVisible();
  await expectAccessible(page, 'documents tab');
  await chooseOption(page, 'Dokumenttyp', 'Statuten');
  const pdf = minimalPdf();
  await page
    .getByLabel('Datei auswählen und hochladen')
    .setInputFiles({ name: 'statuten-2026.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('Erfolgreich hochgeladen')).toBeVisible();
  const docs = page.getByRole('table', { name: 'Dokumente der Organisation' });
  await expect(docs.getByRole('row').filter({ hasText: 'statuten-2026.pdf' })).toContainText('Statuten');
  const downloading = page.waitForEvent('download');
  await docs.getByRole('link', { name: 'statuten-2026.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('statuten-2026.pdf');
  const saved = readFileSync((await download.path())!);
  expect(saved.equals(pdf)).toBe(true);
  await docs.getByRole('button', { name: 'Löschen: statuten-2026.pdf' }).click();
  await confirmYes(page, /statuten-2026\.pdf/);
  await expect(page.getByText('Keine Dokumente vorhanden')).toBeVisible();

  // the history lists who changed what: the homepage, the document added and removed
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  const history = page.getByRole('region', { name: 'Verlauf' });
  await expect(history.getByText(new RegExp(`→ ${homepage.replace(/[.]/g, '\\.')}$`))).toBeVisible();
  await expect(history.getByText('Homepage').first()).toBeVisible();
  await expect(history.getByText('– → statuten-2026.pdf')).toBeVisible();
  await expect(history.getByText('statuten-2026.pdf → –')).toBeVisible();
  await expectAccessible(page, 'history tab');

  // another club's form is refused; another club's id shows the own club instead
  await page.goto('/admin/form/O12/F50');
  await expect(page.getByRole('heading', { name: 'Kein Zugriff' })).toBeVisible();
  await page.goto('/admin/form/O11/F50/12');
  await expect(page).toHaveURL(/\/admin\/form\/O11\/F50$/);
  await expect(page.getByRole('heading', { name: 'BSV WN' })).toBeVisible();
  await expect(page.getByText('UBS St. Pölten')).toHaveCount(0);
});

test('state association reads its clubs without editing them, and edits itself', async ({ page }) => {
  await signIn(page, 'land@example.org');
  await page.goto('/admin/form/O4/F50');
  await expect(page.getByText('Bitte wählen Sie links eine Organisation aus.')).toBeVisible();
  await expect(orgList(page).getByRole('link', { name: /BSV NÖ/ })).toBeVisible();
  await expect(orgList(page).getByRole('link', { name: /Linz/ })).toHaveCount(0); // a club of another state
  await expect(orgList(page).getByRole('link', { name: 'Organisation hinzufügen' })).toHaveCount(0);

  await orgList(page)
    .getByRole('link', { name: /BSV WN/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/form\/O4\/F50\/11$/);
  await expect(page.getByText('Nur Ansicht: Sie dürfen diese Organisation nicht bearbeiten.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Trainingsstätten' }).click();
  await expect(page.getByRole('button', { name: 'Trainingsstätte hinzufügen' })).toHaveCount(0);

  await page.goto('/admin/form/O4/F50/4');
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.getByRole('form', { name: 'Organisationsdaten' });
  await expect(form.getByLabel('BSO-Nummer')).toBeEnabled();
  await expect(form.getByLabel('Gegründet')).toBeDisabled();
  // the federation's record is not among what a state association sees
  await page.goto('/admin/form/O4/F50/1');
  await expect(page).toHaveURL(/\/admin\/form\/O4\/F50$/);
});

test('table view: filter open fees and export CSV with byte-order mark and semicolons', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F50');
  await page.getByRole('button', { name: 'Tabelle' }).click();
  await expect(page).toHaveURL(/view=table/);
  const table = page.getByRole('table', { name: 'Organisationen' });
  await expect(table.getByRole('row')).toHaveCount(2 + 20); // header, filter row, 20 per page
  await expectAccessible(page, 'organisations table');
  await page.getByRole('combobox', { name: 'Filter: Offene Beiträge' }).selectOption({ label: 'Offene Beiträge >=2' });
  const openCells = table.locator('tbody tr td:last-child');
  const counts = (await openCells.allTextContents()).map(Number);
  expect(counts.length).toBeGreaterThan(0);
  expect(counts.every((n) => n >= 2)).toBe(true);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV-Export' }).click();
  const download = await downloading;
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0].split(';')).toEqual(expect.arrayContaining(['Kurzname', 'Name', 'Offene Beiträge']));
  const total = Number(/(\d+) Einträge/.exec((await page.getByRole('navigation', { name: 'Seitennavigation' }).textContent()) ?? '')?.[1]);
  expect(lines.length - 1).toBe(total);

  // a row opens the organisation in the list view
  await page.getByRole('combobox', { name: 'Filter: Offene Beiträge' }).selectOption({ label: 'Alle' });
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('Wiener Neustadt');
  await table.getByRole('row').filter({ hasText: 'BSV WN' }).first().click();
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F50\/11$/);
  await expect(page.getByRole('heading', { name: 'BSV WN' })).toBeVisible();
});

test('keyboard only: Bearbeiten, save confirmation with Tab, Escape and Enter, focus comes back', async ({ page }) => {
  await signIn(page, 'land@example.org');
  await page.goto('/admin/form/O4/F50/4');
  const form = page.getByRole('form', { name: 'Organisationsdaten' });
  const edit = page.getByRole('button', { name: 'Bearbeiten' });
  await expect(edit).toBeVisible();
  // opening a record puts the focus on its heading, so Bearbeiten is a few Tabs away (not 12 from <body>)
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[1-6]$/);
  for (let i = 0; i < 6 && !(await edit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  const name = form.getByLabel('Name *', { exact: true });
  await expect(name).toBeFocused();
  const phone = `+43 2742 ${Date.now() % 1000000}`;
  // the way to the phone field is many Tabs long; the confirmation below is keyboard-only
  await form.getByLabel('Telefon').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(phone);

  // Enter in a field asks 'Daten speichern?'; focus is in the question, Tab stays inside it
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Daten speichern?' });
  const yes = question.getByRole('button', { name: 'Ja' });
  const no = question.getByRole('button', { name: 'Nein' });
  await expect(yes).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(no).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(yes).toBeFocused();
  // Escape answers Nein and gives focus back to the field
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(form.getByLabel('Telefon')).toBeFocused();

  // again, and Enter on Ja saves
  await page.keyboard.press('Enter');
  await expect(yes).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Organisation gespeichert!')).toBeVisible();
  await expect(edit).toBeFocused();
  await page.reload();
  await expect(form.getByLabel('Telefon')).toHaveValue(phone);
});

test('unsaved changes are not lost silently when another organisation is chosen; the chosen one gets focus', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F50/12');
  const form = page.getByRole('form', { name: 'Organisationsdaten' });
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await form.getByLabel('Telefon').fill('+43 1 2345');
  await orgList(page).getByRole('searchbox').fill('BSV WN');
  await orgList(page)
    .getByRole('link', { name: /BSV WN/ })
    .click();
  const question = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen verwerfen?' });
  await expect(question).toBeVisible();
  await expectAccessible(page, 'discard question');
  await question.getByRole('button', { name: 'Nein' }).click();
  await expect(page).toHaveURL(/\/F50\/12$/);
  await expect(form.getByLabel('Telefon')).toHaveValue('+43 1 2345');

  await orgList(page)
    .getByRole('link', { name: /BSV WN/ })
    .click();
  await question.getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL(/\/F50\/11$/);
  await expect(page.getByRole('heading', { name: 'BSV WN' })).toBeFocused();
  await expect(page).toHaveTitle(/^Organisationen – .+ · Verbandsverwaltung$/);
});

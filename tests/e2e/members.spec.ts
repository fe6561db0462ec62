import { readFile } from 'node:fs/promises';
import { expect, request, test, type Page } from '@playwright/test';
import { E2E_API_PORT } from '../../playwright.config';
import { expectAccessible } from './support/axe';
import { foldSearch } from '../../lib/domain/search-fold';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

// the accessibility checks of each screen and dialog take their time on a busy machine
test.describe.configure({ timeout: 120_000 });

/**
 * The member page (forms 51/52, issue 4) as a club administrator of BSV Wiener Neustadt (O11):
 * duplicate check with connect, creating a new member, trainings, functions, ending a membership
 * and the overview table's CSV export; the federation (O1, form 52) putting a membership and a
 * function into organisations it picks. Runs on a freshly seeded database.
 */

const CLUB = 11;
const MEMBERS = `/admin/form/O${CLUB}/F51`;

type ApiMember = {
  id: number;
  firstName: string;
  surname: string;
  birthDate: string;
  gender: 'm' | 'w' | 'd';
  organizations: { orgId: number; orgName: string; active: boolean }[];
};

/** DD.MM.YYYY of a local date. */
function display(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
}

function isoToDisplay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** The German transliteration a clerk might type instead of the umlaut. */
function transliterate(name: string): string {
  return name.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

/**
 * A seeded member of ANOTHER club whose surname has an umlaut, found through the API as the
 * federation (the seed depends on the year, so no fixed name is assumed).
 */
async function memberOfAnotherClubWithUmlaut(): Promise<ApiMember> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${E2E_API_PORT}` });
  try {
    const login = await api.post('/api/v1/auth/login', { data: { email: 'verband@example.org', password: DEMO_PASSWORD } });
    expect(login.ok()).toBe(true);
    const { jwtToken } = (await login.json()) as { jwtToken: string };
    for (let page = 1; page <= 20; page++) {
      const res = await api.get(`/api/v1/admin/members?pageSize=100&page=${page}`, { headers: { authorization: `Bearer ${jwtToken}` } });
      expect(res.ok()).toBe(true);
      const { items } = (await res.json()) as { items: ApiMember[] };
      const found = items.find((m) => {
        const active = m.organizations.filter((o) => o.active);
        return /[äöü]/.test(m.surname) && !/[äöüß]/.test(m.firstName) && active.length > 0 && !active.some((o) => o.orgId === CLUB);
      });
      if (found) return found;
      if (items.length < 100) break;
    }
    throw new Error('no seeded member with an umlaut in another club');
  } finally {
    await api.dispose();
  }
}

async function fillNewMember(page: Page, m: { firstName: string; surname: string; birthDate: string; gender: 'männlich' | 'weiblich' }) {
  await page.getByRole('link', { name: '+ Neues Mitglied' }).click();
  await expect(page).toHaveURL(/\/F51\/new$/);
  await expect(page.getByRole('tab', { name: 'Ausbildung' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Funktionen und Lizenzen' })).toBeDisabled();
  await page.getByLabel('Vorname *').fill(m.firstName);
  await page.getByLabel('Nachname *').fill(m.surname);
  await page.getByLabel('Geburtsdatum *').fill(m.birthDate);
  await page.getByRole('combobox', { name: 'Geschlecht *' }).click();
  await page.getByRole('option', { name: m.gender }).click();
}

async function saveAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Speichern' }).click();
  const question = page.getByRole('alertdialog', { name: 'Daten speichern?' });
  await expect(question).toBeVisible();
  await expectAccessible(page, 'new member, save confirmation');
  await question.getByRole('button', { name: 'Ja' }).click();
}

test('an existing member typed with "ue" instead of "ü" is found and connected to the club; then the membership is ended', async ({
  page,
}) => {
  const existing = await memberOfAnotherClubWithUmlaut();
  const spelled = transliterate(existing.surname);
  expect(spelled).not.toBe(existing.surname);

  await signIn(page, 'verein@example.org');
  await page.goto(MEMBERS);
  await expect(page.getByText('Mitglieder geladen')).toBeVisible();

  // The required fields are named before anything is asked.
  await page.getByRole('link', { name: '+ Neues Mitglied' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte füllen Sie das erforderliche Feld aus!')).toHaveCount(4);
  await page.goto(MEMBERS);

  await fillNewMember(page, {
    firstName: existing.firstName,
    surname: spelled,
    birthDate: isoToDisplay(existing.birthDate),
    gender: existing.gender === 'w' ? 'weiblich' : 'männlich',
  });
  await saveAndConfirm(page);

  const dialog = page.getByRole('dialog', { name: 'Mitglied existiert bereits' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'duplicate dialog');
  await expect(dialog).toBeVisible();
  const entry = dialog.getByRole('listitem', { name: `${existing.firstName} ${existing.surname}` });
  await expect(entry).toContainText('gleicher Name in anderer Schreibweise');
  await expect(entry).toContainText('gleiches Geburtsdatum');
  await entry.getByRole('button', { name: 'Mit Verein verbinden' }).click();

  await expect(page.getByText('Mitglied zum Verein hinzugefügt')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/F51/${existing.id}$`));
  const card = page.getByRole('region', { name: 'Profil' });
  await expect(card).toContainText(`BSV Wiener Neustadt (seit ${display(new Date())})`);

  // Now a member of the club: found by the list's search.
  await page.getByRole('searchbox', { name: 'Mitglieder suchen' }).fill(existing.surname);
  await expect(page.getByRole('link', { name: new RegExp(`${existing.surname} ${existing.firstName}`) })).toBeVisible();

  // End the new membership 30 days from today.
  const end = new Date();
  end.setDate(end.getDate() + 30);
  // memberships, functions and trainings save at once: offered in read mode, not under Bearbeiten
  await page.getByRole('tab', { name: 'Funktionen und Lizenzen' }).click();
  await expect(page.getByRole('note')).toHaveText('Änderungen in diesem Bereich werden sofort gespeichert.');
  await page.getByRole('button', { name: 'Mitgliedschaft beenden: BSV Wiener Neustadt' }).click();
  const endDialog = page.getByRole('dialog', { name: 'Mitgliedschaft in BSV Wiener Neustadt beenden' });
  const endField = endDialog.getByLabel('Letzter Tag der Mitgliedschaft *');
  await expect(endField).toHaveValue(display(new Date()));
  await expectAccessible(page, 'end membership dialog');
  // the date picker inside the dialog: German, and Escape closes only the picker
  await endDialog.getByRole('button', { name: 'Kalender öffnen' }).click();
  const calendar = page.getByRole('dialog', { name: 'Kalender' });
  await expect(calendar.locator('.rdp-weekday').first()).toHaveAttribute('aria-label', 'Montag');
  await expectAccessible(page, 'date picker in a dialog');
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
  await expect(endDialog).toBeVisible();
  await expect(endField).toBeFocused();
  await endField.fill(display(end));
  await endDialog.getByRole('button', { name: 'Mitgliedschaft beenden' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(`Mitgliedschaft in BSV Wiener Neustadt mit ${display(end)} beenden?`);
  await expectAccessible(page, 'end membership confirmation');
  await question.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(`Mitgliedschaft beendet ab ${display(end)}`)).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Funktionen und Lizenzen' })
    .getByRole('row')
    .filter({ hasText: 'BSV Wiener Neustadt' })
    .filter({ hasText: /^Mitglied/ });
  await expect(row).toContainText(display(end));
});

test('a genuinely new member is created, then gets a training and a function', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto(MEMBERS);
  await fillNewMember(page, { firstName: 'Xaveria', surname: 'Quellenberger', birthDate: '28.02.1990', gender: 'weiblich' });
  await page.getByLabel('Ort').fill('Wiener Neustadt');
  await saveAndConfirm(page);

  await expect(page.getByText('Xaveria Quellenberger wurde erfolgreich erstellt')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Mitglied existiert bereits' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/F51\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Xaveria Quellenberger' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ausbildung' })).toBeEnabled();

  // A training: the add button waits for a type and a start date; the end follows from the type's validity.
  await page.getByRole('tab', { name: 'Ausbildung' }).click();
  await expect(page.getByText('keine Ausbildung')).toBeVisible();
  await expectAccessible(page, 'member, training tab');
  const addTraining = page.getByRole('button', { name: 'Ausbildung hinzufügen' });
  await expect(addTraining).toBeDisabled();
  await page.getByRole('combobox', { name: 'Ausbildung *' }).click();
  await page.getByRole('option', { name: 'Sicherheit – Erste-Hilfe-Kurs (16 Stunden)' }).click();
  await expect(addTraining).toBeDisabled();
  await page.getByLabel('Beginn *').fill('01.03.2025');
  await expect(page.getByRole('textbox', { name: 'Ende' })).toHaveValue('01.03.2027');
  await page.getByLabel('Prüfer').fill('Rotes Kreuz');
  await addTraining.click();
  await expect(page.getByText('Erfolgreich gespeichert')).toBeVisible();
  const trainings = page.getByRole('table', { name: 'Ausbildungen' });
  await expect(trainings.getByRole('row').filter({ hasText: 'Erste-Hilfe-Kurs (16 Stunden)' })).toContainText(
    '01.03.202501.03.2027Rotes Kreuz',
  );

  // A function: open-ended, shown 'unbefristet'; the club membership from creating is there too.
  await page.getByRole('tab', { name: 'Funktionen und Lizenzen' }).click();
  const functions = page.getByRole('table', { name: 'Funktionen und Lizenzen' });
  await expect(functions.getByRole('row').filter({ hasText: /^Mitglied/ })).toContainText('unbefristet');
  await page.getByRole('button', { name: '+ Funktion hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Funktion hinzufügen' });
  await dialog.getByRole('combobox', { name: 'Funktion *' }).click();
  await page.getByRole('option', { name: 'Sportbetrieb / Trainer: Trainer' }).click();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
  const trainer = functions.getByRole('row').filter({ hasText: 'Trainer' });
  await expect(trainer).toContainText('BSV Wiener Neustadt');
  await expect(trainer).toContainText('unbefristet');
  await expect(trainer).toContainText('aktiv');

  // Still there after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Funktionen und Lizenzen' }).click();
  await expect(page.getByRole('table', { name: 'Funktionen und Lizenzen' }).getByRole('row').filter({ hasText: 'Trainer' })).toHaveCount(1);
});

test('the federation adds a membership in a club it picks and a function in another organisation', async ({ page }) => {
  // Lena Steiner (demo member 5) belongs to BSV Wiener Neustadt only.
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F52/5');
  await expect(page.getByRole('heading', { name: 'Lena Steiner' })).toBeVisible();
  await page.getByRole('tab', { name: 'Funktionen und Lizenzen' }).click();
  const functions = page.getByRole('table', { name: 'Funktionen und Lizenzen' });
  await expectAccessible(page, 'member, functions tab (federation)');

  await page.getByRole('button', { name: '+ Mitgliedschaft hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mitgliedschaft hinzufügen' });
  const add = dialog.getByRole('button', { name: 'Mitgliedschaft hinzufügen' });
  await expect(add).toBeDisabled();
  await expectAccessible(page, 'membership dialog');
  const club = dialog.getByRole('combobox', { name: 'Verein *' });
  await club.fill('polten');
  await expect(dialog.getByRole('option')).toHaveCount(1);
  await dialog.getByRole('option', { name: /^Union Bogenschützen St\. Pölten/ }).click();
  await expect(club).toHaveValue('Union Bogenschützen St. Pölten');
  await add.click();
  await expect(page.getByText('Mitglied zum Verein hinzugefügt')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const membership = functions.getByRole('row').filter({ hasText: 'Union Bogenschützen St. Pölten' });
  await expect(membership).toContainText('Mitglied');
  await expect(membership).toContainText(display(new Date()));
  await expect(membership).toContainText('unbefristet');
  await expect(page.getByRole('region', { name: 'Profil' })).toContainText('Union Bogenschützen St. Pölten');

  // A function in a club: the roles offered follow the chosen organisation (Zeugwart is not offered in the federation).
  await page.getByRole('button', { name: '+ Funktion hinzufügen' }).click();
  const fnDialog = page.getByRole('dialog', { name: 'Funktion hinzufügen' });
  const org = fnDialog.getByRole('combobox', { name: 'Organisation *' });
  await expect(org).toHaveValue('Österreichischer Bogensportverband');
  await expectAccessible(page, 'function dialog');
  await fnDialog.getByRole('combobox', { name: 'Funktion *' }).click();
  await expect(page.getByRole('option', { name: 'Vereinsdienste: Zeugwart' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await org.fill('BSC Linz');
  await fnDialog.getByRole('option', { name: /^Bogensportclub Linz/ }).click();
  await fnDialog.getByRole('combobox', { name: 'Funktion *' }).click();
  await page.getByRole('option', { name: 'Vereinsdienste: Zeugwart' }).click();
  await fnDialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(fnDialog).toHaveCount(0);
  const warden = functions.getByRole('row').filter({ hasText: 'Zeugwart' });
  await expect(warden).toContainText('Bogensportclub Linz');
  await expect(warden).toContainText('aktiv');

  // Both stay after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Funktionen und Lizenzen' }).click();
  const reloaded = page.getByRole('table', { name: 'Funktionen und Lizenzen' });
  await expect(reloaded.getByRole('row').filter({ hasText: 'Union Bogenschützen St. Pölten' })).toHaveCount(1);
  await expect(reloaded.getByRole('row').filter({ hasText: 'Zeugwart' })).toContainText('Bogensportclub Linz');
});

test('the overview table exports every member of the club as CSV (byte-order mark, semicolons)', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto(MEMBERS);
  await page.getByRole('button', { name: 'Tabelle' }).click();
  await expect(page).toHaveURL(/\?view=table$/);
  const table = page.getByRole('table', { name: 'Mitgliederübersicht' });
  // 20 rows per page (plus the header and filter rows)
  await expect(table.getByRole('row')).toHaveCount(22);
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(20);

  const lines = await exportedLines(page);
  expect(lines[0].split(';').slice(0, 5)).toEqual(['Registriernummer', 'Organisationen', 'Nachname', 'Vorname', 'Geburtsdatum']);
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).filter((l) => l.includes('BSV Wiener Neustadt')).length).toBeGreaterThan(total / 2);

  // The edit column opens the member in the list view, ready to edit.
  await table
    .getByRole('button', { name: /bearbeiten$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/F51\/\d+\?edit=1$/);
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Persönliche Daten' })).toBeVisible();
});

/** The row count under the table ('1.505 Einträge'). */
async function shownTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d.]+ Einträge$/).textContent();
  return Number(text?.split(' ')[0].replace(/\./g, ''));
}

/** Downloads the table's CSV export and returns its lines (after checking the byte-order mark). */
async function exportedLines(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV-Export' }).click()]);
  expect(download.suggestedFilename()).toBe('mitglieder.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1).trimEnd().split('\r\n');
}

test('the federation sorts all members by surname across pages, keeps it on reload, and exports every member', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F52?view=table');
  const table = page.getByRole('table', { name: 'Mitgliederübersicht' });
  await expect(table.getByRole('row')).toHaveCount(22);
  // 1,505 demo members, and those the tests above added
  const total = await shownTotal(page);
  expect(total).toBeGreaterThanOrEqual(1505);
  const pages = Math.ceil(total / 20);

  const surnames = async () => (await table.locator('tbody tr td:nth-child(4)').allTextContents()).map((s) => s.trim());
  const descending = (list: string[]) => list.every((s, i) => i === 0 || foldSearch(list[i - 1]).localeCompare(foldSearch(s), 'de') >= 0);

  // Nachname is the default order (ascending); a click turns it around, over all 1,505 members.
  const nameHeader = table.getByRole('columnheader', { name: /Nachname/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstAscending = (await surnames())[0];
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=surname&dir=desc/);
  await expect(table.getByRole('row').nth(2).locator('td').nth(3)).not.toHaveText(firstAscending);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const page1 = await surnames();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText(`Seite 2 von ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  // The page number changes before the page's rows arrive: read them once they have.
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(surnames).not.toEqual(page1);
  const page2 = await surnames();
  expect(page1).toHaveLength(20);
  expect(descending([...page1, ...page2])).toBe(true);

  // The last page ends with the surname the ascending order started with.
  await page.getByRole('spinbutton').fill(String(pages));
  await page.getByRole('spinbutton').press('Enter');
  await expect(page.getByText(`Seite ${pages} von ${pages}`)).toBeVisible();
  await expect.poll(async () => (await surnames()).at(-1)).toBe(firstAscending);

  // A reload (or the link sent to a colleague) shows the same page in the same order.
  await page.reload();
  await expect(page.getByText(`Seite ${pages} von ${pages}`)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Nachname/ })).toHaveAttribute('aria-sort', 'descending');

  // The export holds every member, in the table's order.
  const lines = await exportedLines(page);
  expect(lines).toHaveLength(total + 1);
  const exported = lines.slice(1).map((l) => l.split(';')[2]);
  expect(exported[0]).toBe(page1[0]);
  expect(exported.at(-1)).toBe(firstAscending);
});

test('a state association reads its members but may not add or change any', async ({ page }) => {
  await signIn(page, 'land@example.org');
  await page.goto('/admin/form/O4/F51');
  const list = page.getByRole('region', { name: 'Mitglieder' });
  const first = list.getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('link', { name: '+ Neues Mitglied' })).toHaveCount(0);
  await first.click();
  await expect(page).toHaveURL(/\/O4\/F51\/\d+$/);
  await expect(page.getByText('Nur Lesezugriff')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByLabel('Vorname *')).toBeDisabled();

  // no empty form it could not save: 'new' leads to the route without id
  await page.goto('/admin/form/O4/F51/new');
  await expect(page).toHaveURL(/\/O4\/F51$/);
  await expect(page.getByLabel('Vorname *')).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { minimalPdf } from './support/sample-files';
import { signIn, signOut } from './support/sign-in';

/**
 * A club announces a tournament in four steps (moving on from the first needs the contact
 * person), changes its location, and the federation sees that row highlighted against the first
 * submission and approves it. The club then renames the approved tournament: it waits for a new
 * approval, and the federation compares it with the approved version and approves the change.
 */

const display = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
};

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillDate(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Tab');
}

test('a club announces a tournament in four steps, changes it, and the federation approves it', async ({ page }) => {
  const name = `Hallenturnier E2E ${Date.now().toString(36)}`;
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F1000');
  await expect(page.getByRole('navigation', { name: 'Turniere' })).toBeVisible();
  await page.getByRole('link', { name: 'Neues Turnier' }).click();
  await expect(page.getByRole('heading', { name: 'Neues Turnier' })).toBeVisible();

  await page.getByLabel('Name *').fill(name);
  await choose(page, /Turnierart/, 'Leistungssport Halle/Freiluft/Feld');
  await fillDate(page, 'Beginn *', display(30));
  await fillDate(page, 'Ende *', display(31));
  await fillDate(page, 'Anmeldung ab *', display(1));
  await fillDate(page, 'Anmeldung bis *', display(29));
  await page.getByLabel('Ort *').fill('Halle Süd');
  await page.getByLabel('E-Mail *').fill('turnier@bsv-wn.example.org');
  // No contact person: the first step does not let go.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Bitte füllen Sie das erforderliche Feld aus!').first()).toBeVisible();
  // the form's border flashes red for 5.5 s
  await expect(page.locator('form[data-flash]')).toHaveCount(1);
  await expect(page.getByLabel('Kontaktperson *')).toBeVisible();
  await page.getByLabel('Kontaktperson *').fill('Eva Bogner');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await choose(page, /Disziplin/, 'Indoor');
  await choose(page, /Regelwerk/, 'WA Halle 18 m');
  await page.getByRole('checkbox', { name: 'Recurve' }).check();
  await page.getByRole('checkbox', { name: 'B', exact: true }).check();
  await expectAccessible(page, 'tournament competition step');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Keine Anhänge')).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Turniergebühr: TURNIERGEBUEHR_LEISTUNGSSPORT')).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Veranstaltung erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/F1000\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The invitation as an attachment: saved at once, a link to download.
  await page.getByRole('button', { name: '3. Anhänge' }).click();
  await page
    .getByLabel('Anhang hochladen', { exact: true })
    .setInputFiles({ name: 'Ausschreibung.pdf', mimeType: 'application/pdf', buffer: minimalPdf() });
  await expect(page.getByText('Anhang hochgeladen')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ausschreibung.pdf' })).toBeVisible();
  await page.getByRole('button', { name: '1. Allgemein' }).click();

  // The club moves it to another hall.
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByLabel('Ort *').fill('Halle Nord');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Veranstaltung aktualisiert')).toBeVisible();
  await expectAccessible(page, 'saved tournament');
  await signOut(page);

  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1001');
  await page.getByRole('searchbox', { name: 'Turnier suchen' }).fill(name);
  await page
    .getByRole('navigation', { name: 'Turniere' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  const detail = page.getByRole('region', { name });
  const table = detail.getByRole('table', { name: 'Ursprüngliche und aktuelle Werte' });
  const location = table.getByRole('row', { name: /Ort/ });
  await expect(location).toContainText('Halle Süd');
  await expect(location).toContainText('Halle Nord');
  await expect(location).toHaveAttribute('data-changed', 'true');
  await expect(table.getByRole('row', { name: /^Name/ })).not.toHaveAttribute('data-changed', 'true');
  await expectAccessible(page, 'tournament approval');

  await detail.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Veranstaltung freigegeben')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Freigeben' })).toBeDisabled();
  await expect(detail).toContainText('freigegeben');
  // The fee order was placed with the approval.
  await detail.getByRole('tab', { name: 'Bezahlung' }).click();
  await expect(detail.getByText('Turniergebühr: TURNIERGEBUEHR_LEISTUNGSSPORT')).toBeVisible();
  await expect(detail.getByText(/^0011-\d{6}$/)).toBeVisible();

  // The table view lists every tournament, searchable, with a CSV of all matching rows.
  await page.getByRole('button', { name: 'Tabelle' }).click();
  const all = page.getByRole('table', { name: 'Alle Turniere' });
  await page.getByRole('searchbox', { name: 'Suchen' }).fill(name);
  await expect(all.getByRole('row').filter({ hasText: name })).toContainText('Halle Nord');
  await expectAccessible(page, 'tournament table');
  await signOut(page);

  // The club renames the approved tournament: asked first, then it waits for a new approval.
  const renamed = `${name} (neu)`;
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F1000');
  await page
    .getByRole('navigation', { name: 'Turniere' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByLabel('Name *').fill(renamed);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('erst nach erneuter Freigabe durch den Verband');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Veranstaltung aktualisiert')).toBeVisible();
  await expect(page.getByText('Die Änderungen warten auf die Freigabe durch den Verband.')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Turniere' }).getByRole('link', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) }),
  ).toContainText('geändert, Freigabe ausstehend');
  await signOut(page);

  // The federation compares it with the approved version and approves the change.
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1001');
  await page.getByRole('checkbox', { name: 'erstellt' }).check();
  await page.getByRole('searchbox', { name: 'Turnier suchen' }).fill(renamed);
  await page
    .getByRole('navigation', { name: 'Turniere' })
    .getByRole('link', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) })
    .click();
  const changed = page.getByRole('region', { name: renamed });
  const versions = changed.getByRole('table', { name: 'Ursprüngliche und aktuelle Werte' });
  await expect(versions.getByRole('columnheader', { name: 'Freigegeben' })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^Name/ })).toHaveAttribute('data-changed', 'true');
  await expect(versions.getByRole('row', { name: /^Name/ })).toContainText(name);
  await expect(versions.getByRole('row', { name: /Ort/ })).not.toHaveAttribute('data-changed', 'true');
  await changed.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('Veranstaltung freigegeben')).toBeVisible();
  await expect(changed.getByRole('button', { name: 'Freigeben' })).toBeDisabled();
  await expect(versions.getByRole('row', { name: /^Name/ })).not.toHaveAttribute('data-changed', 'true');
});

test('typing, deleting and pasting in the date fields of a new tournament never breaks the page', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F1000/new');
  await expect(page.getByRole('heading', { name: 'Neues Turnier' })).toBeVisible();
  for (const label of ['Beginn *', 'Ende *', 'Anmeldung ab *', 'Anmeldung bis *']) {
    const field = page.getByLabel(label, { exact: true });
    await field.click();
    await field.pressSequentially('1');
    await expect(field).toHaveValue('1');
    await field.press('Backspace');
    await field.fill('12.0');
    await field.press('Backspace');
    await field.fill(display(40));
    await field.press('Backspace');
    await field.press('Tab');
    await expect(page.getByText('Etwas ist schiefgelaufen')).toHaveCount(0);
    await expect(field).toHaveAccessibleDescription('Ungültiges Datum (TT.MM.JJJJ)');
    await field.fill(display(40));
    await field.press('Tab');
    await expect(field).not.toHaveAccessibleDescription('Ungültiges Datum (TT.MM.JJJJ)');
  }
  // half a date is refused at its field, on its step
  await page.getByLabel('Ende *', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('button', { name: /Allgemein/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Ende *', { exact: true })).toHaveAccessibleDescription('Ungültiges Datum (TT.MM.JJJJ)');
  await expectAccessible(page, 'a half date refused at its field');
  await signOut(page);
});

import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * The order article categories (form 1032): the federation creates a clothing category with its
 * weight, is refused a malformed price in German, changes a price and finds it in the list; a club
 * administrator does not get the form.
 */

async function confirmYes(page: Page) {
  const dialog = page.getByRole('alertdialog').filter({ hasText: 'Daten speichern?' });
  await dialog.getByRole('button', { name: 'Ja' }).click();
}

async function chooseGroup(page: Page, group: string) {
  await page.getByRole('combobox', { name: /Gruppe/ }).click();
  await page.getByRole('option', { name: group, exact: true }).click();
}

test('the federation creates a clothing category, is refused a malformed price, and changes a price', async ({ page }) => {
  // A name of its own per attempt: a retry must not meet the category the first attempt created.
  const cap = `KLEIDUNG_KAPPE_${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1032');
  const list = page.getByRole('navigation', { name: 'Artikelkategorien' });
  await expect(list.getByRole('link', { name: /JAHRESLIZENZ_/ }).first()).toBeVisible();
  await expectAccessible(page, 'category list');

  await list.getByRole('link', { name: 'Neue ArtikelKategorie' }).click();
  await expect(page.getByRole('heading', { name: 'Neue ArtikelKategorie' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Kategorie *' }).fill(cap);
  await chooseGroup(page, 'Kleidung');
  const weight = page.getByLabel('Gewicht (g)');
  await expect(weight).toBeVisible();
  await weight.fill('85.5');
  await page.getByLabel('Preis (€)', { exact: true }).fill('19.999');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Preis: Zahl mit Dezimalpunkt, höchstens 2 Nachkommastellen und 7 Zeichen').first()).toBeVisible();

  await page.getByLabel('Preis (€)', { exact: true }).fill('19.90');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await confirmYes(page);
  await expect(page.getByText('Erfolgreich gespeichert')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^ArtikelKategorie #\d+$/ })).toBeVisible();
  await expect(page.getByLabel('Gewicht (g)')).toHaveValue('85.5');
  // The toast closes on its own; the second save must show its own toast.
  await expect(page.getByText('Erfolgreich gespeichert')).toHaveCount(0);

  // Another group has no weight.
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await chooseGroup(page, 'Abzeichen');
  await expect(page.getByLabel('Gewicht (g)')).toHaveCount(0);
  await chooseGroup(page, 'Kleidung');
  await page.getByLabel('Preis (€)', { exact: true }).fill('21.50');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await confirmYes(page);
  await expect(page.getByText('Erfolgreich gespeichert')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Kategorie suchen' }).fill(cap.toLowerCase());
  await expect(list.getByRole('link', { name: new RegExp(cap) })).toContainText('21,50 €');
  await expectAccessible(page, 'saved category');
});

test('a licence year keeps its age bands; overlapping bands are refused', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1032');
  const nextYear = new Date().getFullYear() + 1;
  await page
    .getByRole('navigation', { name: 'Artikelkategorien' })
    .getByRole('link', { name: new RegExp(`^JAHRESLIZENZ_${nextYear}`) })
    .click();
  await expect(page.getByRole('group', { name: 'Altersklasse 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const second = page.getByRole('group', { name: 'Altersklasse 2' });
  await second.getByLabel('Alter von').fill('5');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Altersklassen überschneiden sich').first()).toBeVisible();
});

test('a club administrator does not get the category form', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F1032');
  await expect(page.getByRole('heading', { name: 'Neue ArtikelKategorie' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Artikelkategorien' })).toHaveCount(0);
});

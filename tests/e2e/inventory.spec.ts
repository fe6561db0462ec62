import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * The webshop inventory (form 1004): the federation adds the jacket in a new size with its stock;
 * the same line a second time is refused with 'Fehler, mögliche Doppeleingabe?'.
 */

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addLine(page: Page, size: string) {
  await page.getByRole('button', { name: 'Neuer Artikel' }).click();
  await choose(page, /Artikel \(News\)/, 'Verbands-Softshelljacke');
  await choose(page, /Kategorie/, 'KLEIDUNG_SOFTSHELLJACKE');
  await choose(page, /Geschlecht/, 'weiblich');
  await choose(page, /Größe/, size);
  await page.getByLabel('Lagerstand *').fill('4');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
}

test('the federation adds a stock line; the same line again is refused as a duplicate', async ({ page }) => {
  // a size of its own per attempt: a retry must not meet the line the first attempt saved
  const size = ['XS', 'XXL', '3XL'][test.info().retry] ?? '4XL';
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1004');
  const list = page.getByRole('navigation', { name: 'Webshop-Artikel' });
  await expect(list.getByRole('button', { name: /Verbands-Softshelljacke · männlich · M/ })).toBeVisible();
  await expectAccessible(page, 'inventory');

  await addLine(page, size);
  await expect(page.getByText('Erfolgreich gespeichert')).toBeVisible();
  await expect(list.getByRole('button', { name: new RegExp(`Verbands-Softshelljacke · weiblich · ${size}`) })).toContainText('4 auf Lager');

  await addLine(page, size);
  await expect(page.getByText('Fehler, mögliche Doppeleingabe?').first()).toBeVisible();
  await expectAccessible(page, 'inventory refusal');
});

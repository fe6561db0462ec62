import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * The licence order wizard (form 55): a club administrator orders next year's licences for two
 * members (one with a printed card), sees who cannot be ordered and why, checks the total and
 * finds the order in the list with that total.
 */

const nextYear = new Date().getFullYear() + 1;

/** "1.234,50 €" → 1234.5 */
function eurosOf(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

async function openWizard(page: Page) {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F55');
  await expect(page.getByRole('heading', { name: 'Lizenzbestellung' })).toBeVisible();
}

test('a club administrator orders two licences, one with a printed card, and sees the order with its total', async ({ page }) => {
  await openWizard(page);
  await page.getByRole('radio', { name: new RegExp(`Jahreslizenz ${nextYear}`) }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();

  const persons = page.getByRole('table', { name: 'Personen' });
  await expect(persons).toBeVisible();
  // Someone without Safety First is listed, greyed, with the reason, and cannot be ticked.
  const untrained = persons.getByRole('row').filter({ hasText: 'Kein Safety First' }).first();
  await expect(untrained).toHaveAttribute('data-disabled', 'true');
  await expect(untrained.getByRole('checkbox').first()).toBeDisabled();
  await expectAccessible(page, 'persons step');

  const selectable = persons.locator('tbody tr:not([data-disabled])');
  expect(await selectable.count()).toBeGreaterThanOrEqual(2);
  const first = selectable.nth(0);
  const second = selectable.nth(1);
  await first.getByRole('checkbox', { name: /bestellen$/ }).check();
  await first.getByRole('checkbox', { name: /drucken$/ }).check();
  // The print option of an unticked person stays disabled.
  await expect(second.getByRole('checkbox', { name: /drucken$/ })).toBeDisabled();
  await second.getByRole('checkbox', { name: /bestellen$/ }).check();
  await expect(second.getByRole('checkbox', { name: /drucken$/ })).toBeEnabled();
  const sums = [eurosOf(await first.locator('td').last().innerText()), eurosOf(await second.locator('td').last().innerText())];

  await page.getByRole('button', { name: 'Weiter' }).click();
  const check = page.getByRole('table', { name: 'Bestellung prüfen' });
  await expect(check.getByText('Grundbetrag')).toBeVisible();
  const total = eurosOf(await page.getByTestId('order-total').innerText());
  expect(total).toBeCloseTo(149 + sums[0] + sums[1], 2);

  await page.getByRole('button', { name: 'Bestellung abschicken' }).click();
  const dialog = page.getByRole('alertdialog').filter({ hasText: 'Möchten Sie Ihre Bestellung wirklich ausführen?' });
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Bestellung erfolgreich')).toBeVisible();

  // The wizard starts again; the new order heads the list with the same total.
  await expect(page.getByRole('radio', { name: new RegExp(`Jahreslizenz ${nextYear}`) })).not.toBeChecked();
  const newest = page.getByRole('navigation', { name: 'Bestellungen' }).getByRole('link').nth(1);
  await expect(newest).toContainText(`JAHRESLIZENZ_${nextYear}`);
  await expect(newest).toContainText('2 Personen');
  await newest.click();
  await expect(page.getByTestId('order-summary-total')).toHaveText(new RegExp(String(total.toFixed(2)).replace('.', ',')));
  await expectAccessible(page, 'order summary');
});

test('club fees the club has ordered are listed but cannot be chosen again', async ({ page }) => {
  await openWizard(page);
  const offers = page.getByRole('group', { name: 'Jahr / Kategorie' });
  const fees = offers.locator('label').filter({ hasText: /Vereinsbeitrag \d{4}/ });
  expect(await fees.count()).toBeGreaterThan(0);
  for (const fee of await fees.all()) {
    await expect(fee).toContainText('Bereits bestellt');
    await expect(fee.getByRole('radio')).toBeDisabled();
  }
  // Nothing chosen yet: no way forward.
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeDisabled();
});

test('the federation chooses the club it orders for and sees that club’s orders and offers', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F55');
  await expect(page.getByText('Bitte wählen Sie den Verein, für den Sie bestellen.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Bestellen für' }).click();
  await page.getByRole('option', { name: 'BSV WN', exact: true }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`Jahreslizenz ${nextYear}`) })).toBeEnabled();
  const list = page.getByRole('navigation', { name: 'Bestellungen' });
  await expect(list.getByRole('button', { name: /JAHRESLIZENZ_/ }).first()).toBeVisible();
  await list
    .getByRole('button', { name: /JAHRESLIZENZ_/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Bestellung #0011-/ })).toBeVisible();
  await expectAccessible(page, 'federation ordering for a club');
});

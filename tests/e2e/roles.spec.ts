import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * Role administration (form 66) and person search (form 46) as the demo club's administrator:
 * Trainer for two members, one of whom is a trainer already (refused, with the reason) — first as a
 * dry run that saves nothing, then for real, then undone; the dialog's date rules; a former member
 * found with 'Ehemalige' and taken back into the club.
 */

const display = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;

test('the club gives two members the trainer role: one refused with its reason, a dry run first, then undone', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F66');
  // A club assigns in itself only: it is chosen at once.
  const panel = page.getByRole('region', { name: 'BSV Wiener Neustadt' });
  await expect(panel.getByRole('heading', { name: 'BSV Wiener Neustadt' })).toBeVisible();

  await panel.getByRole('tab', { name: 'Sportbetrieb / Trainer' }).click();
  const huber = panel.getByRole('row').filter({ hasText: 'Huber Thomas' });
  await expect(huber).toContainText('Trainer');
  await huber.getByRole('checkbox').check();

  await panel.getByRole('tab', { name: 'Alle' }).click();
  const other = panel
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasNotText: 'Trainer' })
    .filter({ hasNotText: 'Huber' })
    .nth(1);
  await expect(other).toBeVisible();
  const otherName = ((await other.getByRole('checkbox').getAttribute('aria-label')) ?? '').replace(/ auswählen$/, '');
  await other.getByRole('checkbox').check();
  await expect(panel.getByText('2 Mitglieder ausgewählt')).toBeVisible();
  await expectAccessible(page, 'role administration');

  await panel.getByRole('button', { name: 'Rollen zuweisen …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rollen zuweisen – BSV Wiener Neustadt' });
  await expect(dialog.getByLabel('Beginn', { exact: true })).toHaveValue(display(new Date()));
  const assign = dialog.getByRole('button', { name: 'Zuweisen' });
  const dryRun = dialog.getByRole('button', { name: 'Probelauf' });
  // Confirm needs a role and a start or end date; the end may not be before the start.
  await expect(assign).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Trainer', exact: true }).check();
  await expect(assign).toBeEnabled();
  await dialog.getByLabel('Beginn', { exact: true }).fill('');
  await dialog.getByLabel('Beginn', { exact: true }).blur();
  await expect(dialog.getByText('Datum fehlt!')).toBeVisible();
  await expect(assign).toBeDisabled();
  await dialog.getByLabel('Beginn', { exact: true }).fill('01.03.2026');
  await dialog.getByLabel('Ende', { exact: true }).fill('28.02.2026');
  await dialog.getByLabel('Ende', { exact: true }).blur();
  await expect(dialog.getByText('Falsches Datum!')).toBeVisible();
  await dialog.getByLabel('Ende', { exact: true }).fill('');
  await dialog.getByLabel('Beginn', { exact: true }).fill(display(new Date()));
  await dialog.getByLabel('Beginn', { exact: true }).blur();
  await expect(dialog.getByText('Falsches Datum!')).toHaveCount(0);
  await expectAccessible(page, 'assignment dialog');

  await dryRun.click();
  const preview = dialog.getByRole('region', { name: 'Ergebnis des Probelaufs' });
  await expect(preview).toContainText('Probelauf: Es wurde nichts gespeichert.');
  await expect(preview).toContainText(`${otherName}: Trainer`);
  await expect(preview).toContainText('Thomas Huber: Trainer – Die Person hat diese Rolle hier bereits im selben Zeitraum');
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  // Nothing was saved by the dry run.
  await panel.getByRole('tab', { name: 'Sportbetrieb / Trainer' }).click();
  await expect(panel.getByRole('row').filter({ hasText: otherName.split(' ').reverse().join(' ') })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Rollen zuweisen …' }).click();
  await dialog.getByRole('checkbox', { name: 'Trainer', exact: true }).check();
  await assign.click();
  await expect(page.getByText(/Rolle\(n\) wurden aktualisiert! \(1 Zuweisung\)/)).toBeVisible();
  const result = dialog.getByRole('region', { name: 'Ergebnis' });
  await expect(result).toContainText(`✓ ${otherName}: Trainer`);
  await expect(result).toContainText('✗ Thomas Huber: Trainer – Die Person hat diese Rolle hier bereits im selben Zeitraum');
  await expectAccessible(page, 'assignment result');
  // The new trainer is listed under the group's tab behind the (modal) dialog.
  await expect(page.locator('tr', { hasText: otherName.split(' ').reverse().join(' ') })).toContainText('Trainer');

  await result.getByRole('button', { name: 'Rückgängig' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('1 Zuweisung zurückgenommen')).toBeVisible();
  await expect(result).toContainText('Rückgängig gemacht.');
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(panel.getByRole('row').filter({ hasText: otherName.split(' ').reverse().join(' ') })).toHaveCount(0);
});

test('person search: nothing until narrowed; a former member is taken back into the club', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F46');
  await expect(page.getByRole('heading', { name: 'Personensuche' })).toBeVisible();
  // Six groups chosen and no text: the rule keeps the result empty.
  await expect(page.getByText(/Bitte mehr als 2 Zeichen eingeben/)).toBeVisible();
  await expect(page.getByText('Anzahl: 0')).toBeVisible();
  await expectAccessible(page, 'person search');

  await page.getByRole('searchbox', { name: 'Name oder Lizenznummer' }).fill('Huber');
  const table = page.getByRole('table', { name: 'Gefundene Personen' });
  await expect(table.getByRole('row').filter({ hasText: 'Huber Thomas' })).toContainText('Trainer');

  await page.getByRole('searchbox', { name: 'Name oder Lizenznummer' }).fill('');
  await page.getByRole('checkbox', { name: 'Ehemalige' }).check();
  const add = table.getByRole('button', { name: /zum Verein hinzufügen$/ }).first();
  await expect(add).toBeVisible();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/ zum Verein hinzufügen$/, '');
  await add.click();
  await expect(page.getByText('Mitglied zum Verein hinzugefügt')).toBeVisible();
  await expectAccessible(page, 'former member added');

  // A member again: found among the current members, no longer among the former ones.
  const surname = name.split(' ').slice(-1)[0];
  await page.getByRole('searchbox', { name: 'Name oder Lizenznummer' }).fill(surname);
  await expect(table.getByRole('button', { name: `${name} zum Verein hinzufügen` })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Ehemalige' }).uncheck();
  // Any function, not only the six groups: the membership itself shows.
  for (const group of await page.getByRole('group', { name: 'Funktionen' }).getByRole('checkbox').all()) await group.uncheck();
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: name.split(' ').reverse().join(' ') })
      .first(),
  ).toContainText('Mitglied · BSV Wiener Neustadt');
});

// (not the trainer: an earlier browser test resets the trainer's password)
test('state association staff without form 66 do not get the role administration', async ({ page }) => {
  await signIn(page, 'land@example.org');
  await page.goto('/admin/form/O4/F66');
  await expect(page.getByText('Sie haben in dieser Organisation keine Berechtigung für dieses Formular.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Organisationen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rollen zuweisen …' })).toHaveCount(0);
});

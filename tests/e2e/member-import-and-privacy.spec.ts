import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { confirm } from './support/confirm';
import { signIn } from './support/sign-in';

/**
 * The member import (form 51 of a club): a German Excel CSV in Windows-1252 checked row by row,
 * imported as shown, then taken back as a whole. And a person's data rights on the member screen
 * (form 52 of the federation) and on the profile: the export downloads, the erasure plan names
 * why a current member cannot be erased.
 */

const FIXTURES = path.resolve(__dirname, '../fixtures/import');

test('a club imports a Windows-1252 CSV: every row checked first, refused rows with their reasons, imported as shown, then undone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F51');
  await page.getByRole('button', { name: 'Importieren' }).click();
  const view = page.getByRole('region', { name: 'Mitglieder importieren' });
  await view.getByLabel('Datei auswählen und prüfen').setInputFiles(path.join(FIXTURES, 'members-windows-1252.csv'));

  const filters = view.getByRole('group', { name: 'Nach Ergebnis filtern' });
  await expect(filters.getByRole('button', { name: 'Alle (3)' })).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Neu (2)' })).toBeVisible();
  await filters.getByRole('button', { name: 'Abgelehnt (1)' }).click();
  const table = view.getByRole('table', { name: 'Prüfergebnis' });
  await expect(table.getByRole('row').filter({ hasText: 'Weiß' })).toContainText('Ungültiges Datum');
  await filters.getByRole('button', { name: 'Neu (2)' }).click();
  // umlauts read from Windows-1252 as written
  await expect(table.getByText('Größinger')).toBeVisible();
  await expect(table.getByText('Öztürk')).toBeVisible();

  await view.getByRole('button', { name: 'Importieren' }).click();
  await confirm(page, 'Jetzt importieren?');
  await expect(view.getByText('Importiert: 2 neu angelegt, 0 verbunden, 0 aktualisiert.')).toBeVisible();

  await view.getByRole('button', { name: 'Rückgängig' }).click();
  await confirm(page, /rückgängig machen/);
  await expect(view.getByText('Der Import wurde rückgängig gemacht.')).toBeVisible();
});

test("the federation downloads a person's data and sees why a current member cannot be erased; a person downloads their own data", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F52/4');
  await page.getByRole('tab', { name: 'Datenschutz' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'JSON' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^personendaten-4-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.person).toMatchObject({ id: 4, email: 'trainer@example.org' });
  expect(data.person.passwordHash).toBeUndefined();

  await page.getByRole('button', { name: 'Löschung planen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Die Person kann derzeit nicht gelöscht werden:' })).toContainText(
    'Aktive Funktion',
  );
  await expect(page.getByRole('button', { name: 'Endgültig löschen' })).toHaveCount(0);

  await page.goto('/admin/profile');
  await expect(page.getByRole('heading', { name: 'Meine Daten herunterladen' })).toBeVisible();
  const [own] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'JSON' }).click()]);
  const mine = JSON.parse(await readFile((await own.path())!, 'utf8'));
  expect(mine.person).toMatchObject({ id: 1, email: 'verband@example.org' });
});

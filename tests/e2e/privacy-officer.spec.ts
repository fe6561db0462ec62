import { expect, test } from '@playwright/test';
import { API, apiToken, signIn } from './support/sign-in';

/**
 * The data-protection officer's screen (form 1007): every person of the federation by name, with
 * no contact data, and who read a person's record; nothing there downloads, erases or changes.
 */

test("the officer finds a person by a name with Polish letters and sees who opened the person's member card", async ({ page }) => {
  test.setTimeout(90_000);
  const token = await apiToken('verband@example.org');
  const stamp = String(Date.now()).slice(-5);
  const surname = `Ślusarczyk${'abcdefghij'[Number(stamp[4])]}${'abcdefghij'[Number(stamp[3])]}`;
  const email = `zofia.${stamp}@example.org`;
  const created = await fetch(`${API}/api/v1/admin/member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ orgId: 11, firstName: 'Zofia', surname, birthDate: '1979-02-11', gender: 'w', email }),
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  // the federation opens the person's member card: a read the officer sees
  expect((await fetch(`${API}/api/v1/admin/member/1/${id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1007');
  await expect(page.getByText('Person links suchen und auswählen.')).toBeVisible();
  // typed without the accent, as the officer may not have a Polish keyboard
  await page.getByRole('searchbox', { name: 'Name oder Registriernummer' }).fill(surname.replace('Ś', 'S'));
  const results = page.getByRole('list', { name: 'Gefundene Personen' });
  const person = results.getByRole('link', { name: new RegExp(`Zofia ${surname}`) });
  await expect(person).toBeVisible();
  await expect(person).toContainText('Jahrgang 1979');
  // the list shows no contact data
  await expect(page.getByText(email)).toHaveCount(0);

  await person.click();
  await expect(page).toHaveURL(new RegExp(`/admin/form/O1/F1007/${id}$`));
  const trail = page.getByRole('table', { name: 'Zugriffe auf den Datensatz' });
  await expect(trail.getByRole('row').filter({ hasText: 'Mitgliedskarte' }).filter({ hasText: 'Elisabeth Wallner' })).toHaveCount(1);
  // the officer's screen reads; it neither downloads nor erases
  await expect(page.getByText('Daten herunterladen')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Endgültig löschen' })).toHaveCount(0);
  await expect(page.getByText(email)).toHaveCount(0);
});

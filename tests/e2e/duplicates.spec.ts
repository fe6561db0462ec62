import { expect, test } from '@playwright/test';
import { confirm } from './support/confirm';
import { API, apiToken, signIn } from './support/sign-in';

/**
 * Duplicate persons in form 52 of the federation: two clubs entered the same archer (once with
 * č and š, once without); the report pairs them, the merge dialog shows both records side by side,
 * a field is picked, the merge runs after its confirmation and is taken back the same day. A pair
 * marked "not the same person" leaves the report.
 */

/** A member created through the API, as a club's form would. */
async function createMember(token: string, person: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${API}/api/v1/admin/member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ gender: 'm', ...person }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test('the federation merges two records of one archer after seeing the plan, then takes the merge back', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await apiToken('verband@example.org');
  // a surname no demo member has, so this pair is the report's only one of that name
  const stamp = String(Date.now()).slice(-5);
  const surname = `Kovačević${'abcdefghij'[Number(stamp[4])]}`;
  await createMember(token, { orgId: 11, firstName: 'Miloš', surname, birthDate: '1991-03-14', city: 'Graz' });
  await createMember(token, {
    orgId: 12,
    firstName: 'Milos',
    surname: surname.replace('č', 'c').replace('ć', 'c'),
    birthDate: '1991-03-14',
    city: 'Leoben',
  });

  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F52');
  await page.getByRole('button', { name: 'Duplikate' }).click();
  const view = page.getByRole('region', { name: 'Duplikate' });
  const report = view.getByRole('table', { name: 'Mögliche Duplikate' });
  let pair = report.getByRole('row').filter({ hasText: surname }).filter({ hasText: 'Milos' });
  // the report is sorted by score: look through its pages for the pair
  for (let pageNo = 0; pageNo < 20 && (await pair.count()) === 0; pageNo++) {
    const next = view.getByRole('button', { name: 'Nächste Seite' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
    pair = report.getByRole('row').filter({ hasText: surname }).filter({ hasText: 'Milos' });
  }
  await expect(pair).toHaveCount(1);

  await pair.getByRole('button', { name: 'Zusammenführen…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Datensätze zusammenführen' });
  const fields = dialog.getByRole('table', { name: 'Felder der beiden Datensätze' });
  await expect(fields).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Was übernommen wird' })).toBeVisible();
  // which city stays is the user's choice: the one of the other record
  const otherCity = (await fields.getByRole('radio', { name: 'Ort: Leoben' }).isChecked()) ? 'Graz' : 'Leoben';
  // the pick runs the plan again; the choice shows once the new plan is there
  await fields.getByRole('radio', { name: `Ort: ${otherCity}` }).click();
  await expect(fields.getByRole('radio', { name: `Ort: ${otherCity}` })).toBeChecked();

  await dialog.getByRole('button', { name: 'Zusammenführen', exact: true }).click();
  await confirm(page, 'Jetzt zusammenführen?');
  await expect(dialog.getByRole('status').filter({ hasText: 'zusammengeführt' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Rückgängig' }).click();
  await confirm(page, /rückgängig machen/);
  await expect(dialog.getByRole('status').filter({ hasText: 'Die Zusammenführung wurde rückgängig gemacht' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fertig' }).click();

  // both records exist again, so the pair is reported again; marked "not the same person" it leaves for good
  await page.reload();
  await page.getByRole('button', { name: 'Duplikate' }).click();
  for (let pageNo = 0; pageNo < 20 && (await pair.count()) === 0; pageNo++) {
    const next = view.getByRole('button', { name: 'Nächste Seite' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  await expect(pair).toHaveCount(1);
  await pair.getByRole('button', { name: 'Nicht dieselbe Person' }).click();
  await confirm(page, /nicht dieselbe Person/);
  await expect(page.getByText('Das Paar erscheint nicht mehr unter den Duplikaten.')).toBeVisible();
  await expect(pair).toHaveCount(0);
});

/** The merge of `mergedId` into `survivorId` through the API (plan, then merge), as the dialog makes it. */
async function mergeThroughApi(token: string, survivorId: number, mergedId: number): Promise<void> {
  const post = (body: Record<string, unknown>) =>
    fetch(`${API}/api/v1/admin/members/merge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ survivorId, mergedId, ...body }),
    });
  const plan = (await (await post({ dryRun: true })).json()) as { survivorUpdatedAt: string; mergedUpdatedAt: string };
  const made = await post({ dryRun: false, survivorUpdatedAt: plan.survivorUpdatedAt, mergedUpdatedAt: plan.mergedUpdatedAt });
  expect(made.status).toBe(200);
}

test("a merge is taken back from the surviving member's 'Verlauf' the same day", async ({ page }) => {
  test.setTimeout(90_000);
  const token = await apiToken('verband@example.org');
  const stamp = String(Date.now()).slice(-5);
  const surname = `Łukasiewicz${'abcdefghij'[Number(stamp[4])]}`;
  const survivorId = await createMember(token, { orgId: 11, firstName: 'Bożena', surname, birthDate: '1988-07-21', city: 'Wels' });
  const mergedId = await createMember(token, { orgId: 12, firstName: 'Bozena', surname, birthDate: '1988-07-21', city: 'Steyr' });
  await mergeThroughApi(token, survivorId, mergedId);
  const merged = () => fetch(`${API}/api/v1/admin/member/1/${mergedId}`, { headers: { authorization: `Bearer ${token}` } });

  await signIn(page, 'verband@example.org');
  await page.goto(`/admin/form/O1/F52/${survivorId}`);
  await page.getByRole('tab', { name: 'Verlauf' }).click();
  const history = page.getByRole('tabpanel', { name: 'Verlauf' });
  // the merge is listed (its entries on the survivor), one of them offers to take it back
  await expect(history.getByText('Zusammengeführt').first()).toBeVisible();
  await expect(history.getByRole('button', { name: 'Rückgängig' })).toHaveCount(1);

  // Nein changes nothing
  await history.getByRole('button', { name: 'Rückgängig' }).click();
  const question = page.getByRole('alertdialog').filter({ hasText: 'Die Zusammenführung rückgängig machen?' });
  await question.getByRole('button', { name: 'Nein' }).click();
  await expect(question).toBeHidden();

  await history.getByRole('button', { name: 'Rückgängig' }).click();
  await confirm(page, 'Die Zusammenführung rückgängig machen?');
  await expect(
    page.getByText(`Die Zusammenführung wurde rückgängig gemacht: Datensatz Nr. ${mergedId} ist wieder eigenständig.`),
  ).toBeVisible();
  // the history is read again: the merge stays listed, but can no longer be undone
  await expect(history.getByText('Zusammengeführt').first()).toBeVisible();
  await expect(history.getByRole('button', { name: 'Rückgängig' })).toHaveCount(0);
  // the merged record is a record of its own again, with its own city
  const res = await merged();
  expect(res.status).toBe(200);
  expect(((await res.json()) as { city: string }).city).toBe('Steyr');
});

test('entering a person the report already holds twice, the federation is led to merge the two instead of adding a third', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken('verband@example.org');
  const stamp = String(Date.now()).slice(-5);
  const surname = `Szőke${'abcdefghij'[Number(stamp[4])]}${'abcdefghij'[Number(stamp[3])]}`;
  const first = await createMember(token, { orgId: 11, firstName: 'Gergő', surname, birthDate: '1985-09-30', city: 'Graz' });
  const second = await createMember(token, { orgId: 12, firstName: 'Gergo', surname: surname.replace('ő', 'o'), birthDate: '1985-09-30' });

  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F52/new');
  await page.getByLabel('Vorname *').fill('Gergő');
  await page.getByLabel('Nachname *').fill(surname);
  await page.getByLabel('Geburtsdatum *').fill('30.09.1985');
  await page.getByRole('combobox', { name: 'Geschlecht *' }).click();
  await page.getByRole('option', { name: 'männlich' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await confirm(page, 'Daten speichern?');

  const dialog = page.getByRole('dialog', { name: 'Mitglied existiert bereits' });
  await expect(dialog.getByRole('listitem', { name: `Gergő ${surname}` })).toBeVisible();
  const pairs = dialog.getByRole('list', { name: 'Bereits doppelt erfasst' });
  await expect(pairs).toContainText('sind vermutlich dieselbe Person und bereits unter den Duplikaten.');
  await pairs.getByRole('link', { name: 'Unter Duplikate zusammenführen' }).click();
  // the typed person is not saved: leaving says so first
  await confirm(page, 'Ungespeicherte Änderungen verwerfen?');

  // the 'Duplikate' view opens on exactly this pair
  await expect(page).toHaveURL(new RegExp(`/admin/form/O1/F52\\?duplicates=(${first},${second}|${second},${first})$`));
  const view = page.getByRole('region', { name: 'Duplikate' });
  const report = view.getByRole('table', { name: 'Mögliche Duplikate' });
  await expect(report.getByRole('row').filter({ hasText: surname })).toHaveCount(1);
  await expect(report.getByRole('button', { name: 'Zusammenführen…' })).toHaveCount(1);
});

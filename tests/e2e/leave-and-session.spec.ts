import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * No edit is lost without a question, whatever the way out; and an ended session met by a request
 * of the browser itself (table paging, search, CSV download) signs in again and comes back, as
 * the forms do.
 */

const DISCARD = 'Ungespeicherte Änderungen verwerfen?';
const ORGANISATION = '/admin/form/O1/F50/12';

async function editPhone(page: Page): Promise<string> {
  await page.goto(ORGANISATION);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const typed = `+43 2742 ${Date.now() % 1000000}`;
  await page.getByRole('form', { name: 'Organisationsdaten' }).getByLabel('Telefon').fill(typed);
  return typed;
}

async function answer(page: Page, reply: 'Ja' | 'Nein') {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(DISCARD);
  await dialog.getByRole('button', { name: reply }).click();
  await expect(dialog).toHaveCount(0);
}

async function chooseAnother(page: Page, selector: 'Formular wählen' | 'Organisation wählen') {
  await page.getByRole('combobox', { name: selector }).click();
  // Radix marks the chosen item data-state="checked"
  await page.locator('[role="option"][data-state="unchecked"]').first().click();
}

test('a dirty organisation form asks before every way out: form selector, view switch', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  const typed = await editPhone(page);
  const phone = page.getByRole('form', { name: 'Organisationsdaten' }).getByLabel('Telefon');

  // (every demo account holds one organisation, so the organisation selector offers no other one
  // here; tests/components/shell/leave-guard.test.tsx asks before it)
  for (const leave of [() => chooseAnother(page, 'Formular wählen'), () => page.getByRole('button', { name: 'Tabelle' }).click()]) {
    await leave();
    await expectAccessible(page, 'discard question');
    await answer(page, 'Nein');
    await expect(page).toHaveURL(new RegExp(`${ORGANISATION}$`));
    await expect(phone).toHaveValue(typed);
    await expect(phone).toBeEnabled();
  }

  await chooseAnother(page, 'Formular wählen');
  await answer(page, 'Ja');
  await expect(page).not.toHaveURL(new RegExp(`${ORGANISATION}$`));

  // the view switch leaves on 'Ja'
  await editPhone(page);
  await page.getByRole('button', { name: 'Tabelle' }).click();
  await answer(page, 'Ja');
  await expect(page).toHaveURL(/\?view=table$/);
});

/** Ends every session of verein@example.org from another browser ('Überall abmelden'). */
async function endSessionsElsewhere(browser: Browser, testInfo: TestInfo) {
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, 'verein@example.org');
  await otherPage.goto('/admin/profile');
  await otherPage.getByRole('button', { name: 'Überall abmelden' }).click();
  await otherPage.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(otherPage.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await other.close();
}

async function signInAgain(page: Page) {
  await expect(page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen.' })).toBeVisible();
  await page.getByLabel('E-Mail').fill('verein@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill('Bogen2026!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test('an ended session met by the members table, its search and its CSV download signs in again and comes back', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F51?view=table');
  const table = page.getByRole('table', { name: 'Mitgliederübersicht' });
  await expect(table.getByRole('row').nth(2)).toBeVisible();

  // a new page of rows (here: the other order): not 'Verbindungsfehler !!!' and '0 Einträge', but the sign-in, then back
  await endSessionsElsewhere(browser, testInfo);
  await table
    .getByRole('columnheader', { name: /Nachname/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/\/admin\/?\?expired=1&next=%2Fform%2FO11%2FF51%3Fview%3Dtable/);
  await expect(page.getByText('Verbindungsfehler !!!')).toHaveCount(0);
  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/form\/O11\/F51\?view=table/);
  await expect(table.getByRole('row').nth(2)).toBeVisible();

  // search-as-you-type
  await endSessionsElsewhere(browser, testInfo);
  await page.getByRole('searchbox').first().fill('Mai');
  await expect(page).toHaveURL(/\/admin\/?\?expired=1&next=%2Fform%2FO11%2FF51/);
  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/form\/O11\/F51/);

  // the CSV download
  await page.goto('/admin/form/O11/F51?view=table');
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await endSessionsElsewhere(browser, testInfo);
  await page.getByRole('link', { name: 'CSV-Export' }).click();
  await expect(page).toHaveURL(/\/admin\/?\?expired=1&next=%2Fform%2FO11%2FF51%3Fview%3Dtable/);
  await expectAccessible(page, 'sign-in after an ended session');
  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/form\/O11\/F51\?view=table/);
});

test('a list request that gets no answer says so in the list with a toast, never the error page', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F1000');
  await expect(page.getByRole('navigation', { name: 'Turniere' })).toBeVisible();
  // the next list request (a server action to the page's own address) gets no answer
  await page.route('**/admin/form/O11/F1000**', (route) =>
    route.request().method() === 'POST' && route.request().headers()['next-action']
      ? route.abort('internetdisconnected')
      : route.fallback(),
  );
  await page.getByRole('navigation', { name: 'Turniere' }).getByRole('searchbox').fill('xyz');
  await expect(page.getByText('Verbindungsfehler !!!')).toBeVisible();
  await expect(page.getByText('Fehler: Etwas ist schiefgelaufen').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toHaveCount(0);
  await expectAccessible(page, 'a list without an answer');
});

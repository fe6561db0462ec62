import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { waitForResetLink } from './support/mail';
import { DEMO_PASSWORD, signIn, signOut } from './support/sign-in';

/** The foundation's end-to-end paths: sign-in, shell navigation, profile, language, password reset. */

test('a protected address visited signed out lands on the sign-in screen', async ({ page }) => {
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(page).toHaveTitle('Anmelden · Verbandsverwaltung');
  await expectAccessible(page, 'sign-in page');
  await page.goto('/admin/form/O11/F51');
  await expect(page).toHaveURL(/\/admin\/?$/);
});

test('sign-in validation and the wrong-password text', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('E-Mail fehlt!')).toBeVisible();
  await expectAccessible(page, 'sign-in with refused fields');
  await page.getByLabel('E-Mail').fill('verein@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill('Falsch123!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('E-Mail oder Passwort wurde falsch eingegeben!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toHaveCount(0);
});

test('a member without system roles gets the no-permissions error and stays signed out', async ({ page, context }) => {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill('mitglied@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'mitglied@example.org' })).toBeVisible();
  await expectAccessible(page, 'no-permission error');
  expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();
  await page.goto('/admin/profile');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test('club administrator gets its one organisation chosen, picks a form, is refused elsewhere, keeps both on the profile and signs out', async ({
  page,
}) => {
  await signIn(page, 'verein@example.org');
  await expect(page.getByText('erfolgreicher Login!')).toBeVisible();

  // one organisation: nothing to choose, the sign-in opens it
  await expect(page).toHaveURL(/\/admin\/form\/O11$/);
  await expect(page.getByRole('combobox', { name: 'Organisation wählen' })).toHaveText(/BSV Wiener Neustadt/);
  await expect(page).toHaveTitle(/^BSV Wiener Neustadt · Verbandsverwaltung$/);
  await expectAccessible(page, 'organisation start page');

  // The form selector lists the club's forms sorted by funkId.
  await page.getByRole('combobox', { name: 'Formular wählen' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(9);
  await options.first().click();
  await expect(page).toHaveURL(/\/admin\/form\/O11\/F46$/);

  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('link', { name: 'Profil' }).click();
  // the header keeps the organisation and the form
  await expect(page).toHaveURL(/\/admin\/profile\?o=11&f=46$/);
  await expect(page.getByRole('combobox', { name: 'Organisation wählen' })).toHaveText(/BSV Wiener Neustadt/);
  await expect(page.getByRole('combobox', { name: 'Formular wählen' })).not.toHaveText('Formular wählen');
  await expect(page).toHaveTitle('Profil · Verbandsverwaltung');
  await expectAccessible(page, 'profile page');
  await expect(page.getByText('verein@example.org').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();

  // Another club's form is refused; the profile then shows no organisation it does not hold.
  await page.goto('/admin/form/O12/F51');
  await expect(page.getByText('Kein Zugriff')).toBeVisible();
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await expect(page.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/admin/profile');
  await page.keyboard.press('Escape');

  await signOut(page);
  await page.goto('/admin/profile');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
});

test('the language switch survives a reload', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
  await expect(page.getByText(/^Please choose a form for /)).toBeVisible();
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
});

test('forgot password → mail → reset → sign in with the new password', async ({ page }) => {
  const email = 'trainer@example.org';
  const since = Date.now() - 1000;
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/admin\/new-password$/);
  await page.getByLabel('E-Mail').fill(email);
  await expectAccessible(page, 'forgot password page');
  await page.getByRole('button', { name: 'Senden' }).click();
  // a link is sent, not a password
  await expect(
    page.getByText(`Ein Link zum Zurücksetzen des Passworts wurde an die E-Mail-Adresse ${email} gesendet.`).first(),
  ).toBeVisible();

  const link = await waitForResetLink(email, since);
  await page.goto(new URL(link).pathname);
  const submit = page.getByRole('button', { name: 'Passwort speichern' });
  await expectAccessible(page, 'reset password page');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Pfeil2026!');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill('Pfeil2026!');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/?$/);

  await signIn(page, email, 'Pfeil2026!');
  await signOut(page);
  // The link works once only.
  await page.goto(new URL(link).pathname);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Zweite2026!');
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill('Zweite2026!');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText(/ungültig oder abgelaufen/)).toBeVisible();
});

test('the footer shows the build version', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByText(/^Version \d{4}\.\d{2}\.\d{2}-\d{4}$/)).toBeVisible();
});

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('profile picture upload; the image comes back through the proxy with its Content-Length', async ({ page }) => {
  await signIn(page, 'land@example.org');
  await page.goto('/admin/profile');
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Erfolgreich hochgeladen').first()).toBeVisible();

  const src = await page.locator('img[src*="/api/v1/profile/image/"]').first().getAttribute('src');
  expect(src).toBeTruthy();
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect(res.headers()['content-length']).toBe(String(PNG.length));
  expect(Buffer.from(await res.body()).equals(PNG)).toBe(true);

  // A text file named .png is refused.
  await page.getByLabel('Bild hochladen').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText(/Nur PNG- oder JPEG-Bilder/).first()).toBeVisible();
});

test('changing the password on the profile keeps the user signed in; the new password signs in', async ({ page }) => {
  const change = async (from: string, to: string) => {
    await page.goto('/admin/profile');
    await page.getByLabel('Altes Passwort', { exact: true }).fill(from);
    await page.getByLabel('Neues Passwort', { exact: true }).fill(to);
    await page.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByText('Neues Passwort gespeichert!').first()).toBeVisible();
  };
  await signIn(page, 'land@example.org');
  await change(DEMO_PASSWORD, 'Sehne2026!');
  // The change ends the user's other sessions, not this one.
  await page.goto('/admin/form/O4');
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
  await signOut(page);
  await signIn(page, 'land@example.org', 'Sehne2026!');
  await change('Sehne2026!', DEMO_PASSWORD);
});

test('failed sign-ins are limited per client even when the browser makes up an X-Forwarded-For for each attempt', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill('probe@example.org');
  for (let attempt = 1; attempt <= 6; attempt++) {
    // A browser that picks a fresh "client address" each time must not get a fresh set of tries.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${attempt}` });
    await page.getByLabel('Passwort', { exact: true }).fill(`Falsch${attempt}!`);
    // Wait for the sign-in action's answer, so each attempt is counted before the next one.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Anmelden' }).click(),
    ]);
    const expected = attempt <= 5 ? 'E-Mail oder Passwort wurde falsch eingegeben!' : /Zu viele fehlgeschlagene Anmeldeversuche/;
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: expected }).first()).toBeVisible();
  }
});

test('unknown addresses go to the start page; a held function without a form says so', async ({ page }) => {
  await page.goto('/admin/gibt-es-nicht/auch-nicht');
  await expect(page).toHaveURL(/\/admin\/?$/);
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/irgendwas');
  // the start page of a user with one organisation is that organisation
  await expect(page).toHaveURL(/\/admin\/form\/O1$/);
  await expect(page.getByText(/^Bitte wählen Sie ein Formular für /)).toBeVisible();
  // Function 201 opens no form in this product ("another form, not shown").
  await page.goto('/admin/form/O1/F201');
  await expect(page.getByText('Form Seiten not found')).toBeVisible();
});

test('when the API no longer accepts the token, the session ends and sign-in says why', async ({ page, browser }, testInfo) => {
  await signIn(page, 'verband@example.org');
  // The same user changes the password elsewhere, which ends every other session.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  const change = async (from: string, to: string) => {
    await otherPage.goto('/admin/profile');
    await otherPage.getByLabel('Altes Passwort', { exact: true }).fill(from);
    await otherPage.getByLabel('Neues Passwort', { exact: true }).fill(to);
    await otherPage.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(to);
    await otherPage.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(otherPage.getByText('Neues Passwort gespeichert!').first()).toBeVisible();
  };
  await signIn(otherPage, 'verband@example.org');
  await change(DEMO_PASSWORD, 'Nocke2026!');

  await page.goto('/admin/form/O1');
  await expect(page).toHaveURL(/\/admin\?expired=1$/);
  await expect(page.getByText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'auth')).toBeUndefined();

  await change('Nocke2026!', DEMO_PASSWORD);
  await other.close();
});

test('a session that ends while editing says so and keeps the typed data across signing in again', async ({ page, browser }, testInfo) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F50/12');
  const form = page.getByRole('form', { name: 'Organisationsdaten' });
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const typed = `+43 2742 ${Date.now() % 1000000}`;
  await form.getByLabel('Telefon').fill(typed);

  // meanwhile the same user changes the password elsewhere, which ends this session
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  const change = async (from: string, to: string) => {
    await otherPage.goto('/admin/profile');
    await otherPage.getByLabel('Altes Passwort', { exact: true }).fill(from);
    await otherPage.getByLabel('Neues Passwort', { exact: true }).fill(to);
    await otherPage.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(to);
    await otherPage.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(otherPage.getByText('Neues Passwort gespeichert!').first()).toBeVisible();
  };
  await signIn(otherPage, 'verband@example.org');
  await change(DEMO_PASSWORD, 'Nocke2026!');
  try {
    await saveAfterTheSessionEnded();
  } finally {
    await change('Nocke2026!', DEMO_PASSWORD);
    await other.close();
  }

  async function saveAfterTheSessionEnded() {
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alertdialog', { name: 'Daten speichern?' }).getByRole('button', { name: 'Ja' }).click();
    // not 'Speichern fehlgeschlagen / Etwas ist schiefgelaufen': the sign-in says why and that the data waits
    await expect(page).toHaveURL(/\/admin\/?\?expired=1&next=%2Fform%2FO1%2FF50%2F12$/);
    const notice = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen.' });
    await expect(notice).toContainText('Ihre Eingaben werden wiederhergestellt');
    await expectAccessible(page, 'sign-in after the session ended');
    await page.getByLabel('E-Mail').fill('verband@example.org');
    await page.getByLabel('Passwort', { exact: true }).fill('Nocke2026!');
    await page.getByRole('button', { name: 'Anmelden' }).click();

    await expect(page).toHaveURL(/\/admin\/form\/O1\/F50\/12$/);
    await expect(form.getByLabel('Telefon')).toHaveValue(typed);
    await expect(form.getByLabel('Telefon')).toBeEnabled();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('alertdialog', { name: 'Daten speichern?' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Organisation gespeichert!')).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Telefon')).toHaveValue(typed);
  }
});

import { expect, test, type BrowserContext } from '@playwright/test';
import { signIn, signOut } from './support/sign-in';

/** Sessions end for real on the server: sign-out, sign out everywhere, and the proxy never hands out the token. */

async function authCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'auth');
  expect(cookie).toBeDefined();
  return cookie!;
}

test('a cookie replayed after sign-out is refused and leads to the sign-in screen', async ({ page, browser }, testInfo) => {
  await signIn(page, 'verein@example.org');
  const stolen = await authCookie(page.context());
  await signOut(page);

  const attacker = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await attacker.addCookies([stolen]);
  const replay = await attacker.newPage();
  await replay.goto('/admin/profile');
  await expect(replay).toHaveURL(/\/admin\?expired=1$/);
  await expect(replay.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expect(replay.getByRole('button', { name: 'Benutzermenü' })).toHaveCount(0);
  // The browser-facing proxy refuses it too.
  expect((await replay.request.get('/admin/api/v1/getUser')).status()).toBe(401);
  await attacker.close();
});

test('"sign out everywhere" on the profile ends the sessions in every browser after a Ja', async ({ page, browser }, testInfo) => {
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, 'land@example.org');
  await signIn(page, 'land@example.org');

  await page.goto('/admin/profile');
  await page.getByRole('button', { name: 'Überall abmelden' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Wirklich auf allen Geräten abmelden?');
  await page.getByRole('button', { name: 'Nein' }).click();
  // "Nein" changes nothing: the other browser is still signed in.
  await otherPage.goto('/admin/profile');
  await expect(otherPage.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  await page.getByRole('button', { name: 'Überall abmelden' }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'auth')).toBeUndefined();

  await otherPage.goto('/admin/profile');
  await expect(otherPage).toHaveURL(/\/admin\?expired=1$/);
  await other.close();
});

test('a link to /admin/session-expired from elsewhere does not sign a live session out', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/session-expired', { referer: 'https://evil.example/' });
  // the start page, which takes a user with one organisation on to it
  await expect(page).toHaveURL(/\/admin(\/form\/O\d+)?\/?$/);
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
  await page.goto('/admin/profile');
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();
});

test('the browser-facing proxy never hands out an API token', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  const login = await page.request.post('/admin/api/v1/auth/login', {
    data: { email: 'verband@example.org', password: 'Bogen2026!' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(login.status()).toBe(404);
  expect(await login.text()).not.toContain('jwtToken');
  const update = await page.request.put('/admin/api/v1/auth/update_password', {
    data: { oldPassword: 'Bogen2026!', newPassword: 'Bogen2026!x' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(update.status()).toBe(404);
  expect(await update.text()).not.toContain('jwtToken');
  // Nothing changed: the password still signs in.
  await signOut(page);
  await signIn(page, 'verband@example.org');
});

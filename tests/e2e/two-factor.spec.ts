import { expect, test, type CDPSession, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { API, apiToken, DEMO_PASSWORD, signIn, signOut } from './support/sign-in';

/**
 * Two-factor sign-in in the browser: a passkey made by Chromium's virtual authenticator (CDP
 * WebAuthn domain: a platform authenticator with resident keys and user verification), used as
 * the second step and for a sign-in without password; an authenticator app whose codes the test
 * computes from the secret the enrolment shows; recovery codes, each good once.
 * The accounts get their second factor taken away again by the federation's reset (also before
 * each test, so a retry starts clean).
 */

// (not the trainer: the message centre's browser test gives the trainer a new password by mail)
const CLUB = { email: 'verein@example.org', memberId: 2 };
const STATE = { email: 'land@example.org', memberId: 3 };

/** The federation's reset of a person's second factor, through the API as the demo federation account. */
async function resetSecondFactor(memberId: number) {
  const jwtToken = await apiToken('verband@example.org');
  const res = await fetch(`${API}/api/v1/admin/member/${memberId}/two_factor`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${jwtToken}` },
  });
  expect(res.status).toBe(200);
}

async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** The password step; the second step (or the start page) follows. */
async function enterPassword(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
/** The profile's card: a section headed 'Zwei-Faktor-Anmeldung' (the innermost such section). */
const twoFactorCard = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung', exact: true }) })
    .last();

test.beforeEach(async () => {
  await resetSecondFactor(CLUB.memberId);
  await resetSecondFactor(STATE.memberId);
});

test.afterAll(async () => {
  await resetSecondFactor(CLUB.memberId);
  await resetSecondFactor(STATE.memberId);
});

test('passkey: enrolled on the profile, then the second step, a sign-in without password, and recovery codes good once', async ({
  page,
}) => {
  await virtualAuthenticator(page);
  await signIn(page, CLUB.email);
  await page.goto('/admin/profile');
  const card = twoFactorCard(page);
  await expect(card.getByText('Nicht eingerichtet')).toBeVisible();
  await card.getByLabel('Name', { exact: true }).fill('Laptop Kovačević');
  await card.getByRole('button', { name: 'Passkey hinzufügen' }).click();

  // the first factor hands out the recovery codes, this once
  const codes = page.getByRole('region', { name: 'Wiederherstellungscodes' });
  await expect(codes.getByText('Sie werden nur jetzt angezeigt')).toBeVisible();
  const recovery = await codes.getByRole('listitem').allTextContents();
  expect(recovery).toHaveLength(10);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText('Laptop Kovačević')).toBeVisible();
  await expect(page.getByText('10 Wiederherstellungscodes übrig')).toBeVisible();

  // the password alone no longer signs in: the passkey is asked for first
  await signOut(page);
  await enterPassword(page, CLUB.email);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mit Passkey anmelden', exact: true }).click();
  await signedIn(page);

  // without password: the browser offers the account's passkey
  await signOut(page);
  await page.getByRole('button', { name: 'Passkey statt Passwort verwenden' }).click();
  await signedIn(page);
  await page.goto('/admin/profile');
  await expect(page.getByRole('list', { name: 'Passkeys' }).getByText(/Zuletzt verwendet: (?!Noch nie)/)).toBeVisible();

  // a recovery code signs in once; the same code a second time is refused
  for (const expectation of ['signed in', 'refused'] as const) {
    await signOut(page);
    await enterPassword(page, CLUB.email);
    await page.getByRole('button', { name: 'Wiederherstellungscode' }).click();
    await page.getByLabel('Wiederherstellungscode').fill(recovery[0]);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    if (expectation === 'signed in') await signedIn(page);
    else await expect(page.getByRole('alert').filter({ hasText: 'Der Code ist falsch oder wurde bereits verwendet!' })).toBeVisible();
  }
});

test('authenticator app: enrolled with a first code, then a code signs in once; a wrong or replayed code is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, STATE.email);
  await page.goto('/admin/profile');
  const card = twoFactorCard(page);
  await card.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
  await expect(card.getByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeVisible();
  const secret = (await card.locator('p.font-mono').textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  // a wrong first code is refused, the right one enrols
  await card.getByLabel('Sechsstelliger Code aus der Authenticator-App').fill('000000');
  await card.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  const enrolledAt = Date.now();
  await card.getByLabel('Sechsstelliger Code aus der Authenticator-App').fill(totp.generate({ timestamp: enrolledAt }));
  await card.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('region', { name: 'Wiederherstellungscodes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(card.getByText(/^Eingerichtet/)).toBeVisible();

  // a code of a later time step signs in (the enrolment's code was used once already)
  const nextStep = (Math.floor(enrolledAt / 30_000) + 1) * 30_000;
  await page.waitForTimeout(Math.max(0, nextStep - Date.now() + 500));
  await signOut(page);
  await enterPassword(page, STATE.email);
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
  const code = totp.generate();
  await page.getByLabel('Sechsstelliger Code aus der Authenticator-App').fill(code);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await signedIn(page);

  // the same code again: refused (no replay within its window)
  await signOut(page);
  await enterPassword(page, STATE.email);
  await page.getByLabel('Sechsstelliger Code aus der Authenticator-App').fill(code);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Der Code ist falsch oder wurde bereits verwendet!' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toHaveCount(0);
});

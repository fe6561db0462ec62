import { expect, type Page } from '@playwright/test';
import { E2E_API_PORT } from '../../../playwright.config';

export const DEMO_PASSWORD = 'Bogen2026!';

/** The federation API itself: browser tests set their data up through it, as another screen would. */
export const API = `http://127.0.0.1:${E2E_API_PORT}`;

/** A demo account's API token, signed in at the API directly (no second factor on the embedded database). */
export async function apiToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${API}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

/** Signs in through the sign-in screen (German UI) and waits for the signed-in start page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: /Benutzermenü/ })).toBeVisible();
}

/** Opens the avatar menu and signs out. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Benutzermenü/ }).click();
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
}

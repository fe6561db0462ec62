import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Bogen2026!';

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

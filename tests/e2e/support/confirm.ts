import { expect, type Page } from '@playwright/test';

/** Answers 'Ja' to the confirmation dialog that asks `question` (after checking it is shown). */
export async function confirm(page: Page, question: string | RegExp): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ja' }).click();
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now (a screen, or a dialog that is open) and fails on any serious
 * or critical violation, listing rule and elements so the failure says what to fix. WCAG 2.1 A/AA
 * rules plus axe's best practices (skip link, landmarks, page title).
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // A refresh streams the page's <head> again: check the settled page, whose title has arrived
  // (a title that never comes still fails, here or in axe's document-title rule).
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 }).catch(() => undefined);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // the map tiles come from a server the test machine cannot reach; Leaflet's own markup is not ours
    .exclude('.leaflet-container')
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `accessibility of: ${state}`).toEqual([]);
}

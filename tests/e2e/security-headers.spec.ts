import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';

/**
 * Security headers and the Content-Security-Policy as the browser meets them: every screen has a
 * nonce-based policy, nothing on it is blocked (scripts, styles, pictures, map tiles), and answers
 * with personal data are not kept.
 */

/** Collects CSP violations the page reports (event and console), from before its first script. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (t: string) => void }).__reportCsp(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('every screen carries a nonce-based CSP and the hardening headers, and nothing on it is blocked', async ({ page }) => {
  const violations = await watchCsp(page);
  // No internet here: the tile server answers from the test. A tile the policy blocked would never get here.
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
  );

  const signInPage = await page.goto('/admin');
  const headers = signInPage!.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-powered-by']).toBeUndefined();
  // plain HTTP: no HSTS (browsers would ignore it; it belongs to HTTPS answers only)
  expect(headers['strict-transport-security']).toBeUndefined();
  // Next's scripts carry the nonce of their own answer (browsers hide it from the DOM: read the HTML)
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const raw = await page.request.get('/admin');
  const rawNonce = /'nonce-([^']+)'/.exec(raw.headers()['content-security-policy'])![1];
  expect(rawNonce).not.toBe(nonce);
  expect(await raw.text()).toContain(`nonce="${rawNonce}"`);

  await page.goto('/admin/new-password');
  await expect(page.getByRole('heading', { name: 'Passwort vergessen' })).toBeVisible();

  await signIn(page, 'verein@example.org');
  const profile = await page.goto('/admin/profile');
  expect(profile!.headers()['content-security-policy']).not.toContain(nonce);
  await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();

  await page.goto('/admin/form/O11/F51');
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  // organisations, the places map with its tiles, the club picture
  await page.goto('/admin/form/O11/F50');
  await expect(page.getByRole('heading', { name: 'BSV WN' })).toBeVisible();
  await page.getByRole('tab', { name: 'Trainingsstätten' }).click();
  const map = page.getByRole('region', { name: 'Karte der Trainingsstätten' });
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible({ timeout: 15_000 });

  expect(violations).toEqual([]);
});

test('API answers through the proxy are not kept by the browser', async ({ page }) => {
  await signIn(page, 'verein@example.org');
  const me = await page.request.get('/admin/api/v1/getUser');
  expect(me.status()).toBe(200);
  expect(me.headers()['cache-control']).toBe('no-store');
  expect(me.headers()['x-content-type-options']).toBe('nosniff');
  expect(me.headers()['x-powered-by']).toBeUndefined();
});

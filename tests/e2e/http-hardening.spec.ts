import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/sign-in';

/**
 * The admin app at the HTTP level, against the production build behind its own admin server:
 * a password never reaches the address, not even with JavaScript off; the API's reference and
 * OpenAPI document are not reachable through the app; an oversized server-action body is a 413;
 * a browser's own X-Forwarded-Host is not believed.
 */

test('without JavaScript the sign-in form cannot put the password into the address', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Anmelden' });
  await expect(form).toHaveAttribute('method', 'post');
  await page.getByLabel('E-Mail').fill('verband@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  const submit = page.getByRole('button', { name: 'Anmelden' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Passwort', { exact: true }).press('Enter');
  await submit.click({ force: true });
  await page.waitForLoadState('load');
  const secret = encodeURIComponent(DEMO_PASSWORD);
  expect(page.url()).not.toContain(secret);
  expect(page.url()).not.toContain('password');
  for (const url of requested) expect(url).not.toMatch(/password=|Bogen2026/);
  await context.close();
});

test('with JavaScript the sign-in button turns usable and signs in', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  expect(page.url()).not.toContain('Bogen2026');
});

test('the API reference and OpenAPI document are not served through the admin app, signed in or not', async ({ page, request }) => {
  for (const path of ['/admin/api/openapi.json', '/admin/api/docs', '/admin/api/health']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  }
  await signIn(page, 'verband@example.org');
  for (const path of ['/admin/api/openapi.json', '/admin/api/docs']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(404);
  }
});

test('a server-action body over the limit answers 413 in the error shape (was 500)', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill('verband@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill('x'.repeat(3 * 1024 * 1024));
  const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/admin');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const res = await answer;
  expect(res.status()).toBe(413);
  expect(res.headers()['content-type']).toBe('application/json');
  // The body as any client reads it (the browser's copy of an answer given mid-upload is not kept).
  const direct = await page.request.post('/admin', {
    headers: { 'next-action': res.request().headers()['next-action'] ?? 'x', 'content-type': 'text/plain;charset=UTF-8' },
    data: 'x'.repeat(3 * 1024 * 1024),
  });
  expect(direct.status()).toBe(413);
  expect(await direct.json()).toEqual({ error: { code: 'too_large', message: expect.any(String), value: 2 * 1024 * 1024 } });
});

test("a browser's own X-Forwarded-Host does not make a cross-site request same-site", async ({ request }) => {
  const res = await request.post('/admin/api/v1/admin/member', {
    headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/json' },
    data: '{}',
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.code).toBe('cross_site');
});

test('a URL over 16 KB answers 431 in the error shape, from the admin app too', async ({ request }) => {
  const res = await request.get(`/admin/form?q=${'x'.repeat(20 * 1024)}`);
  expect(res.status()).toBe(431);
  expect((await res.json()).error.code).toBe('too_large');
});

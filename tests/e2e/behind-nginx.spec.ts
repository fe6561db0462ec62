import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_API_PORT, E2E_NGINX_ADMIN_PORT, E2E_NGINX_PORT, E2E_SESSION_SECRET } from '../../playwright.config';
import { startNginx, startProcess, type Nginx } from './support/nginx';
import { DEMO_PASSWORD } from './support/sign-in';

/**
 * The deployment as the container runs it: the standalone build's admin server
 * (.next/standalone/admin-server.js, NODE_ENV=production) behind nginx, which terminates TLS and
 * sets X-Forwarded-For/-Proto/-Host. The admin server trusts nginx (ADMIN_TRUSTED_PROXY_IPS) and
 * talks to the API the other browser tests use (which trusts loopback, TRUSTED_PROXY_IPS).
 */

const root = path.resolve(__dirname, '../..');
const standalone = path.join(root, process.env.NEXT_DIST_DIR ?? '.next', 'standalone');
let nginx: Nginx;
const admins: { stop: () => Promise<void> }[] = [];
/** Two admin servers of the same build behind one nginx, as a deployment with several processes runs them. */
const ADMIN_PORTS = [E2E_NGINX_ADMIN_PORT, E2E_NGINX_ADMIN_PORT + 1];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The webServer has built the app (output: 'standalone'); add the admin server and the assets.
  execFileSync(process.execPath, [path.join(root, 'scripts/bundle-admin-server.mjs')], { cwd: root, stdio: 'inherit' });
  for (const port of ADMIN_PORTS) {
    admins.push(
      await startProcess(process.execPath, ['admin-server.js'], {
        cwd: standalone,
        name: `admin server (standalone, port ${port})`,
        url: `http://127.0.0.1:${port}/admin`,
        env: {
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          UPSTREAM_URL: `http://127.0.0.1:${E2E_API_PORT}`,
          SESSION_SECRET: E2E_SESSION_SECRET,
          ADMIN_TRUSTED_PROXY_IPS: '127.0.0.1',
        },
      }),
    );
  }
  nginx = await startNginx({ port: E2E_NGINX_PORT, upstreamPorts: ADMIN_PORTS });
});

test.afterAll(async () => {
  await nginx?.stop();
  for (const admin of admins) await admin.stop();
});

test('sign-in over HTTPS: Secure cookie, HSTS, redirects stay under /admin on the public address', async ({ page, baseURL }) => {
  // signed out, a protected page sends to sign-in on the address the browser used
  await page.goto('/admin/profile');
  expect(page.url()).toBe(`${baseURL}/admin`);

  const signInPage = await page.goto('/admin');
  expect(signInPage!.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  expect(signInPage!.headers()['content-security-policy']).toContain("'nonce-");

  await page.getByLabel('E-Mail').fill('verein@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === 'auth');
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/admin', sameSite: 'Lax' });

  // pages and the API proxy answer with HSTS; the profile page works through both hops
  const profile = await page.goto('/admin/profile');
  expect(profile!.status()).toBe(200);
  expect(profile!.headers()['strict-transport-security']).toBeDefined();
  await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();
  const me = await page.request.get('/admin/api/v1/getUser');
  expect(me.status()).toBe(200);
  expect(me.headers()['strict-transport-security']).toBeDefined();

  // a live session visiting /admin/session-expired goes to the start page on the public address
  await page.goto('/admin/session-expired');
  // (the start page takes a user with one organisation on to it)
  expect(page.url()).toMatch(new RegExp(`^${baseURL}/admin(/form/O\\d+)?$`));
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  // sign-out lands on the sign-in page on the public address
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/admin`);
});

test('the sign-in limit counts the client address nginx saw, not one the browser makes up', async ({ page }) => {
  const email = `probe-nginx-${Date.now()}@example.org`;
  const attempt = async (client: string, forged: string, password: string) => {
    await page.setExtraHTTPHeaders({ 'x-test-client-address': client, 'x-forwarded-for': forged });
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Anmelden' }).click(),
    ]);
  };
  const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).last();

  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill(email);
  // one client (198.51.100.70), a fresh made-up X-Forwarded-For on each try: still limited after 5
  for (let n = 1; n <= 5; n++) await attempt('198.51.100.70', `203.0.113.${n}`, `Falsch${n}!`);
  await attempt('198.51.100.70', '203.0.113.99', 'Falsch6!');
  await expect(toast(/Zu viele fehlgeschlagene Anmeldeversuche/)).toBeVisible();

  // another client behind the same nginx is not locked out by the first one's failures
  await page.reload();
  await page.getByLabel('E-Mail').fill(email);
  await attempt('198.51.100.71', '198.51.100.70', 'Falsch7!');
  await expect(toast('E-Mail oder Passwort wurde falsch eingegeben!')).toBeVisible();
});

test('two admin processes: pages, the API proxy and a save work whichever answers; a sign-out through one ends the session at both', async ({
  page,
  browser,
  baseURL,
}) => {
  const answeredBy = new Set<string>();
  page.on('response', (r) => {
    const upstream = r.headers()['x-upstream'];
    if (upstream) answeredBy.add(upstream);
  });
  await page.goto('/admin');
  await page.getByLabel('E-Mail').fill('verein@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible();

  // the same page, asked for again and again, answered by both processes with the one session
  for (let i = 0; i < 4; i++) {
    await page.goto('/admin/form/O11/F50');
    await expect(page.getByRole('heading', { name: 'BSV WN' })).toBeVisible();
  }
  expect([...answeredBy].sort()).toEqual(ADMIN_PORTS.map((p) => `127.0.0.1:${p}`));

  // a save (a server action of a page one process rendered, run by whichever nginx picks), then read back
  const form = page.getByRole('form', { name: 'Organisationsdaten' });
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const homepage = `https://bsv-wn-two-${Date.now()}.example.org`;
  await form.getByLabel('Homepage').fill(homepage);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Organisation gespeichert!')).toBeVisible();
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(form.getByLabel('Homepage')).toHaveValue(homepage);
  }

  // the proxy answers through both processes; after a sign-out through one, the old cookie opens nothing at either
  const cookies = await page.context().cookies();
  const proxied = await Promise.all([0, 1, 2, 3].map(() => page.request.get('/admin/api/v1/getUser')));
  expect(proxied.map((r) => r.status())).toEqual([200, 200, 200, 200]);
  expect(new Set(proxied.map((r) => r.headers()['x-upstream'])).size).toBe(2);
  await page.getByRole('button', { name: 'Benutzermenü' }).click();
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  const stolen = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  try {
    await stolen.addCookies(cookies);
    const after = await Promise.all([0, 1, 2, 3].map(() => stolen.request.get('/admin/api/v1/getUser')));
    expect(after.map((r) => r.status())).toEqual([401, 401, 401, 401]);
    expect(new Set(after.map((r) => r.headers()['x-upstream'])).size).toBe(2);
  } finally {
    await stolen.close();
  }
});

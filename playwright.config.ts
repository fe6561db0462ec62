import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the production build,
 * with a fresh embedded database seeded with the demo data. Mail goes to .eml files in the
 * e2e data folder, where the tests read the reset link from.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? 'data/e2e';
/** The deployment test: nginx with TLS on this port in front of a second admin server (standalone build). */
export const E2E_NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? E2E_PORT + 5343);
export const E2E_NGINX_ADMIN_PORT = Number(process.env.E2E_NGINX_ADMIN_PORT ?? E2E_PORT + 10);
export const E2E_SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0123';

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'de-AT',
    // Toasts appear and fade without animation: an accessibility check never catches one half
    // transparent (its contrast measured mid-fade), however busy the machine is.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'app', testIgnore: '**/behind-nginx.spec.ts' },
    {
      // The production build as the container runs it, behind nginx with TLS (self-signed).
      name: 'behind-nginx',
      testMatch: '**/behind-nginx.spec.ts',
      use: { baseURL: `https://localhost:${E2E_NGINX_PORT}`, ignoreHTTPSErrors: true },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${E2E_PORT}/admin`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      API_PORT: String(E2E_API_PORT),
      DATA_DIR: E2E_DATA_DIR,
      SMTP_HOST: '',
    },
  },
});

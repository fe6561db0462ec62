/**
 * `npm run check:bundle`: the JavaScript a browser downloads on a cold load, per page, against
 * the budgets: sign-in page ≤ 185 KiB, each form page ≤ 250 KiB (gzip). Exits 1 over budget.
 *
 * Measured the honest way: the production build runs (scripts/start.ts, which builds first when
 * the build is missing or stale) on a fresh demo database, Debian's Chromium loads each page in a
 * new browser context (empty cache) until the network is idle, and every script the page fetched
 * — including the chunks a form loads on demand — is gzipped (zlib level 6, what web servers
 * send) and summed.
 *
 * BUNDLE_PORT / BUNDLE_API_PORT (default 3190 / 4191; 4190 is a port browsers refuse) choose the ports,
 * BUNDLE_DATA_DIR the demo database's folder (default data/bundle-check; emptied first), NEXT_DIST_DIR
 * the build folder, CHROMIUM_PATH the browser.
 * `--verbose` also lists each page's scripts, largest first (to find what to cut).
 *
 * CI (.ci/run) runs it before the browser tests, which reuse its build (same dist folder).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import * as functions from '../lib/domain/functions';

const KIB = 1024;
// The sign-in page carries the passkey sign-in and the second step since two-factor sign-in came
// (about 2 KiB; loading the second step on demand cost more in loader code than it saved).
export const BUDGETS = { signIn: 185 * KIB, form: 250 * KIB };

const root = path.resolve(__dirname, '..');
const PORT = Number(process.env.BUNDLE_PORT ?? 3190);
const API_PORT = Number(process.env.BUNDLE_API_PORT ?? 4191);
const DATA_DIR = path.resolve(root, process.env.BUNDLE_DATA_DIR ?? path.join('data', 'bundle-check'));
const base = `http://localhost:${PORT}`;

/**
 * The pages measured: the sign-in page and the licence check signed out; the start page, profile,
 * inbox and every registered form as the federation sees it (a club form as the club); new records
 * of the forms with the most fields. A form's parts loaded on demand count when the page fetches
 * them on load: e.g. the news and message forms' rich-text editor only when writing starts, so not here.
 */

/** Every funkId of the form registry (app/form/…/forms.tsx), read from its source so a new form is measured too. */
function registeredForms(): number[] {
  const source = readFileSync(path.join(root, 'app', 'form', '[org]', '[func]', '[[...id]]', 'forms.tsx'), 'utf8');
  const ids = [...source.matchAll(/^\s*\[(FORM_[A-Z0-9_]+)\]:/gm)].map((m) => (functions as Record<string, unknown>)[m[1]]);
  if (ids.length === 0 || ids.some((id) => typeof id !== 'number')) throw new Error('could not read the form registry');
  return [...new Set(ids as number[])];
}

/** Forms a club opens (the federation sees them differently or not at all): measured as the club. */
const CLUB_FORMS = new Set([functions.FORM_LICENCE_ORDER]);

const PAGES: Array<{ name: string; path: string; budget: number; signedIn: false | 'federation' | 'club' }> = [
  { name: 'sign-in', path: '/admin', budget: BUDGETS.signIn, signedIn: false },
  { name: 'licence check (verify)', path: '/admin/verify', budget: BUDGETS.form, signedIn: false },
  { name: 'start page', path: '/admin', budget: BUDGETS.form, signedIn: 'federation' },
  { name: 'profile', path: '/admin/profile', budget: BUDGETS.form, signedIn: 'federation' },
  { name: 'inbox', path: '/admin/inbox', budget: BUDGETS.form, signedIn: 'federation' },
  ...registeredForms().map((id) =>
    CLUB_FORMS.has(id)
      ? { name: `F${id} (club)`, path: `/admin/form/O11/F${id}`, budget: BUDGETS.form, signedIn: 'club' as const }
      : { name: `F${id}`, path: `/admin/form/O1/F${id}`, budget: BUDGETS.form, signedIn: 'federation' as const },
  ),
  { name: 'members, table view (F51)', path: '/admin/form/O1/F51?view=table', budget: BUDGETS.form, signedIn: 'federation' },
  // a new record loads the form's fields and their rules (dates, calendars) with the page
  { name: 'new tournament (F1000)', path: '/admin/form/O11/F1000/new', budget: BUDGETS.form, signedIn: 'club' },
  { name: 'new member (F51)', path: '/admin/form/O11/F51/new', budget: BUDGETS.form, signedIn: 'club' },
];

async function waitForServer(url: string, ms: number, exited: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (exited()) throw new Error('the system stopped before it answered (see its log above)');
    try {
      if ((await fetch(url, { redirect: 'manual' })).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** Scripts fetched while `url` loads in `context`, as [url, gzip bytes]. */
async function scriptsOf(context: BrowserContext, url: string): Promise<Array<[string, number]>> {
  const page = await context.newPage();
  const pending: Array<Promise<[string, number] | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => [response.url(), gzipSync(body, { level: 6 }).length] as [string, number],
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(pending)).filter((s): s is [string, number] => s !== null);
  await page.close();
  return scripts;
}

async function signedInState(browser: Browser, who: 'verband' | 'verein') {
  const context = await browser.newContext({ locale: 'de-AT' });
  const page = await context.newPage();
  await page.goto(`${base}/admin`);
  await page.getByLabel('E-Mail').fill(`${who}@example.org`);
  await page.getByLabel('Passwort', { exact: true }).fill('Bogen2026!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('button', { name: 'Benutzermenü' }).waitFor({ timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'start.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), API_PORT: String(API_PORT), DATA_DIR, SMTP_HOST: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let browser: Browser | undefined;
  try {
    let exited = false;
    server.once('exit', () => (exited = true));
    await waitForServer(`${base}/admin`, 600_000, () => exited);
    browser = await chromium.launch({
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
    });
    const states = { federation: await signedInState(browser, 'verband'), club: await signedInState(browser, 'verein') };

    const verbose = process.argv.includes('--verbose');
    const rows: Array<{ name: string; files: number; bytes: number; budget: number }> = [];
    for (const p of PAGES) {
      const context = await browser.newContext({ locale: 'de-AT', storageState: p.signedIn ? states[p.signedIn] : undefined });
      const scripts = await scriptsOf(context, `${base}${p.path}`);
      await context.close();
      if (verbose) {
        console.log(`\n${p.name}`);
        for (const [url, n] of [...scripts].sort((a, b) => b[1] - a[1]))
          console.log(`  ${(n / KIB).toFixed(1).padStart(6)} KiB  ${new URL(url).pathname}`);
      }
      rows.push({ name: p.name, files: scripts.length, bytes: scripts.reduce((sum, [, n]) => sum + n, 0), budget: p.budget });
    }

    const kib = (n: number) => `${(n / KIB).toFixed(1)} KiB`;
    const width = Math.max(...rows.map((r) => r.name.length), 4);
    console.log(`\nJavaScript per page on a cold load (gzip)\n`);
    console.log(`${'page'.padEnd(width)} | scripts | gzip       | budget     | ok`);
    console.log(`${'-'.repeat(width)}-|---------|------------|------------|----`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(width)} | ${String(r.files).padStart(7)} | ${kib(r.bytes).padStart(10)} | ${kib(r.budget).padStart(10)} | ${r.bytes <= r.budget ? 'yes' : 'NO'}`,
      );
    }
    const over = rows.filter((r) => r.bytes > r.budget);
    if (over.length > 0) {
      console.error(`\nOver budget: ${over.map((r) => r.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error('[check:bundle]', error);
  process.exit(1);
});

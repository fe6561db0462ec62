import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3251';
const [email, path, shot] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text().slice(0, 300)); });
await page.goto(base + '/admin');
await page.getByLabel('E-Mail').fill(email);
await page.getByLabel('Passwort', { exact: true }).fill('Bogen2026!');
await page.getByRole('button', { name: 'Anmelden' }).click();
try { await page.getByRole('button', { name: 'Benutzermenü' }).waitFor({ timeout: 90000 }); } catch (e) { await page.screenshot({ path: '/tmp/orgscreen/fail.png' }); console.log('signin fail', page.url()); }
await page.goto(base + path, { timeout: 120000 });
await page.waitForTimeout(3000);
console.log('url', page.url());
await page.screenshot({ path: shot, fullPage: true });
await browser.close();

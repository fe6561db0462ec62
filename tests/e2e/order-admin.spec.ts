import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { API, apiToken, signIn } from './support/sign-in';

/**
 * Order administration (forms 1005 and 56): the federation releases the demo club's open licence
 * order and the ordered member then holds the licence on the member screen; the club downloads
 * its invoice; a state association reads its clubs' orders without the federation's buttons.
 */

const nextYear = new Date().getFullYear() + 1;

/**
 * A created licence order of club 11 for next year with two persons who can be ordered, placed
 * through the API as the wizard places it: the test has an order of its own, whatever ran before
 * (the seed's created order 0011-000119 is the one the federation releases below).
 */
async function placeClubOrder(): Promise<string> {
  const headers = { authorization: `Bearer ${await apiToken('verein@example.org')}`, 'content-type': 'application/json' };
  const ordercat = `JAHRESLIZENZ_${nextYear}`;
  const offered = await fetch(`${API}/api/v1/order/11/persons?ordercat=${ordercat}`, { headers });
  expect(offered.status).toBe(200);
  const { persons } = (await offered.json()) as { persons: Array<{ id: number; reasons: string[] }> };
  const orderable = persons.filter((p) => p.reasons.length === 0).slice(0, 2);
  expect(orderable).toHaveLength(2);
  const placed = await fetch(`${API}/api/v1/order/11`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ordercat, members: orderable.map((p) => ({ id: p.id, params: { print: false } })) }),
  });
  expect(placed.status).toBe(201);
  return ((await placed.json()) as { orderNumber: string }).orderNumber;
}

test('a club takes a person out of its created order, confirmed, and cannot release it', async ({ page }) => {
  const orderNumber = await placeClubOrder();
  await signIn(page, 'verein@example.org');
  await page.goto('/admin/form/O11/F56');
  const list = page.getByRole('navigation', { name: 'Bestellungen' });
  await list.getByRole('checkbox', { name: 'erstellt' }).check();
  await list.getByRole('link', { name: new RegExp(`#${orderNumber}`) }).click();
  await expect(page.getByRole('heading', { name: `Bestellung #${orderNumber}` })).toBeVisible();
  const items = page.getByRole('table', { name: 'Positionen' });
  await expect(items.getByRole('checkbox').first()).toBeVisible();
  const persons = await items.getByRole('checkbox').count();
  await items.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(`Bestellung #${orderNumber} gespeichert`, { exact: true })).toBeVisible();
  await expect(items.getByRole('checkbox')).toHaveCount(persons - 1);
  await expect(page.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);
});

test('the federation releases an order, the member holds the licence, and the club downloads the invoice', async ({ page, browser }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1/F1005');
  const list = page.getByRole('navigation', { name: 'Bestellungen' });
  await list.getByRole('searchbox', { name: 'Bestellung suchen' }).fill('0011-000119');
  await list.getByRole('link', { name: /#0011-000119/ }).click();
  await expect(page.getByRole('heading', { name: 'Bestellung #0011-000119' })).toBeVisible();
  await expectAccessible(page, 'order detail');

  // A comment on the order.
  await page.getByRole('textbox', { name: 'Kommentar' }).fill('Zahlung eingegangen.');
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByText('Zahlung eingegangen.')).toBeVisible();

  const rows = page.getByRole('table', { name: 'Positionen' }).locator('tbody tr');
  const person = (await rows.nth(1).locator('td').first().innerText()).trim();
  // One person is marked for removal and the order released in the same step: the release takes
  // them out and the total shown is the sum of the lines that remain.
  const removedRow = rows.last();
  const removed = (await removedRow.locator('td').first().innerText()).trim();
  expect(removed).not.toBe(person);
  await removedRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Freigeben' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Bestellung #0011-000119 freigegeben')).toBeVisible();
  await expect(page.getByText('Fehlgeschlagen')).toHaveCount(0);
  await expect(page.getByText('abgeschlossen', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Positionen' }).getByText(removed)).toHaveCount(0);
  const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  const lineSums = await page.getByRole('table', { name: 'Positionen' }).locator('tbody tr td:nth-child(3)').allInnerTexts();
  expect(cents(await page.getByTestId('order-admin-total').innerText())).toBe(lineSums.reduce((sum, t) => sum + cents(t), 0));
  await expect(page.getByRole('link', { name: /^Rechnung \d{4}-\d{6} \(PDF\)$/ })).toBeVisible();

  // The report lists the order's persons.
  await page.getByRole('button', { name: 'Bericht' }).click();
  await page.getByRole('searchbox', { name: 'Bericht durchsuchen' }).fill(person.split(' ').at(-1)!);
  await expect(page.getByRole('table', { name: 'Bestellbericht' }).getByRole('row').filter({ hasText: person }).first()).toBeVisible();

  // The club: the member now holds next year's licence, and the invoice downloads as a PDF.
  const club = await (await browser.newContext({ locale: 'de-AT' })).newPage();
  await signIn(club, 'verein@example.org');
  await club.goto('/admin/form/O11/F51');
  await club.getByRole('searchbox', { name: 'Mitglieder suchen' }).fill(person.split(' ').at(-1)!);
  await club
    .getByRole('link', { name: new RegExp(person.split(' ').at(-1)!) })
    .first()
    .click();
  await club.getByRole('tab', { name: 'Funktionen und Lizenzen' }).click();
  await expect(
    club
      .getByRole('table', { name: 'Funktionen und Lizenzen' })
      .getByRole('row')
      .filter({ hasText: `31.12.${nextYear}` })
      .filter({ hasText: /Lizenz/ }),
  ).toHaveCount(1);

  await club.goto('/admin/form/O11/F55/119');
  const link = club.getByRole('link', { name: /^Rechnung \d{4}-\d{6} \(PDF\)$/ });
  await expect(link).toHaveAttribute('href', /^\/admin\/api\/v1\/reports\/invoice\?order=119&number=\d{4}-\d{6}$/);
  const invoice = await club.request.get((await link.getAttribute('href'))!);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  expect((await invoice.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a state association reads its clubs’ orders without the federation’s buttons', async ({ page }) => {
  await signIn(page, 'land@example.org');
  await page.goto('/admin/form/O4/F56');
  const list = page.getByRole('navigation', { name: 'Bestellungen' });
  await expect(list.getByRole('link').first()).toBeVisible();
  await list.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /^Bestellung #/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Freigeben' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rücküberweisen' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Kommentar' })).toHaveCount(0);
  await expectAccessible(page, 'state association order detail');
});

test('the start page lists the newest orders with their badges and opens one in the order form', async ({ page }) => {
  await signIn(page, 'verband@example.org');
  await page.goto('/admin/form/O1');
  const overview = page.getByRole('region', { name: 'Bestellungen' });
  await expect(overview.getByRole('link')).toHaveCount(10);
  await expect(overview.getByText('neu', { exact: true }).first()).toBeVisible();
  await expect(overview.getByRole('button', { name: 'Nächste Seite' })).toBeEnabled();
  await overview.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/form\/O1\/F1005\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Bestellung #/ })).toBeVisible();
});

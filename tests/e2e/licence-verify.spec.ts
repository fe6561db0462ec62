import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { cardToken, licenceCardText } from '../../lib/domain/licence-card';
import { E2E_DATA_DIR } from '../../playwright.config';
import { expectAccessible } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * The public verification page of licence cards (/admin/verify#…): anyone, signed out, scans a
 * card and the browser checks its Ed25519 signature with the key that came with the page; one
 * changed character makes it invalid. Where the network allows, the page also asks the federation
 * whether a genuine card still stands and shows that beside the offline result.
 */

/** Signs a card as the API does, with the key in the e2e data folder. */
function signedCard(data: Parameters<typeof licenceCardText>[0]): string {
  const key = createPrivateKey(readFileSync(path.join(E2E_DATA_DIR, 'licence-signing-key.pem'), 'utf8'));
  const text = licenceCardText(data);
  return cardToken(text, new Uint8Array(sign(null, Buffer.from(text, 'utf8'), key)));
}

test('a signed licence card checks as valid, a changed one as invalid, without signing in', async ({ page }) => {
  // Loading the page has the API make (or read) its signing key; the test signs with that key as the API does.
  await page.goto('/admin/verify');
  await expect(page.getByText('Scannen Sie den QR-Code einer Lizenzkarte')).toBeVisible();
  const key = createPrivateKey(readFileSync(path.join(E2E_DATA_DIR, 'licence-signing-key.pem'), 'utf8'));
  const year = new Date().getFullYear() + 1;
  const text = licenceCardText({
    memberId: 42,
    regNr: '3011042',
    firstName: 'Anna',
    surname: 'Öllinger',
    birthDate: '2001-05-17',
    club: 'BSV Wiener Neustadt',
    year,
  });
  const token = cardToken(text, new Uint8Array(sign(null, Buffer.from(text, 'utf8'), key)));

  await page.goto(`/admin/verify#${token}`);
  await expect(page.getByText(`Gültige Lizenz ${year}`)).toBeVisible();
  await expect(page.getByText('Anna Öllinger')).toBeVisible();
  await expectAccessible(page, 'verified licence');

  // One character of the signed data changed (the year): the signature no longer matches.
  const forged = cardToken(text.replace(String(year), String(year + 1)), new Uint8Array(sign(null, Buffer.from(text, 'utf8'), key)));
  await page.goto(`/admin/verify#${forged}`);
  await expect(page.getByText('Ungültig: Die Signatur der Lizenzkarte stimmt nicht.')).toBeVisible();
});

test('beside the offline result, the federation confirms a held licence online, knows no card it never issued, and the page says when it cannot ask', async ({
  page,
}) => {
  const year = new Date().getFullYear() + 1;
  // The demo club's released advance licence order for next year: its person holds the licence.
  await signIn(page, 'verband@example.org');
  const items = (await (await page.request.get('/admin/api/v1/order/11/items/118')).json()) as Array<{
    mgId: number | null;
    firstName: string;
    surname: string;
    birthDate: string;
  }>;
  const person = items.find((i) => i.mgId !== null)!;
  await page.context().clearCookies();
  const held = signedCard({
    memberId: person.mgId!,
    regNr: '',
    firstName: person.firstName,
    surname: person.surname,
    birthDate: person.birthDate,
    club: 'BSV Demo',
    year,
  });

  await page.goto(`/admin/verify#${held}`);
  await expect(page.getByText(`Gültige Lizenz ${year}`)).toBeVisible();
  await expect(page.getByText('Online bestätigt: Die Lizenz besteht.')).toBeVisible();
  await expectAccessible(page, 'licence confirmed online');

  // Genuinely signed, but never on any order: the offline check cannot tell, the federation can.
  await page.goto(
    `/admin/verify#${signedCard({ memberId: 999_999, regNr: '9999999', firstName: 'Nie', surname: 'Bestellt', birthDate: '2000-01-01', club: 'Kein Verein', year })}`,
  );
  await expect(page.getByText(`Gültige Lizenz ${year}`)).toBeVisible();
  await expect(page.getByText('Unbekannt: Der Verband kennt diese Karte nicht. Die Karte gilt nicht.')).toBeVisible();

  // No answer from the federation: the offline result stands, and the page says the online step failed.
  await page.route('**/api/v1/public/licence-status', (route) => route.abort('internetdisconnected'));
  await page.goto('/admin/verify');
  // the page has started (it asks for a card): only then does the card arrive, as a scan would
  await expect(page.getByText('Scannen Sie den QR-Code einer Lizenzkarte')).toBeVisible();
  await page.goto(`/admin/verify#${held}`);
  await expect(page.getByText(`Gültige Lizenz ${year}`)).toBeVisible();
  await expect(page.getByText(/^Online-Prüfung nicht möglich \(keine Verbindung\)/)).toBeVisible();
  await expect(page.getByText('Online bestätigt: Die Lizenz besteht.')).toHaveCount(0);
});

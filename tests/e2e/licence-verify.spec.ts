import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { cardToken, licenceCardText } from '../../lib/domain/licence-card';
import { E2E_DATA_DIR } from '../../playwright.config';
import { expectAccessible } from './support/axe';

/**
 * The public verification page of licence cards (/admin/verify#…): anyone, signed out, scans a
 * card and the browser checks its Ed25519 signature with the key that came with the page; one
 * changed character makes it invalid.
 */

test('a signed licence card checks as valid, a changed one as invalid, without signing in', async ({ page }) => {
  // Loading the page has the API make (or read) its signing key; the test signs with that key as the API does.
  await page.goto('/admin/verify');
  await expect(page.getByText('Scannen Sie den QR-Code einer Lizenzkarte')).toBeVisible();
  const key = createPrivateKey(readFileSync(path.join(E2E_DATA_DIR, 'licence-signing-key.pem'), 'utf8'));
  const year = new Date().getFullYear() + 1;
  const text = licenceCardText({ memberId: 42, regNr: '3011042', firstName: 'Anna', surname: 'Öllinger', birthDate: '2001-05-17', club: 'BSV Wiener Neustadt', year });
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

/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coverLetterPdf } from '@/server/reports/cover-letter-pdf';
import { invoicePdf } from '@/server/reports/invoice-pdf';
import { licenceCardsPdf } from '@/server/reports/licence-cards-pdf';
import { documentBytes, newDocument, FONT_BOLD, FONT_REGULAR } from '@/server/reports/pdf-document';

/**
 * Every PDF prints names from every Central European language as written: read back with
 * Debian's poppler (pdftotext), the text holds them letter for letter, and the text after a name
 * is not eaten by it.
 */

const NAMES = [
  'Marie Kovačević', // Croatian / Serbian: č, ć
  'Đorđe Živković', // Đ, đ, Ž
  'Łukasz Wróbel-Żółć', // Polish: Ł, ó, Ż, ł, ć
  'Zoltán Szőke-Lőrincz', // Hungarian: ő
  'Tomáš Dvořák', // Czech: š, ř
  'Ľubomír Šťastný', // Slovak: Ľ, ť
  'Ştefan Ţăran', // Romanian: Ş, Ţ, ă
  'Jürgen Größ', // German
];

const dir = mkdtempSync(path.join(tmpdir(), 'pdf-names-'));
function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  // NFC: poppler may hand back a letter as base letter + combining mark
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).normalize('NFC').replace(/\s+/g, ' ');
}

const club = { name: 'BSV Međimurje-Čakovec', street: 'Ulica 1', zip: '1010', city: 'Wien' };

describe('names outside Latin-1 in every PDF', () => {
  it('the invoice prints each line’s name and what follows it', async () => {
    const text = pdfText(
      await invoicePdf({
        kind: 'invoice',
        federation: 'Österreichischer Bogensportverband',
        bank: { name: 'ÖBSV', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
        invoiceNumber: '2027-0001',
        invoiceDate: '2026-11-27',
        orderNumber: '119',
        reference: 'RF18 0001 19',
        category: 'Lizenz 2027',
        club: { ...club, bso: null },
        lines: NAMES.map((n) => ({ text: `${n} (mit Lizenzkarte)`, grossCents: 2100 })),
        grossCents: NAMES.length * 2100,
        netCents: NAMES.length * 2100,
      }),
      'invoice.pdf',
    );
    for (const n of NAMES) expect(text).toContain(`${n} (mit Lizenzkarte)`);
    expect(text).toContain(club.name);
  });

  it('the licence cards print each name', async () => {
    const text = pdfText(
      await licenceCardsPdf(
        'Österreichischer Bogensportverband',
        NAMES.map((name, i) => ({
          name,
          birthDate: '1990-05-0' + (i + 1),
          club: club.name,
          regNr: String(1000 + i),
          year: 2027,
          photo: null,
          qrText: 'https://example.org/verify#x',
        })),
      ),
      'cards.pdf',
    );
    // a card's name may wrap at its hyphen or space (pdftotext joins such a line without the hyphen)
    const letters = (s: string) => s.replace(/[ -]/g, '');
    for (const n of NAMES) expect(letters(text)).toContain(letters(n));
  });

  it('the cover letter lists each person', async () => {
    const text = pdfText(
      await coverLetterPdf({
        federation: 'Österreichischer Bogensportverband',
        club,
        date: '2026-11-27',
        orderNumber: '119',
        year: 2027,
        persons: NAMES,
      }),
      'letter.pdf',
    );
    for (const n of NAMES) expect(text).toContain(n);
    expect(text).toContain(club.name);
  });

  it('keeps every letter in later documents too: a letter that is part of a composite (O in Ö, . in :) is not lost once one was printed', async () => {
    const first = newDocument('first');
    first.font(FONT_BOLD).text('Österreich: Ö Ł');
    first.font(FONT_REGULAR).text('Österreich: Ö Ł');
    await documentBytes(first);
    const later = newDocument('later');
    later.font(FONT_BOLD).text('STORNIERT. OL');
    later.font(FONT_REGULAR).text('Ende. OL Zahlungsaufforderung office');
    expect(pdfText(await documentBytes(later), 'later.pdf')).toContain('STORNIERT. OL Ende. OL Zahlungsaufforderung office');
  });
});

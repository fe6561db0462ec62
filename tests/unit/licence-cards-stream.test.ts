/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { licenceCardsPdfStream, type LicenceCard } from '@/server/reports/licence-cards-pdf';

/**
 * Licence cards are streamed: the first bytes leave before the last card is drawn, other work of
 * the process runs between cards (the download of hundreds of cards holds nobody else up), and the
 * document is still whole: every card on its page, read back with pdftotext.
 */

const cards: LicenceCard[] = Array.from({ length: 12 }, (_, i) => ({
  name: `Person${String(i + 1).padStart(2, '0')} Schütz`,
  birthDate: '1990-05-01',
  club: 'BSV Wien',
  regNr: String(5000 + i),
  year: 2027,
  photo: null,
  qrText: `https://example.org/verify#card-${i}`,
}));

it('sends the first pages while later cards are drawn, lets other work in between, and ends as a whole document', async () => {
  let drawn = 0;
  async function* slowly(): AsyncGenerator<LicenceCard> {
    for (const card of cards) {
      drawn++;
      yield card;
    }
  }
  let timers = 0;
  const timer = setInterval(() => timers++, 0);
  const chunks: Buffer[] = [];
  let drawnAtFirstChunk = -1;
  try {
    for await (const chunk of licenceCardsPdfStream('Österreichischer Bogensportverband', slowly())) {
      if (drawnAtFirstChunk < 0) drawnAtFirstChunk = drawn;
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearInterval(timer);
  }
  expect(drawnAtFirstChunk).toBeLessThan(cards.length);
  // a timer of the process ran again and again while the 12 cards were drawn
  expect(timers).toBeGreaterThan(5);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cards-')), 'cards.pdf');
  writeFileSync(file, Buffer.concat(chunks));
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+2\b/);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  for (const card of cards) {
    expect(text).toContain(card.name.split(' ')[0]);
    expect(text).toContain(`Lizenz-Nr. ${card.regNr}`);
  }
}, 180_000);

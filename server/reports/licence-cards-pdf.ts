import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { A4_MARGIN, documentBytes, formatDate, letterhead, newDocument, qrPng, FONT_BOLD, FONT_REGULAR, type Doc } from './pdf-document';

export type LicenceCard = {
  name: string;
  birthDate: string;
  club: string;
  regNr: string;
  year: number;
  /** PNG or JPEG bytes of the profile picture, when there is one. */
  photo: Buffer | null;
  /** What the QR code holds: the verification address with the signed licence data. */
  qrText: string;
};

const CARD_W = 242; // 85.6 mm (ID-1) in points
const CARD_H = 153; // 54 mm
/** Two columns of four rows fit below the letterhead and on every further page. */
const CARDS_PER_PAGE = 8;

/**
 * Licence cards, eight per A4 page (two columns), each with photo, data and its signed QR code, as
 * a stream: the document's bytes flow out page by page while later cards are still being read and
 * drawn, and after every card the rendering lets other requests of the process go first (a card
 * takes a few milliseconds; hundreds at once would hold every other request for seconds).
 * A card that fails to be read ends the stream with that error.
 */
export function licenceCardsPdfStream(federation: string, cards: AsyncIterable<LicenceCard> | Iterable<LicenceCard>): Doc {
  const doc = newDocument('Lizenzkarten');
  void drawCards(doc, federation, cards).then(
    () => doc.end(),
    (err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))),
  );
  return doc;
}

/** The whole document as bytes (tests, benchmarks). */
export function licenceCardsPdf(federation: string, cards: LicenceCard[]): Promise<Buffer> {
  const doc = newDocument('Lizenzkarten');
  return drawCards(doc, federation, cards).then(() => documentBytes(doc));
}

async function drawCards(doc: Doc, federation: string, cards: AsyncIterable<LicenceCard> | Iterable<LicenceCard>): Promise<void> {
  letterhead(doc, federation);
  const startY = doc.y;
  const gapX = doc.page.width - 2 * A4_MARGIN - 2 * CARD_W;
  let slot = 0;
  for await (const card of cards) {
    if (doc.destroyed) return; // the client went away
    if (slot > 0 && slot % CARDS_PER_PAGE === 0) doc.addPage();
    const inPage = slot % CARDS_PER_PAGE;
    const col = inPage % 2;
    const rowIndex = Math.floor(inPage / 2);
    const top = (slot < CARDS_PER_PAGE ? startY : A4_MARGIN) + rowIndex * (CARD_H + 14);
    const x = A4_MARGIN + col * (CARD_W + gapX);
    doc.roundedRect(x, top, CARD_W, CARD_H, 8).lineWidth(0.8).strokeColor('#14532d').stroke();
    doc
      .font(FONT_BOLD)
      .fontSize(8)
      .fillColor('#14532d')
      .text(`${federation} · Lizenz ${card.year}`, x + 8, top + 8, { width: CARD_W - 16 });
    if (card.photo) {
      try {
        doc.image(card.photo, x + 8, top + 24, { fit: [56, 70] });
      } catch {
        doc
          .rect(x + 8, top + 24, 56, 70)
          .strokeColor('#9ca3af')
          .stroke();
      }
    } else
      doc
        .rect(x + 8, top + 24, 56, 70)
        .strokeColor('#9ca3af')
        .stroke();
    doc
      .fillColor('black')
      .font(FONT_BOLD)
      .fontSize(10)
      .text(card.name, x + 72, top + 24, { width: 90 });
    doc.font(FONT_REGULAR).fontSize(8);
    doc.text(`geb. ${formatDate(card.birthDate)}`, x + 72, doc.y + 2, { width: 90 });
    doc.text(card.club, x + 72, doc.y + 2, { width: 90 });
    doc.text(`Lizenz-Nr. ${card.regNr}`, x + 72, doc.y + 2, { width: 90 });
    doc.text(`gültig 01.01.–31.12.${card.year}`, x + 72, doc.y + 2, { width: 90 });
    doc.image(await qrPng(card.qrText, 4), x + CARD_W - 80, top + 24, { width: 72 });
    slot += 1;
    await yieldToOthers();
  }
  if (slot === 0) doc.font(FONT_REGULAR).fontSize(10).text('Keine Lizenzkarten zu drucken.');
}

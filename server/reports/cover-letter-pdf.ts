import { documentBytes, formatDate, letterhead, newDocument, FONT_BOLD, FONT_REGULAR } from './pdf-document';

export type CoverLetter = {
  federation: string;
  club: { name: string; street: string | null; zip: string | null; city: string | null };
  date: string;
  orderNumber: string;
  year: number | null;
  persons: string[];
};

/** The letter that goes with the printed licence cards: to the club, listing whose cards are enclosed. */
export async function coverLetterPdf(d: CoverLetter): Promise<Buffer> {
  const doc = newDocument(`Begleitschreiben ${d.orderNumber}`);
  letterhead(doc, d.federation);
  doc.fontSize(10).text(d.club.name);
  if (d.club.street) doc.text(d.club.street);
  doc.text(`${d.club.zip ?? ''} ${d.club.city ?? ''}`.trim());
  doc.moveDown(2);
  doc.text(`Wien, ${formatDate(d.date)}`, { align: 'right' });
  doc.moveDown();
  doc
    .font(FONT_BOLD)
    .fontSize(12)
    .text(`Lizenzkarten${d.year ? ` ${d.year}` : ''} – Bestellung #${d.orderNumber}`);
  doc.font(FONT_REGULAR).fontSize(10).moveDown();
  doc.text('Sehr geehrte Damen und Herren,');
  doc.moveDown(0.5);
  doc.text(
    `anbei erhalten Sie die Lizenzkarten Ihrer Mitglieder für ${d.year ?? 'das Lizenzjahr'}. Jede Karte trägt einen QR-Code, mit dem sich die Lizenz jederzeit und ohne Netzverbindung prüfen lässt.`,
  );
  doc.moveDown();
  for (const name of d.persons) doc.text(`• ${name}`);
  if (d.persons.length === 0) doc.text('(keine Lizenzkarten in dieser Bestellung)');
  doc.moveDown();
  doc.text('Mit sportlichen Grüßen');
  doc.text(d.federation);
  return documentBytes(doc);
}

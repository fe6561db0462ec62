import { epcPayload } from '@/lib/domain/orders/epc-qr';
import { formatEuros } from '@/lib/domain/orders/money';
import { A4_MARGIN, documentBytes, formatDate, letterhead, newDocument, qrPng, FONT_BOLD, FONT_REGULAR } from './pdf-document';

/** What an invoice shows; amounts in cents, computed by the caller from the stored lines. */
export type InvoiceData = {
  federation: string;
  bank: { name: string; iban: string; bic: string };
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  reference: string;
  category: string;
  club: { name: string; street: string | null; zip: string | null; city: string | null; bso: string | null };
  lines: Array<{ text: string; grossCents: number }>;
  grossCents: number;
  netCents: number;
};

const money = (cents: number) => formatEuros(cents, 'de');

function spacedIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * The invoice as a German A4 PDF: letterhead, the club's address, invoice number and date, the
 * lines, net / tax / gross, bank details with the reference to quote, and the EPC QR code a
 * banking app reads to fill in the transfer.
 */
export async function invoicePdf(d: InvoiceData): Promise<Buffer> {
  const doc = newDocument(`Rechnung ${d.invoiceNumber}`);
  letterhead(doc, d.federation);

  doc.fontSize(10).text(d.club.name);
  if (d.club.street) doc.text(d.club.street);
  doc.text(`${d.club.zip ?? ''} ${d.club.city ?? ''}`.trim());
  doc.moveDown(2);

  doc.font(FONT_BOLD).fontSize(14).text(`Rechnung ${d.invoiceNumber}`);
  doc.font(FONT_REGULAR).fontSize(10);
  doc.text(`Rechnungsdatum: ${formatDate(d.invoiceDate)}`);
  doc.text(`Bestellung: #${d.orderNumber} (${d.category})`);
  if (d.club.bso) doc.text(`BSO-Nummer: ${d.club.bso}`);
  doc.moveDown();

  const right = doc.page.width - A4_MARGIN;
  const amountX = right - 110;
  const row = (text: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? FONT_BOLD : FONT_REGULAR).text(text, A4_MARGIN, y, { width: amountX - A4_MARGIN - 10 });
    const after = doc.y;
    doc.text(amount, amountX, y, { width: 110, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = A4_MARGIN;
  };
  row('Position', 'Betrag', true);
  doc.moveTo(A4_MARGIN, doc.y + 2).lineTo(right, doc.y + 2).lineWidth(0.5).stroke();
  doc.moveDown(0.5);
  for (const line of d.lines) row(line.text, money(line.grossCents));
  doc.moveTo(A4_MARGIN, doc.y + 2).lineTo(right, doc.y + 2).lineWidth(0.5).stroke();
  doc.moveDown(0.5);
  row('Summe netto', money(d.netCents));
  row('Umsatzsteuer', money(d.grossCents - d.netCents));
  row('Gesamtbetrag', money(d.grossCents), true);
  doc.moveDown(2);

  doc.font(FONT_BOLD).text('Zahlung');
  doc.font(FONT_REGULAR);
  doc.text(`Bitte überweisen Sie ${money(d.grossCents)} innerhalb von 14 Tagen auf das Konto:`);
  doc.text(`Empfänger: ${d.bank.name}`);
  doc.text(`IBAN: ${spacedIban(d.bank.iban)}`);
  doc.text(`BIC: ${d.bank.bic}`);
  doc.text(`Verwendungszweck: ${d.reference}`);
  doc.moveDown();

  const qr = await qrPng(epcPayload({ bic: d.bank.bic, name: d.bank.name, iban: d.bank.iban, amountCents: d.grossCents, text: `${d.reference} Rechnung ${d.invoiceNumber}` }));
  const top = doc.y;
  doc.image(qr, A4_MARGIN, top, { width: 130 });
  doc.text('Zahlen mit Code: Scannen Sie den QR-Code mit Ihrer Banking-App, um die Überweisung auszufüllen.', A4_MARGIN + 145, top + 20, { width: 300 });
  return documentBytes(doc);
}

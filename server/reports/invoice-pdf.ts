import { epcPayload } from '@/lib/domain/orders/epc-qr';
import { formatEuros } from '@/lib/domain/orders/money';
import { A4_MARGIN, documentBytes, formatDate, letterhead, newDocument, qrPng, FONT_BOLD, FONT_REGULAR } from './pdf-document';

/** Another document this one refers to: the invoice a cancellation cancels, or the cancellation of an invoice. */
export type DocumentRef = { number: string; date: string };

/**
 * What an order document shows; amounts in cents (negative on a cancellation), computed by the
 * caller from the stored document or, for a payment request, the order's lines.
 * - invoice: numbered; asks for payment with the EPC code unless `cancelledBy` is set (then it is
 *   marked STORNIERT and refers to its cancellation);
 * - cancellation: numbered, refers to the invoice it cancels, asks for nothing;
 * - paymentRequest: no number, asks for payment with the EPC code; the invoice follows on release.
 */
export type InvoiceData = {
  kind: 'invoice' | 'cancellation' | 'paymentRequest';
  federation: string;
  bank: { name: string; iban: string; bic: string };
  invoiceNumber: string | null;
  invoiceDate: string;
  orderNumber: string;
  reference: string;
  category: string;
  club: { name: string; street: string | null; zip: string | null; city: string | null; bso: string | null };
  lines: Array<{ text: string; grossCents: number }>;
  grossCents: number;
  netCents: number;
  cancels?: DocumentRef;
  cancelledBy?: DocumentRef;
};

const money = (cents: number) => formatEuros(cents, 'de');

function spacedIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

function title(d: InvoiceData): string {
  if (d.kind === 'paymentRequest') return 'Zahlungsaufforderung';
  return `${d.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'} ${d.invoiceNumber ?? ''}`.trim();
}

/**
 * An order document as a German A4 PDF: letterhead, the club's address, title, number and date,
 * the lines, net / tax / gross, and, when it asks for payment, the bank details with the
 * reference to quote and the EPC QR code a banking app reads to fill in the transfer.
 */
export async function invoicePdf(d: InvoiceData): Promise<Buffer> {
  const doc = newDocument(title(d));
  letterhead(doc, d.federation);

  doc.fontSize(10).text(d.club.name);
  if (d.club.street) doc.text(d.club.street);
  doc.text(`${d.club.zip ?? ''} ${d.club.city ?? ''}`.trim());
  doc.moveDown(2);

  doc.font(FONT_BOLD).fontSize(14).text(title(d));
  if (d.cancelledBy) doc.fillColor('#b91c1c').fontSize(18).text('STORNIERT').fillColor('black');
  doc.font(FONT_REGULAR).fontSize(10);
  doc.text(`${d.kind === 'paymentRequest' ? 'Datum' : 'Rechnungsdatum'}: ${formatDate(d.invoiceDate)}`);
  if (d.cancels) doc.text(`Storno zu Rechnung ${d.cancels.number} vom ${formatDate(d.cancels.date)}`);
  if (d.cancelledBy) doc.text(`Storniert durch Stornorechnung ${d.cancelledBy.number} vom ${formatDate(d.cancelledBy.date)}`);
  doc.text(`Bestellung: #${d.orderNumber} (${d.category})`);
  if (d.club.bso) doc.text(`BSO-Nummer: ${d.club.bso}`);
  if (d.kind === 'paymentRequest') doc.text('Dies ist keine Rechnung: die Rechnung folgt mit der Freigabe der Bestellung.');
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
  doc
    .moveTo(A4_MARGIN, doc.y + 2)
    .lineTo(right, doc.y + 2)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.5);
  for (const line of d.lines) row(line.text, money(line.grossCents));
  doc
    .moveTo(A4_MARGIN, doc.y + 2)
    .lineTo(right, doc.y + 2)
    .lineWidth(0.5)
    .stroke();
  doc.moveDown(0.5);
  row('Summe netto', money(d.netCents));
  row('Umsatzsteuer', money(d.grossCents - d.netCents));
  row('Gesamtbetrag', money(d.grossCents), true);
  doc.moveDown(2);

  if (d.kind === 'cancellation') {
    doc.text(
      `Die Rechnung ${d.cancels?.number ?? ''} ist damit aufgehoben und nicht mehr zu zahlen. Bereits bezahlte Beträge werden zurücküberwiesen.`,
    );
    return documentBytes(doc);
  }
  if (d.cancelledBy) {
    doc.text('Diese Rechnung ist storniert und nicht mehr zu zahlen.');
    return documentBytes(doc);
  }
  if (d.grossCents <= 0) return documentBytes(doc);

  doc.font(FONT_BOLD).text('Zahlung');
  doc.font(FONT_REGULAR);
  doc.text(`Bitte überweisen Sie ${money(d.grossCents)} innerhalb von 14 Tagen auf das Konto:`);
  doc.text(`Empfänger: ${d.bank.name}`);
  doc.text(`IBAN: ${spacedIban(d.bank.iban)}`);
  doc.text(`BIC: ${d.bank.bic}`);
  doc.text(`Verwendungszweck: ${d.reference}`);
  doc.moveDown();

  const remittance =
    d.kind === 'paymentRequest' ? `${d.reference} Bestellung ${d.orderNumber}` : `${d.reference} Rechnung ${d.invoiceNumber}`;
  const qr = await qrPng(
    epcPayload({ bic: d.bank.bic, name: d.bank.name, iban: d.bank.iban, amountCents: d.grossCents, text: remittance }),
  );
  const top = doc.y;
  doc.image(qr, A4_MARGIN, top, { width: 130 });
  doc.text('Zahlen mit Code: Scannen Sie den QR-Code mit Ihrer Banking-App, um die Überweisung auszufüllen.', A4_MARGIN + 145, top + 20, {
    width: 300,
  });
  return documentBytes(doc);
}

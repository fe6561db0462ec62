import { A4_MARGIN, documentBytes, formatDate, letterhead, newDocument, FONT_BOLD, FONT_REGULAR } from './pdf-document';

/**
 * A person's data export as a readable document (GDPR Art. 15): the person's record, then every
 * place that holds them with its rows, each row as "field: value" lines. The JSON of the same
 * export is the machine-readable copy (Art. 20); this one is for reading.
 */

export type PersonDataDocument = {
  exportedAt: string;
  person: Record<string, unknown>;
  places: Array<{ place: string; title: string; rows: Array<Record<string, unknown>> }>;
};

function valueText(v: unknown): string {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function personDataPdf(d: PersonDataDocument): Promise<Buffer> {
  const doc = newDocument('Auskunft über gespeicherte Daten');
  letterhead(doc, 'Österreichischer Bogensportverband');
  const width = doc.page.width - 2 * A4_MARGIN;
  doc.font(FONT_BOLD).fontSize(14).text('Auskunft über gespeicherte Daten');
  doc
    .font(FONT_REGULAR)
    .fontSize(9)
    .fillColor('#374151')
    .text(`Erstellt am ${formatDate(d.exportedAt)} (${d.exportedAt})`);
  doc.fillColor('black').moveDown();

  doc.font(FONT_BOLD).fontSize(11).text('Stammdaten');
  doc.font(FONT_REGULAR).fontSize(9);
  for (const [k, v] of Object.entries(d.person)) doc.text(`${k}: ${valueText(v)}`, { width });
  for (const p of d.places) {
    doc.moveDown(0.8);
    doc.font(FONT_BOLD).fontSize(11).text(`${p.title} (${p.rows.length})`);
    doc.font(FONT_REGULAR).fontSize(8).fillColor('#6b7280').text(p.place).fillColor('black').fontSize(9);
    if (p.rows.length === 0) doc.text('Keine Einträge.');
    for (const row of p.rows) {
      doc.moveDown(0.3);
      doc.text(
        Object.entries(row)
          .map(([k, v]) => `${k}: ${valueText(v)}`)
          .join(' · '),
        { width },
      );
    }
  }
  return documentBytes(doc);
}

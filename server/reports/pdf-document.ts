import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The frame of every PDF the API renders: A4 portrait, German metadata, the federation's
 * letterhead; the built-in Helvetica covers German text and the euro sign. pdfkit draws on the
 * server without a browser and streams, which is all these documents need.
 */

export const A4_MARGIN = 56;

export type Doc = InstanceType<typeof PDFDocument>;

export function newDocument(title: string): Doc {
  return new PDFDocument({ size: 'A4', margin: A4_MARGIN, info: { Title: title, Author: 'Österreichischer Bogensportverband' }, lang: 'de-AT' } as never);
}

/** The whole document as bytes. */
export function documentBytes(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export function letterhead(doc: Doc, federation: string) {
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#14532d').text(federation, { align: 'left' });
  doc.font('Helvetica').fontSize(9).fillColor('#374151').text('Haus des Sports · Prinz-Eugen-Straße 12 · 1040 Wien · office@bogensport.example.org');
  doc.moveTo(A4_MARGIN, doc.y + 6).lineTo(doc.page.width - A4_MARGIN, doc.y + 6).strokeColor('#14532d').lineWidth(1).stroke();
  doc.moveDown(1.5).fillColor('black');
}

/** A QR code as a PNG (error correction M), for `doc.image`. */
export function qrPng(text: string, pixelsPerModule = 6): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, scale: pixelsPerModule, type: 'png' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

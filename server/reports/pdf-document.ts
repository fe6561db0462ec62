import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The frame of every PDF the API renders: A4 portrait, German metadata, the federation's
 * letterhead. pdfkit draws on the server without a browser and streams, which is all these
 * documents need.
 *
 * Text is set in Noto Sans (embedded, subset to the glyphs used), never in the PDF's built-in
 * Helvetica: the built-in fonts only know WinAnsi (Latin-1), so names such as Kovačević, Łukasz or
 * Szőke would come out garbled. Noto Sans covers Latin Extended A/B, Greek and Cyrillic.
 * The font files are parsed once per process and the parsed fonts shared by every document
 * (each still embeds its own subset): parsing per document made an invoice ten times slower.
 */

export const A4_MARGIN = 56;

/** The two faces every document uses; set them with `doc.font(FONT_REGULAR)`. */
export const FONT_REGULAR = 'Regular';
export const FONT_BOLD = 'Bold';

export type Doc = InstanceType<typeof PDFDocument>;

const FONT_FILES = {
  [FONT_REGULAR]: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  [FONT_BOLD]: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

/**
 * A shared font caches each glyph with the characters of its first use, and the text layer (what
 * copying, searching and screen readers get) is built from those characters. A glyph first reached
 * without them, as the part of a composite ('O' in 'Ö', '.' in ':') when a document is finished,
 * would lose its character in every later document ('STORNIERT' read as 'ST RNIERT'). Each
 * character's glyph is therefore created from the character first; except compatibility
 * characters such as the ligature 'ﬀ', whose glyph stands for the letters it joins ('ff', as the
 * layout gives them), so 'Zahlungsaufforderung' stays searchable.
 */
function withCharacterGlyphs(font: fontkit.Font): fontkit.Font {
  for (const codePoint of font.characterSet) {
    const char = String.fromCodePoint(codePoint);
    if (char.normalize('NFKC') === char) font.glyphForCodePoint(codePoint);
  }
  return font;
}

let parsedFonts: Array<[string, fontkit.Font]> | null = null;
function fonts(): Array<[string, fontkit.Font]> {
  if (!parsedFonts) {
    const fromPackage = createRequire(path.join(process.cwd(), 'package.json'));
    parsedFonts = Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      withCharacterGlyphs(fontkit.create(readFileSync(fromPackage.resolve(file)))),
    ]);
  }
  return parsedFonts;
}

export function newDocument(title: string): Doc {
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    info: { Title: title, Author: 'Österreichischer Bogensportverband' },
    lang: 'de-AT',
  } as never);
  // pdfkit takes a parsed fontkit font where its types say a file name
  for (const [name, font] of fonts()) doc.registerFont(name, font as never);
  return doc.font(FONT_REGULAR);
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
  doc.font(FONT_BOLD).fontSize(16).fillColor('#14532d').text(federation, { align: 'left' });
  doc
    .font(FONT_REGULAR)
    .fontSize(9)
    .fillColor('#374151')
    .text('Haus des Sports · Prinz-Eugen-Straße 12 · 1040 Wien · office@bogensport.example.org');
  doc
    .moveTo(A4_MARGIN, doc.y + 6)
    .lineTo(doc.page.width - A4_MARGIN, doc.y + 6)
    .strokeColor('#14532d')
    .lineWidth(1)
    .stroke();
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

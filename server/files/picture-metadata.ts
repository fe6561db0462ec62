import { crc32 } from 'node:zlib';
import { ApiError } from '../http/errors';

/**
 * A stored picture keeps what it takes to show it and nothing about where, when, with what or by
 * whom it was taken: EXIF (GPS, camera, author, date), XMP, IPTC, comments, text chunks, embedded
 * previews and anything appended after the picture go. The orientation stays (as the only EXIF
 * entry), so the picture still shows upright. Done on the bytes, without decoding: the pixels and
 * the colour profile (ICC) are kept exactly.
 */

const notAPicture = (what: string) => new ApiError(415, 'unsupported_type', `The ${what} picture cannot be read`);

/** EXIF orientation 1 … 8; 1 (upright) needs no entry. */
type Orientation = number;

/** A TIFF structure (the body of EXIF) with one entry: the orientation. */
function orientationTiff(orientation: Orientation): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // the value, left-aligned in the 4-byte field
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

/** The orientation entry of a TIFF structure (EXIF without its "Exif\0\0" prefix); 1 when there is none or it is broken. */
export function tiffOrientation(tiff: Buffer): Orientation {
  if (tiff.length < 8) return 1;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

const startsWith = (buf: Buffer, at: number, text: string) => buf.toString('latin1', at, at + text.length) === text;

/** A JPEG without its metadata segments: SOI, kept segments and scans, EOI; nothing after EOI. */
export function jpegWithoutMetadata(input: Buffer): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) throw notAPicture('JPEG');
  const kept: Buffer[] = [];
  let orientation: Orientation = 1;
  let exifAt = 0; // where the orientation goes: after SOI, or after the JFIF segment
  let pos = 2;
  for (;;) {
    if (pos + 2 > input.length || input[pos] !== 0xff) throw notAPicture('JPEG');
    let markerAt = pos;
    while (input[markerAt + 1] === 0xff) markerAt++; // fill bytes
    const marker = input[markerAt + 1];
    if (marker === undefined) throw notAPicture('JPEG');
    if (marker === 0xd9) break; // EOI: whatever follows (appended data, further pictures) goes
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(input.subarray(markerAt, markerAt + 2));
      pos = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > input.length) throw notAPicture('JPEG');
    const length = input.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > input.length) throw notAPicture('JPEG');
    const body = markerAt + 4;
    const segment = input.subarray(markerAt, end);
    if (marker === 0xe0) {
      // JFIF stays (pixel density); JFXX and others (thumbnails) go
      if (startsWith(input, body, 'JFIF\0')) {
        kept.push(segment);
        exifAt = kept.length;
      }
    } else if (marker === 0xe1) {
      if (startsWith(input, body, 'Exif\0\0') && orientation === 1) orientation = tiffOrientation(input.subarray(body + 6, end));
    } else if (marker === 0xe2) {
      if (startsWith(input, body, 'ICC_PROFILE\0')) kept.push(segment);
    } else if (marker === 0xee) {
      // Adobe: how the colour channels are coded
      if (startsWith(input, body, 'Adobe')) kept.push(segment);
    } else if ((marker >= 0xe3 && marker <= 0xef) || marker === 0xfe) {
      // APP3 … APP15 (IPTC, Photoshop, vendor data) and comments go
    } else {
      kept.push(segment);
    }
    pos = end;
    if (marker === 0xda) {
      // the entropy-coded scan runs up to the next marker: 0xFF not followed by 0x00 (stuffing) or a restart
      let i = input.indexOf(0xff, pos);
      while (i >= 0 && i + 1 < input.length && (input[i + 1] === 0x00 || (input[i + 1] >= 0xd0 && input[i + 1] <= 0xd7)))
        i = input.indexOf(0xff, i + 2);
      if (i < 0 || i + 1 >= input.length) throw notAPicture('JPEG');
      kept.push(input.subarray(pos, i));
      pos = i;
    }
  }
  if (orientation !== 1) {
    const tiff = orientationTiff(orientation);
    const app1 = Buffer.alloc(4 + 6);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(2 + 6 + tiff.length, 2);
    app1.write('Exif\0\0', 4, 'latin1');
    kept.splice(exifAt, 0, app1, tiff);
  }
  return Buffer.concat([Buffer.from([0xff, 0xd8]), ...kept, Buffer.from([0xff, 0xd9])]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Chunks that draw the picture (image data, palette, transparency, colour, animation); every other chunk goes. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, sum]);
}

/** A PNG with only the chunks that draw it (and the orientation as the only EXIF entry); nothing after IEND. */
export function pngWithoutMetadata(input: Buffer): Buffer {
  if (input.length < 8 || !input.subarray(0, 8).equals(PNG_SIGNATURE)) throw notAPicture('PNG');
  const kept: Buffer[] = [];
  let orientation: Orientation = 1;
  let hasData = false;
  let pos = 8;
  for (;;) {
    if (pos + 12 > input.length) throw notAPicture('PNG');
    const length = input.readUInt32BE(pos);
    const type = input.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > input.length) throw notAPicture('PNG');
    if (type === 'eXIf' && orientation === 1) orientation = tiffOrientation(input.subarray(pos + 8, pos + 8 + length));
    if (PNG_KEPT.has(type)) {
      hasData ||= type === 'IDAT';
      kept.push(input.subarray(pos, end));
    }
    pos = end;
    if (type === 'IEND') break;
  }
  if (!hasData || !kept[0].subarray(4, 8).equals(Buffer.from('IHDR', 'latin1'))) throw notAPicture('PNG');
  // eXIf goes before the image data: right after the header
  if (orientation !== 1) kept.splice(1, 0, pngChunk('eXIf', orientationTiff(orientation)));
  return Buffer.concat([PNG_SIGNATURE, ...kept]);
}

/** The picture types uploads take, each stored without its metadata. */
export const isCleanedPicture = (mime: string) => mime === 'image/jpeg' || mime === 'image/png';

/** The picture's bytes without metadata (PNG or JPEG); 415 when they are no readable picture of that type. */
export function withoutMetadata(mime: string, bytes: Buffer): Buffer {
  if (mime === 'image/jpeg') return jpegWithoutMetadata(bytes);
  if (mime === 'image/png') return pngWithoutMetadata(bytes);
  throw new ApiError(415, 'unsupported_type', `${mime} is no picture type whose metadata is known`);
}

import sharp from 'sharp';

/** What the tagged pictures carry: author, copyright and camera in EXIF, a GPS position, XMP, orientation 6 (turned right). */
export const TAGS = {
  artist: 'Max Muster',
  copyright: 'Geheim GmbH',
  xmpCreator: 'Erika XMP',
  comment: 'Kommentar im JPEG',
  iptc: 'IPTC Ort Wien',
};

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${TAGS.xmpCreator}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

function tagged(format: 'jpeg' | 'png', width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#c83232' } })
    [format]()
    .withExif({
      IFD0: { Artist: TAGS.artist, Copyright: TAGS.copyright, Make: 'Kamera AG', Model: 'X100' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 12/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '16/1 22/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .toBuffer();
}

/** A JPEG segment: marker, length, body. */
function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A real JPEG (width × height stored, shown turned right) with GPS, author and camera in EXIF, XMP,
 * an IPTC record (APP13), a comment, and data appended after its end.
 */
export async function taggedJpeg(width = 64, height = 32): Promise<Buffer> {
  const jpeg = await tagged('jpeg', width, height);
  const iptc = segment(
    0xed,
    Buffer.concat([
      Buffer.from('Photoshop 3.0\x008BIM\x04\x04\x00\x00\x00\x00\x00\x12', 'latin1'),
      Buffer.from(`\x1c\x02\x5a\x00\x0d${TAGS.iptc}`, 'latin1'),
    ]),
  );
  const comment = segment(0xfe, Buffer.from(TAGS.comment, 'latin1'));
  return Buffer.concat([jpeg.subarray(0, 2), iptc, comment, jpeg.subarray(2), Buffer.from('GPS 48.2082,16.3738 appended', 'latin1')]);
}

/** A real PNG with the same EXIF (eXIf), XMP (iTXt), a tEXt comment and orientation 6. */
export async function taggedPng(width = 64, height = 32): Promise<Buffer> {
  const png = await tagged('png', width, height);
  // a tEXt chunk before IEND, as cameras and editors write them
  const { crc32 } = await import('node:zlib');
  const data = Buffer.from(`Author\0${TAGS.artist}`, 'latin1');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('tEXt', 4, 'latin1');
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), head, data, sum, png.subarray(iend)]);
}

/** The EXIF entries of IFD0 (tag numbers) of a picture as sharp reads it; [] without EXIF. */
export async function exifTags(bytes: Buffer): Promise<number[]> {
  const { exif } = await sharp(bytes).metadata();
  if (!exif) return [];
  const tiff = exif.subarray(exif.indexOf('Exif\0\0', 0, 'latin1') >= 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

/** Everything a picture's bytes may reveal, as text to search. */
export const bytesText = (bytes: Buffer) => bytes.toString('latin1');

/** @jest-environment node */
import sharp from 'sharp';
import { jpegWithoutMetadata, pngWithoutMetadata, withoutMetadata } from '@/server/files/picture-metadata';
import { png } from '../api/helpers/sample-files';
import { bytesText, exifTags, TAGS, taggedJpeg, taggedPng } from '../api/helpers/tagged-pictures';

/** Stored pictures keep their pixels and orientation, and lose EXIF (GPS, author, camera), XMP, IPTC, comments and appended data. */

const ORIENTATION = 0x0112;
const GPS_IFD = 0x8825;

describe('pictures without metadata', () => {
  it('the tagged samples do carry it all (so the tests below prove something)', async () => {
    const jpeg = await taggedJpeg();
    expect(await exifTags(jpeg)).toEqual(expect.arrayContaining([ORIENTATION, GPS_IFD]));
    for (const text of [TAGS.artist, TAGS.copyright, TAGS.xmpCreator, TAGS.comment, TAGS.iptc, 'appended'])
      expect(bytesText(jpeg)).toContain(text);
    const picture = await taggedPng();
    expect(await exifTags(picture)).toEqual(expect.arrayContaining([ORIENTATION, GPS_IFD]));
    expect(bytesText(picture)).toContain(TAGS.artist);
  });

  it('JPEG: only the orientation stays; pixels, size and orientation as before', async () => {
    const input = await taggedJpeg(64, 32);
    const output = jpegWithoutMetadata(input);
    for (const text of [
      TAGS.artist,
      TAGS.copyright,
      TAGS.xmpCreator,
      TAGS.comment,
      TAGS.iptc,
      'Kamera',
      'appended',
      'Photoshop',
      'http://ns.adobe.com',
    ])
      expect(bytesText(output)).not.toContain(text);
    expect(await exifTags(output)).toEqual([ORIENTATION]);
    const [before, after] = await Promise.all([sharp(input).metadata(), sharp(output).metadata()]);
    expect([after.width, after.height, after.orientation, after.xmp, after.iptc]).toEqual([64, 32, 6, undefined, undefined]);
    expect(after.orientation).toBe(before.orientation);
    // the same pixels: the scan data is copied, not decoded and coded again
    expect((await sharp(output).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(true);
    // cleaning again changes nothing
    expect(jpegWithoutMetadata(output).equals(output)).toBe(true);
  });

  it('PNG: only the drawing chunks and the orientation stay', async () => {
    const input = await taggedPng(64, 32);
    const output = pngWithoutMetadata(input);
    for (const text of [TAGS.artist, TAGS.copyright, 'tEXt', 'iTXt', 'zTXt', 'Kamera']) expect(bytesText(output)).not.toContain(text);
    expect(await exifTags(output)).toEqual([ORIENTATION]);
    const after = await sharp(output).metadata();
    expect([after.width, after.height, after.orientation, after.xmp]).toEqual([64, 32, 6, undefined]);
    expect((await sharp(output).raw().toBuffer()).equals(await sharp(input).raw().toBuffer())).toBe(true);
  });

  it('leaves a picture without metadata as it is, upright ones without any EXIF', async () => {
    const plain = png(3, 2);
    expect(pngWithoutMetadata(plain).equals(plain)).toBe(true);
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(jpegWithoutMetadata(jpeg).equals(jpeg)).toBe(true);
    const upright = await sharp(jpeg)
      .withExif({ IFD0: { Artist: TAGS.artist } })
      .jpeg()
      .toBuffer();
    expect(await exifTags(jpegWithoutMetadata(upright))).toEqual([]);
  });

  it('refuses what is no readable picture (415), and types it does not know', () => {
    for (const broken of [Buffer.from([0xff, 0xd8]), Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00]), Buffer.from('kein Bild')]) {
      expect(() => jpegWithoutMetadata(broken)).toThrow(expect.objectContaining({ status: 415 }));
    }
    expect(() => pngWithoutMetadata(png().subarray(0, 30))).toThrow(expect.objectContaining({ status: 415 }));
    expect(() => withoutMetadata('application/pdf', Buffer.from('%PDF'))).toThrow(expect.objectContaining({ status: 415 }));
  });
});

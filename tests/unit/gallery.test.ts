import {
  batches,
  GALLERY_ACCEPT,
  GALLERY_MAX_BYTES,
  GALLERY_MAX_FILES,
  galleryFileProblem,
  galleryHasRoom,
  isGalleryPicture,
} from '@/lib/domain/gallery';

/** Gallery files: PNG, JPEG or PDF of 1 byte to 50 MB, uploaded 3 per request. */

const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('gallery file rules', () => {
  it('takes PNG, JPEG and PDF by name ending or by type, any case', () => {
    for (const f of [
      file('a.png', 1),
      file('b.JPG', 10),
      file('c.jpeg', 10),
      file('d.Pdf', 10),
      file('scan', 10, 'application/pdf'),
      file('foto', 10, 'image/jpeg'),
    ]) {
      expect([f.name, galleryFileProblem(f)]).toEqual([f.name, null]);
    }
  });

  it('refuses other types, empty files and files over 50 MB', () => {
    expect(galleryFileProblem(file('notes.txt', 10, 'text/plain'))).toBe('wrongType');
    expect(galleryFileProblem(file('bild.gif', 10, 'image/gif'))).toBe('wrongType');
    expect(galleryFileProblem(file('ohne-endung', 10))).toBe('wrongType');
    expect(galleryFileProblem(file('leer.png', 0, 'image/png'))).toBe('empty');
    expect(galleryFileProblem(file('gross.pdf', GALLERY_MAX_BYTES, 'application/pdf'))).toBeNull();
    expect(galleryFileProblem(file('zu-gross.pdf', GALLERY_MAX_BYTES + 1, 'application/pdf'))).toBe('tooLarge');
  });

  it('tells pictures (which get a preview) from PDFs', () => {
    expect(isGalleryPicture(file('a.PNG', 1))).toBe(true);
    expect(isGalleryPicture(file('foto', 1, 'image/jpeg'))).toBe(true);
    expect(isGalleryPicture(file('a.pdf', 1, 'application/pdf'))).toBe(false);
  });

  it('offers exactly these types in the file chooser', () => {
    expect(GALLERY_ACCEPT.split(',').sort()).toEqual(['.jpeg', '.jpg', '.pdf', '.png', 'application/pdf', 'image/jpeg', 'image/png']);
  });

  it('groups files into requests of at most 3, in their order', () => {
    expect(batches([])).toEqual([]);
    expect(batches([1, 2, 3])).toEqual([[1, 2, 3]]);
    expect(batches([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(() => batches([1], 0)).toThrow(RangeError);
  });
});

describe('galleryHasRoom', () => {
  it('takes files up to the gallery limit of 20, not one more', () => {
    expect(GALLERY_MAX_FILES).toBe(20);
    expect(galleryHasRoom(0, 3)).toBe(true);
    expect(galleryHasRoom(17, 3)).toBe(true);
    expect(galleryHasRoom(18, 3)).toBe(false);
    expect(galleryHasRoom(20, 1)).toBe(false);
    expect(galleryHasRoom(19, 1)).toBe(true);
  });
});

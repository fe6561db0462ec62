/**
 * Files of a gallery (a news article's, a message's): PNG, JPEG or PDF, 1 byte to 50 MB each, at
 * most 20 in one gallery. The API takes at most 3 files per upload request, so more are sent in
 * groups of 3. The API checks
 * the content again; these rules spare a transfer that would be refused.
 */

/** Files per upload request. */
export const GALLERY_BATCH_SIZE = 3;
/** Files a gallery holds in all (as many as a tournament's attachments). */
export const GALLERY_MAX_FILES = 20;

/** The organisation's gallery (every article's files, one directory per article) shows this many directories per page. */
export const GALLERY_DIRECTORIES_PER_PAGE = 7;

/** Whether `adding` more files fit into a gallery that holds `held`. */
export function galleryHasRoom(held: number, adding: number, max = GALLERY_MAX_FILES): boolean {
  return held + adding <= max;
}
/** Largest file, in bytes. */
export const GALLERY_MAX_BYTES = 50 * 1024 * 1024;
/** Name endings and types a gallery takes. */
export const GALLERY_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export const GALLERY_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
/** The file chooser's `accept`. */
export const GALLERY_ACCEPT = [...GALLERY_EXTENSIONS.map((e) => `.${e}`), ...GALLERY_MIME_TYPES].join(',');

export type GalleryFileProblem = 'empty' | 'tooLarge' | 'wrongType';

/** Why a chosen file cannot go into a gallery, or null when it can. */
export function galleryFileProblem(file: { name: string; size: number; type: string }): GalleryFileProblem | null {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  const known = (GALLERY_EXTENSIONS as readonly string[]).includes(ext) || (GALLERY_MIME_TYPES as readonly string[]).includes(file.type);
  if (!known) return 'wrongType';
  if (file.size < 1) return 'empty';
  if (file.size > GALLERY_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Whether a chosen file is a picture (it gets a preview, and thumbnails once uploaded). */
export const isGalleryPicture = (file: { name: string; type: string }) =>
  file.type === 'image/png' || file.type === 'image/jpeg' || /\.(png|jpe?g)$/i.test(file.name);

/** Items in groups of at most `size`, in their order: the upload requests. */
export function batches<T>(items: readonly T[], size = GALLERY_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive whole number');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '@/server/db/client';
import { renderThumbnails, storeGalleryFile, THUMBNAIL_WIDTHS } from '@/server/files/gallery-upload';
import { detectImage } from '@/server/files/image-type';
import { resolveInsideRoot } from '@/server/files/upload-root';
import { NEWS_GALLERY } from '@/server/services/news/news-files';
import type { SeedDb } from './insert';
import type { NewsPicture, PictureScene } from './news';

/** Seeded pictures are this size: small, yet wider than the xs thumbnail (480 px: sm and md are the picture's own width). */
const WIDTH = 480;
const HEIGHT = 300;

const SCENES: Record<PictureScene, { top: string; bottom: string; ground: string; targetX: number }> = {
  outdoor: { top: '#7fb8e6', bottom: '#e8f3fb', ground: '#5a9e3a', targetX: 0.62 },
  hall: { top: '#d9d4c7', bottom: '#f2efe8', ground: '#b9855a', targetX: 0.5 },
  dusk: { top: '#f08a4b', bottom: '#fbd9a0', ground: '#3f6b2c', targetX: 0.38 },
};

/** Ring colours of a target face from the outside in: white, black, blue, red, gold (two rings each). */
const RINGS = ['#f4f4f4', '#f4f4f4', '#222222', '#222222', '#2b7bd6', '#2b7bd6', '#d8332f', '#d8332f', '#f5c518', '#f5c518'];

/** An archery target in a scene, drawn as SVG (rendered by sharp). */
function sceneSvg(scene: PictureScene): string {
  const s = SCENES[scene];
  const cx = WIDTH * s.targetX;
  const cy = HEIGHT * 0.45;
  const radius = HEIGHT * 0.35;
  const rings = RINGS.map(
    (colour, i) => `<circle cx="${cx}" cy="${cy}" r="${(radius * (10 - i)) / 10}" fill="${colour}" stroke="#777" stroke-width="0.5"/>`,
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#sky)"/><rect y="${HEIGHT * 0.7}" width="100%" height="${HEIGHT * 0.3}" fill="${s.ground}"/>` +
    `<rect x="${cx - 4}" y="${cy}" width="8" height="${HEIGHT * 0.45}" fill="#6b4a2b"/>${rings}</svg>`
  );
}

/**
 * Where the seed stores files: the upload root, or (none given, as for the API tests' databases)
 * a temporary one removed afterwards, so the records exist without their bytes. `settle` waits for
 * the seed's transaction: on success the stored files stay, on failure they are removed again.
 */
export class SeedUploads {
  /** Stored paths (relative to the root) of this run. */
  readonly placed: string[] = [];

  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  static async open(uploadDir: string | undefined): Promise<SeedUploads> {
    if (uploadDir) return new SeedUploads(uploadDir, false);
    return new SeedUploads(await mkdtemp(path.join(os.tmpdir(), 'seed-uploads-')), true);
  }

  async settle(transaction: Promise<unknown>): Promise<void> {
    try {
      await transaction;
      this.placed.length = 0;
    } finally {
      await Promise.all(this.placed.map((p) => rm(resolveInsideRoot(this.root, p), { force: true })));
      if (this.temporary) await rm(this.root, { recursive: true, force: true });
    }
  }
}

/**
 * The pictures of the articles this run created, drawn with sharp and stored as an upload stores
 * them (content checked, thumbnails xs / sm / md, uploaded by `uploadedBy`). An article that
 * existed before gets none: a picture removed since stays removed, and a second run adds nothing.
 */
export async function seedNewsPictures(
  tx: SeedDb,
  uploads: SeedUploads,
  pictures: NewsPicture[],
  createdNewsIds: ReadonlySet<number>,
  uploadedBy: number,
): Promise<number> {
  const wanted = pictures.filter((p) => createdNewsIds.has(p.newsId));
  if (wanted.length === 0) return 0;
  const tmpDir = path.join(uploads.root, '.tmp');
  await mkdir(tmpDir, { recursive: true });
  const drawn = wanted.map((p) => ({
    picture: p,
    tmpPath: path.join(tmpDir, `seed-${randomUUID()}.${p.format === 'png' ? 'png' : 'jpg'}`),
  }));
  try {
    // drawing and thumbnails are CPU work: all at once, before the records
    const rendered = await Promise.all(
      drawn.map(async ({ picture, tmpPath }) => {
        const image = sharp(Buffer.from(sceneSvg(picture.scene)));
        const info = await (picture.format === 'png' ? image.png() : image.jpeg({ quality: 82 })).toFile(tmpPath);
        const [kind, thumbs] = await Promise.all([detectImage(tmpPath), renderThumbnails(tmpPath, picture.fileName)]);
        return { picture, tmpPath, kind, thumbs, size: info.size };
      }),
    );
    const now = new Date();
    for (const { picture, tmpPath, kind, thumbs, size } of rendered) {
      // the seed's transaction is the same drizzle database, typed without the schema
      await storeGalleryFile(
        tx as unknown as Db,
        uploads.root,
        {
          ...NEWS_GALLERY,
          ownerId: picture.newsId,
          uploadedBy,
          now,
          file: { tmpPath, originalName: picture.fileName, mime: kind.mime, ext: kind.ext, size },
          thumbs,
          featured: picture.featured,
        },
        uploads.placed,
      );
    }
    return rendered.length;
  } finally {
    // whatever was not moved into place (a failure half-way)
    await Promise.all(
      drawn.flatMap(({ tmpPath }) =>
        [tmpPath, ...Object.keys(THUMBNAIL_WIDTHS).map((size) => `${tmpPath}.${size}.webp`)].map((p) => rm(p, { force: true })),
      ),
    );
  }
}

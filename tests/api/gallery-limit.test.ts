/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import { GALLERY_MAX_FILES } from '@/lib/domain/gallery';
import { uploadedFiles } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import { PDF } from './helpers/sample-files';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/*
 * A gallery (a news article's, a message's) holds at most 20 files: uploads up to that are taken,
 * one more is refused with 409 gallery_full naming the limit, and nothing of it is kept; a removed
 * file makes room again.
 */

const CLUB = 11;

function form(count: number): FormData {
  const data = new FormData();
  for (let i = 0; i < count; i++) data.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `datei-${i}.pdf`);
  return data;
}

describe.each(testDrivers())('gallery limit on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verein: token },
    } = await openApi(driver, ['verein']));
  });
  afterAll(() => closeApi({ tdb, t }));

  const held = async (ownerType: string, ownerId: number) =>
    (
      await tdb.db
        .select({ n: sql<number>`count(*)::int` })
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.ownerType, ownerType), eq(uploadedFiles.ownerId, ownerId)))
    )[0].n;

  /** Fills the gallery at `url` to the limit in uploads of 3 (and a last smaller one). */
  async function fill(url: string) {
    for (let done = 0; done < GALLERY_MAX_FILES; done += 3) {
      const res = await call(t.app, 'POST', url, { token, body: form(Math.min(3, GALLERY_MAX_FILES - done)) });
      expect(res.status).toBe(200);
    }
  }

  it('news article: 20 files are taken, the 21st is refused; removing one makes room', async () => {
    const article = (
      await callsWith(t, token).post('/api/v1/admin/news', {
        orgId: CLUB,
        title: 'Volle Galerie',
        content: '<p>x</p>',
        lang: 'de',
        newscategory: ['Vereinsnews'],
        visible: true,
      })
    ).body;
    const url = `/api/v1/admin/news/upload/${article.id}`;
    await fill(url);
    expect(await held('news_file', article.id)).toBe(GALLERY_MAX_FILES);

    const over = await call(t.app, 'POST', url, { token, body: form(1) });
    expect([over.status, over.body.error.code, over.body.error.value]).toEqual([409, 'gallery_full', GALLERY_MAX_FILES]);
    expect(await held('news_file', article.id)).toBe(GALLERY_MAX_FILES);

    const files = (await callsWith(t, token).get(`/api/v1/admin/news/${CLUB}?q=Volle`)).body.items[0].attachedFiles;
    expect((await call(t.app, 'DELETE', `/api/v1/admin/news/image/${article.id}/${files[0].fileId}`, { token })).status).toBe(200);
    // two do not fit into one free place, one does
    expect((await call(t.app, 'POST', url, { token, body: form(2) })).status).toBe(409);
    expect((await call(t.app, 'POST', url, { token, body: form(1) })).status).toBe(200);
    expect(await held('news_file', article.id)).toBe(GALLERY_MAX_FILES);
  });

  it('message: the same limit', async () => {
    const message = (
      await callsWith(t, token).post('/api/v1/admin/messages', {
        orgId: CLUB,
        title: 'Volle Galerie',
        abstract: 'x',
        content: '<p>x</p>',
        lang: 'de',
        media: ['email'],
        roles: [32],
        visible: false,
      })
    ).body;
    const url = `/api/v1/admin/messages/upload/${message.id}`;
    await fill(url);
    const over = await call(t.app, 'POST', url, { token, body: form(1) });
    expect([over.status, over.body.error.code]).toEqual([409, 'gallery_full']);
  });
});

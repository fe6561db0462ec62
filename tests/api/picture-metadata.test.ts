/** @jest-environment node */
import sharp from 'sharp';
import { z } from 'zod';
import { PDF } from './helpers/sample-files';
import { uploadDoc as messageUploadDoc } from '@/server/api/messages/routes';
import { uploadDoc as newsUploadDoc } from '@/server/api/news/routes';
import { uploadImageDoc as orgImageDoc } from '@/server/api/organisation-files/routes';
import { uploadImageDoc as profileImageDoc } from '@/server/api/profile/routes';
import { uploadFileDoc as tournamentFileDoc } from '@/server/api/tournaments/routes';
import { closeApi, openApi } from './helpers/open-api';
import { bytesText, exifTags, TAGS, taggedJpeg, taggedPng } from './helpers/tagged-pictures';
import { answerOf, call, client, type TestApp, uploadAnswer } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/*
 * Every path that stores a picture (profile picture, organisation image, news and message
 * galleries, tournament attachments) stores and serves it without its metadata: no GPS, author,
 * camera, XMP, IPTC or comment, but the same size and orientation. Documents (PDF) stay as sent.
 */

const CLUB = 11;
const ORIENTATION = 0x0112;

function form(field: string, files: Array<[Buffer, string, string]>): FormData {
  const data = new FormData();
  for (const [bytes, name, type] of files) data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

/** The served bytes say nothing but the picture: no tag text, no EXIF entry but the orientation, orientation 6 and the size as sent. */
async function expectClean(bytes: Buffer, width = 64, height = 32) {
  for (const text of [TAGS.artist, TAGS.copyright, TAGS.xmpCreator, TAGS.comment, TAGS.iptc, 'Kamera AG', 'appended'])
    expect(bytesText(bytes)).not.toContain(text);
  expect(await exifTags(bytes)).toEqual([ORIENTATION]);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height, meta.orientation, meta.xmp, meta.iptc]).toEqual([width, height, 6, undefined, undefined]);
}

describe.each(testDrivers())('pictures are stored without metadata on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verein', 'verband', 'mitglied']));
    [jpeg, png] = await Promise.all([taggedJpeg(64, 32), taggedPng(64, 32)]);
  });
  afterAll(() => closeApi({ tdb, t }));

  const bytesOf = async (url: string, who = 'verein') => {
    const res = await call(t.app, 'GET', url, { token: tokens[who] });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.raw.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    return bytes;
  };
  /** The address of a stored file's key (a gallery's fileParam holds its keys untyped). */
  const uploadsUrl = (key: unknown) => `/api/v1/uploads?file=${encodeURIComponent(z.string().parse(key))}`;
  const api = (who: string) => client(t, tokens[who]).api.v1;

  it('profile picture: JPEG and PNG', async () => {
    const me = (await answerOf(api('mitglied').getUser.$get(), 200)).mg_id;
    for (const [bytes, name, type] of [
      [jpeg, 'ich.jpg', 'image/jpeg'],
      [png, 'ich.png', 'image/png'],
    ] as const) {
      const res = await call(t.app, 'POST', `/api/v1/profile/image/${me}`, {
        token: tokens.mitglied,
        body: form('file', [[bytes, name, type]]),
      });
      await expectClean(await bytesOf(uploadAnswer(res, profileImageDoc, 200).imageLink, 'mitglied'));
    }
  });

  it('organisation image', async () => {
    const res = await call(t.app, 'POST', `/api/v1/org/image/${CLUB}?actingOrgId=${CLUB}`, {
      token: tokens.verein,
      body: form('file', [[jpeg, 'logo.jpg', 'image/jpeg']]),
    });
    await expectClean(await bytesOf(uploadAnswer(res, orgImageDoc, 200).imageLink));
  });

  it('news gallery: the original and its thumbnails; a PDF stays as sent', async () => {
    const article = await answerOf(
      api('verein').admin.news.$post({
        json: { orgId: CLUB, title: 'Fotos', content: '<p>x</p>', lang: 'de', newscategory: ['Vereinsnews'], visible: true },
      }),
      201,
    );
    const res = await call(t.app, 'POST', `/api/v1/admin/news/upload/${article.id}`, {
      token: tokens.verein,
      body: form('files', [
        [jpeg, 'foto.jpg', 'image/jpeg'],
        [png, 'foto.png', 'image/png'],
        [PDF, 'x.pdf', 'application/pdf'],
      ]),
    });
    const [photo, picture, pdf] = uploadAnswer(res, newsUploadDoc, 200).attachedFiles;
    await expectClean(await bytesOf(uploadsUrl(photo.fileParam.original)));
    await expectClean(await bytesOf(uploadsUrl(picture.fileParam.original)));
    for (const key of Object.values(z.record(z.string(), z.string()).parse(photo.fileParam.thumbnails))) {
      const thumb = await bytesOf(uploadsUrl(key));
      expect(await exifTags(thumb)).toEqual([]);
      expect(bytesText(thumb)).not.toContain(TAGS.artist);
    }
    expect((await bytesOf(uploadsUrl(pdf.fileParam.original))).equals(PDF)).toBe(true);
  });

  it('message gallery', async () => {
    const message = await answerOf(
      api('verein').admin.messages.$post({
        json: {
          orgId: CLUB,
          title: 'Fotos',
          abstract: 'x',
          content: '<p>x</p>',
          lang: 'de',
          media: ['email'],
          roles: [32],
          visible: false,
        },
      }),
      201,
    );
    const res = await call(t.app, 'POST', `/api/v1/admin/messages/upload/${message.id}`, {
      token: tokens.verein,
      body: form('files', [[jpeg, 'foto.jpg', 'image/jpeg']]),
    });
    await expectClean(await bytesOf(uploadsUrl(uploadAnswer(res, messageUploadDoc, 200).attachedFiles[0].fileParam.original)));
  });

  it('tournament attachment: a picture is cleaned, a PDF stays as sent', async () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const created = await answerOf(
      api('verein').tournament[':orgId'].$post({
        param: { orgId: String(CLUB) },
        json: {
          name: 'Fototurnier',
          type: 1,
          start: day(40),
          end: day(41),
          openFrom: day(1),
          openTo: day(35),
          params: {
            location: 'Halle',
            email: 'turnier@example.org',
            contactPerson: 'Eva Muster',
            discipline: 1,
            rule: 'WA Halle 18 m',
            divisions: ['Recurve'],
            gradeCodes: ['B'],
          },
        },
      }),
      201,
    );
    const url = `/api/v1/tournament/${CLUB}/files/${created.id}`;
    const withPicture = await call(t.app, 'POST', url, { token: tokens.verein, body: form('file', [[jpeg, 'plan.jpg', 'image/jpeg']]) });
    expect(withPicture.status).toBe(200);
    const withPdf = await call(t.app, 'POST', url, {
      token: tokens.verein,
      body: form('file', [[PDF, 'ausschreibung.pdf', 'application/pdf']]),
    });
    const files = uploadAnswer(withPdf, tournamentFileDoc, 200).params.files ?? [];
    const urlOf = (name: string) => files.find((f) => f.name === name)?.url ?? `no file ${name}`;
    await expectClean(await bytesOf(urlOf('plan.jpg')));
    expect((await bytesOf(urlOf('ausschreibung.pdf'))).equals(PDF)).toBe(true);
  });
});

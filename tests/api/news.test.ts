/** @jest-environment node */
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';
import sharp from 'sharp';
import { PDF, png } from './helpers/sample-files';
import { validateRss } from './helpers/rss';
import { GALLERY_DIRECTORIES_PER_PAGE } from '@/lib/domain/gallery';

/*
 * News (form 200): a club writes only its own; rich text is sanitised on write; categories exist,
 * are unique, and are not deleted while used; the menu tree; the public feed shows visible news
 * only, as JSON and RSS, with an ETag.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;

describe.each(testDrivers())('news on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db);
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const as = (who: string) => ({
    get: (url: string) => call(t.app, 'GET', url, { token: tokens[who] }),
    post: (url: string, json: Json) => call(t.app, 'POST', url, { token: tokens[who], json }),
    put: (url: string, json: Json) => call(t.app, 'PUT', url, { token: tokens[who], json }),
    del: (url: string) => call(t.app, 'DELETE', url, { token: tokens[who] }),
  });
  const article = (over: Json = {}) => ({
    orgId: CLUB,
    title: 'Saisonstart',
    abstract: '',
    content: '<p>Los geht’s</p>',
    lang: 'de',
    newscategory: ['Vereinsnews'],
    visible: true,
    ...over,
  });

  it('lets a club write its own news only', async () => {
    const res = await as('verein').post('/api/v1/admin/news', article());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orgId: CLUB, visible: true, newscategory: ['Vereinsnews'] });
    expect(res.body.publishedAt).not.toBeNull();
    expect((await as('verein').post('/api/v1/admin/news', article({ orgId: 18 }))).status).toBe(403);
    expect((await as('land').post('/api/v1/admin/news', article())).status).toBe(403);
    expect((await as('trainer').get(`/api/v1/admin/news/${CLUB}`)).status).toBe(403);
    // The federation's news staff may edit a club's article.
    expect((await as('verband').put('/api/v1/admin/news', { ...res.body, title: 'Saisonstart 2' })).status).toBe(200);
    expect((await as('verein').put('/api/v1/admin/news', { ...res.body, title: 'veraltet' })).body.error.code).toBe('stale');
    expect((await as('verein').get(`/api/v1/admin/news/18`)).status).toBe(403);
    const list = await as('verein').get(`/api/v1/admin/news/${CLUB}?q=Saisonstart`);
    expect(list.body.items.map((n: Json) => n.title)).toEqual(['Saisonstart 2']);
  });

  it("lists only visible articles with visible=true (the screen's list tab), only hidden ones with visible=false, filtered in the database", async () => {
    const hidden = (await as('verein').post('/api/v1/admin/news', article({ title: 'Noch geheim', visible: false }))).body;
    await as('verein').post('/api/v1/admin/news', article({ title: 'Auch sichtbar' }));
    const titles = (page: Json) => page.items.map((n: Json) => n.title);
    const all = (await as('verein').get(`/api/v1/admin/news/${CLUB}?size=100`)).body;
    const shown = (await as('verein').get(`/api/v1/admin/news/${CLUB}?visible=true&size=100`)).body;
    const notShown = (await as('verein').get(`/api/v1/admin/news/${CLUB}?visible=false&size=100`)).body;
    expect(titles(all)).toEqual(expect.arrayContaining(['Hallentraining ab Oktober', 'Vereinsmeisterschaft – Entwurf', 'Noch geheim']));
    expect(titles(shown)).toContain('Hallentraining ab Oktober');
    expect(titles(shown)).not.toContain('Vereinsmeisterschaft – Entwurf');
    expect(titles(shown)).not.toContain('Noch geheim');
    expect(shown.items.every((n: Json) => n.visible)).toBe(true);
    expect(titles(notShown)).toEqual(expect.arrayContaining(['Vereinsmeisterschaft – Entwurf', 'Noch geheim']));
    expect(notShown.items.every((n: Json) => !n.visible)).toBe(true);
    expect(shown.total + notShown.total).toBe(all.total);
    // the total and the pages count visible articles only: page 2 of one each is the second visible one
    const second = (await as('verein').get(`/api/v1/admin/news/${CLUB}?visible=true&size=1&page=2`)).body;
    expect([second.total, second.items.map((n: Json) => n.id)]).toEqual([shown.total, [shown.items[1].id]]);
    // the hidden article stays reachable by its category (the pages tab)
    expect(
      (await as('verein').get(`/api/v1/admin/news/${CLUB}?category=Vereinsnews&size=100`)).body.items.map((n: Json) => n.id),
    ).toContain(hidden.id);
    expect((await as('verein').get(`/api/v1/admin/news/${CLUB}?visible=yes`)).status).toBe(422);

    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    const parameter = doc.paths['/api/v1/admin/news/{orgId}'].get.parameters.find((p: Json) => p.name === 'visible');
    expect(parameter).toMatchObject({ in: 'query', required: false, schema: { enum: ['true', 'false'] } });
    expect(parameter.description).toMatch(/only visible/);
  });

  it('sanitises rich text: script, event handlers and javascript: links go, formatting stays', async () => {
    const dirty =
      '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <a href="https://example.org" target="_blank">Link</a></p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">böse</a><p style="margin-left: 40px; color: red" onclick="x()">eingerückt</p>' +
      '<iframe src="https://www.youtube.com/embed/abc"></iframe><iframe src="https://evil.example/embed"></iframe><table><tr><td>Zelle</td></tr></table>';
    const res = await as('verein').post(
      '/api/v1/admin/news',
      article({ title: 'Formatierung', content: dirty, abstract: '<p onmouseover="x()">Kurz</p>' }),
    );
    expect(res.status).toBe(201);
    const html: string = res.body.content;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|alert|evil\.example|color/);
    expect(html).toContain('<h2>Titel</h2>');
    expect(html).toContain('<strong>fett</strong>');
    expect(html).toContain('<em>kursiv</em>');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('style="margin-left:40px"');
    // an embedded video without a name is named, for screen readers
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/abc" title="Video"></iframe>');
    expect(html).toContain('<td>Zelle</td>');
    expect(res.body.abstract).toBe('<p>Kurz</p>');
    // Nothing left but markup that was removed: refused.
    expect((await as('verein').post('/api/v1/admin/news', article({ content: '<script>x()</script>' }))).body.error).toMatchObject({
      field: 'content',
      rule: 'required',
    });
    expect((await as('verein').post('/api/v1/admin/news', article({ newscategory: ['Gibt es nicht'] }))).body.error.rule).toBe(
      'unknownCategory',
    );
    expect((await as('verein').post('/api/v1/admin/news', article({ lang: 'fr' }))).status).toBe(422);
  });

  it('keeps categories unique, refuses deleting one in use (naming where), and builds the menu tree', async () => {
    const created = await as('verein').post('/api/v1/admin/category', { orgId: CLUB, name: 'Jugend' });
    expect(created.status).toBe(201);
    expect((await as('verein').post('/api/v1/admin/category', { orgId: CLUB, name: 'jugend' })).body.error.code).toBe('category_exists');
    expect((await as('verein').post('/api/v1/admin/category', { orgId: 18, name: 'Fremd' })).status).toBe(403);
    await as('verein').post('/api/v1/admin/news', article({ title: 'Jugendcamp', newscategory: ['Jugend'] }));
    const inUse = await as('verein').del(`/api/v1/admin/category?id=${created.body.id}`);
    expect([inUse.status, inUse.body.error.code, inUse.body.error.value]).toEqual([409, 'category_in_use', ['Jugendcamp']]);
    const unused = await as('verein').post('/api/v1/admin/category', { orgId: CLUB, name: 'Leer' });
    expect((await as('verein').del(`/api/v1/admin/category?id=${unused.body.id}`)).body).toEqual({ deleted: 1 });
    expect((await as('verein').get(`/api/v1/admin/categories/${CLUB}`)).body.map((c: Json) => c.name)).toEqual(
      expect.arrayContaining(['Vereinsnews', 'webshop', 'Jugend']),
    );

    // Renamed: its articles keep it under the new name. Moved: never under itself.
    const renamed = await as('verein').put('/api/v1/admin/category', { id: created.body.id, name: 'Nachwuchs' });
    expect(renamed.body.name).toBe('Nachwuchs');
    expect((await as('verein').get(`/api/v1/admin/news/${CLUB}?q=Jugendcamp`)).body.items[0].newscategory).toEqual(['Nachwuchs']);
    expect((await as('verein').put('/api/v1/admin/category', { id: created.body.id, name: 'vereinsnews' })).body.error.code).toBe(
      'category_exists',
    );
    const page = (await as('verein').post('/api/v1/admin/category', { orgId: CLUB, name: 'Über uns', inMenu: true })).body;
    const sub = (await as('verein').post('/api/v1/admin/category', { orgId: CLUB, name: 'Anfahrt', parentId: page.id })).body;
    expect((await as('verein').put('/api/v1/admin/category', { id: page.id, parentId: sub.id })).body.error.rule).toBe('cycle');
    expect((await as('verein').put('/api/v1/admin/category', { id: sub.id, parentId: null, position: 0 })).body).toMatchObject({
      parentId: null,
      position: 0,
      inMenu: true,
    });
    expect((await as('land').put('/api/v1/admin/category', { id: sub.id, name: 'x' })).status).toBe(403);

    const menu: Json[] = (await as('verband').get('/api/v1/admin/news/menu/1')).body;
    const verband = menu.find((m) => m.name === 'Verband');
    expect(verband.children.map((c: Json) => c.name)).toEqual(['Vorstand', 'Geschichte']);
    expect(verband.children[0].newsId).toBe(2);
    expect(verband.children[1].newsId).toBeNull();
  });

  it('publishes visible news without sign-in, as JSON and RSS, with an ETag', async () => {
    await as('verband').post(
      '/api/v1/admin/news',
      article({ orgId: 1, title: 'Versteckt', newscategory: ['Verbandsnews'], visible: false }),
    );
    const res = await call(t.app, 'GET', '/api/v1/public/news/1');
    expect(res.status).toBe(200);
    const titles = res.body.items.map((n: Json) => n.title);
    expect(titles).toContain('Neue Lizenzsaison eröffnet');
    expect(titles).not.toContain('Versteckt');
    expect(titles).not.toContain('Entwurf: Kaderrichtlinien (intern)');
    expect(Object.keys(res.body.items[0]).sort()).toEqual([
      'abstract',
      'categories',
      'content',
      'id',
      'lang',
      'publishedAt',
      'title',
      'updatedAt',
    ]);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect((await call(t.app, 'GET', '/api/v1/public/news/1', { headers: { 'if-none-match': etag } })).status).toBe(304);

    const rss = await call(t.app, 'GET', '/api/v1/public/news/1.rss');
    expect(rss.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await rss.raw.text();
    expect(xml).toContain('<rss version="2.0"');
    const { problems, items } = validateRss(xml);
    expect(problems).toEqual([]);
    expect(items.map((i) => i.title)).toContain('Neue Lizenzsaison eröffnet');
    expect(xml).not.toContain('Versteckt');
    expect((await call(t.app, 'GET', '/api/v1/public/news/999999')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/public/news/abc')).status).toBe(422);
    // A change shows: the ETag moves.
    await as('verband').post('/api/v1/admin/news', article({ orgId: 1, title: 'Frisch', newscategory: ['Verbandsnews'] }));
    expect((await call(t.app, 'GET', '/api/v1/public/news/1', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it('writes RSS 2.0 that validates: no "undefined", guids that are no address marked so, plain-text titles, word breaks kept', async () => {
    await as('verein').post(
      '/api/v1/admin/news',
      article({
        title: 'Fett <b>gedruckt</b> & <i>schräg</i>',
        abstract: '',
        content: '<h2>Erster</h2><p>Absatz</p><p>Zweiter<br>Absatz</p><ul><li>eins</li><li>zwei</li></ul>',
      }),
    );
    await as('verein').post(
      '/api/v1/admin/news',
      article({ title: 'Mit Kurztext', abstract: '<p>Kurz</p><p>gefasst &lt;3</p>', content: '<p>Lang</p>' }),
    );
    const xml = await (await call(t.app, 'GET', `/api/v1/public/news/${CLUB}.rss`)).raw.text();
    const { problems, items, channel } = validateRss(xml);
    expect(problems).toEqual([]);
    expect(channel.description).toBeTruthy();
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      expect(item.guidIsPermaLink).toBe('false');
      expect(item.description).toBeTruthy();
    }
    const bold = items.find((i) => i.title?.startsWith('Fett'))!;
    expect(bold.title).toBe('Fett gedruckt & schräg');
    expect(bold.description).toBe('Erster Absatz Zweiter Absatz eins zwei');
    // a description is HTML to a reader: the text arrives escaped once more
    expect(items.find((i) => i.title === 'Mit Kurztext')!.description).toBe('Kurz gefasst &lt;3');
  });

  it('deletes articles, all or nothing', async () => {
    const a = (await as('verein').post('/api/v1/admin/news', article({ title: 'Weg damit' }))).body;
    expect((await as('verein').del(`/api/v1/admin/news?ids=${a.id},1`)).status).toBe(403);
    expect((await as('verein').get(`/api/v1/admin/news/${CLUB}?q=Weg`)).body.total).toBe(1);
    expect((await as('verein').del(`/api/v1/admin/news?ids=${a.id}`)).body).toEqual({ deleted: 1 });
    expect((await as('verein').get(`/api/v1/admin/news/${CLUB}?q=Weg`)).body.total).toBe(0);
  });
});

describe.each(testDrivers())('webshop inventory on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db);
    tokens = Object.fromEntries(await Promise.all(['verein', 'verband'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });
  const send = (method: string, json: Json, who = 'verband', org = 1) =>
    call(t.app, method, `/api/v2/admin/${org}/inventory`, { token: tokens[who], json });

  it('lists the stock lines with their article and price', async () => {
    const res = await call(t.app, 'GET', '/api/v2/admin/1/inventory?q=Softshell', { token: tokens.verband });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.items[0]).toMatchObject({
      title: 'Verbands-Softshelljacke',
      categoryParams: { cat: 'KLEIDUNG_SOFTSHELLJACKE', netPrice: 74.92 },
    });
    expect((await call(t.app, 'GET', '/api/v2/admin/11/inventory', { token: tokens.verein })).status).toBe(403);
  });

  it('saves a line; refuses a negative stock, a size not on the lists, an article outside "webshop", and a second identical line', async () => {
    const line = { newsId: 4, ordercatId: 6, items: 3, active: 1, inventoryParams: { gender: 'f', size: 'XL', visibility: true } };
    const created = await send('POST', line);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ items: 3, active: 1, inventoryParams: { gender: 'f', size: 'XL' } });
    expect((await send('POST', line)).body.error.code).toBe('duplicate');
    expect((await send('POST', { ...line, items: -1 })).body.error).toMatchObject({ field: 'items' });
    expect((await send('POST', { ...line, inventoryParams: { gender: 'f', size: '33' } })).body.error.rule).toBe('sizeInvalid');
    expect((await send('POST', { ...line, newsId: 1 })).body.error.rule).toBe('notWebshop');
    expect((await send('POST', line, 'verein', 11)).status).toBe(403);
    // Sold: the stock goes down; as the API answered it, one field changed.
    const updated = await send('PUT', { ...created.body, items: 2 });
    expect(updated.body.items).toBe(2);
    expect((await send('PUT', { ...created.body, items: 1 })).body.error.code).toBe('stale');
    expect((await send('PUT', { ...updated.body, inventoryParams: { gender: 'f', size: 'S', visibility: true } })).body.error.code).toBe(
      'duplicate',
    );
  });
});

describe.each(testDrivers())('news gallery on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    tdb = await createTestDb(driver);
    t = createTestApp(tdb.db);
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });
  const form = (files: Array<[Buffer, string]>) => {
    const data = new FormData();
    for (const [bytes, name] of files) data.append('files', new Blob([new Uint8Array(bytes)]), name);
    return data;
  };
  const newArticle = async (visible: boolean) =>
    (
      await call(t.app, 'POST', '/api/v1/admin/news', {
        token: tokens.verein,
        json: {
          orgId: CLUB,
          title: visible ? 'Bilder' : 'Geheim',
          content: '<p>x</p>',
          lang: 'de',
          newscategory: ['Vereinsnews'],
          visible,
        },
      })
    ).body;
  const upload = (id: number, files: Array<[Buffer, string]>, who = 'verein') =>
    call(t.app, 'POST', `/api/v1/admin/news/upload/${id}`, { token: tokens[who], body: form(files) });

  it('takes up to 3 pictures and PDFs by content, with thumbnails xs/sm/md of the right widths', async () => {
    const a = await newArticle(true);
    const res = await upload(a.id, [
      [png(1200, 800), 'Siegerehrung.png'],
      [PDF, 'Ergebnisse.pdf'],
    ]);
    expect(res.status).toBe(200);
    const [picture, pdf] = res.body.attachedFiles;
    expect(picture).toMatchObject({ fileName: 'Siegerehrung.png', featuredImage: false, fileParam: { mime: 'image/png' } });
    expect(pdf.fileParam.thumbnails).toEqual({});
    const widths: Record<string, number> = {};
    for (const [size, key] of Object.entries(picture.fileParam.thumbnails as Record<string, string>)) {
      const file = await call(t.app, 'GET', `/api/v1/uploads?file=${encodeURIComponent(key)}`, { token: tokens.trainer });
      expect(file.headers.get('content-type')).toBe('image/webp');
      widths[size] = (await sharp(Buffer.from(await file.raw.arrayBuffer())).metadata()).width!;
    }
    expect(widths).toEqual({ xs: 160, sm: 480, md: 1024 });

    expect(
      (
        await upload(a.id, [
          [png(), '1.png'],
          [png(), '2.png'],
          [png(), '3.png'],
          [png(), '4.png'],
        ])
      ).body.error.code,
    ).toBe('too_many_files');
    expect((await upload(a.id, [[Buffer.from('kein Bild'), 'bild.png']])).status).toBe(415);
    expect((await upload(a.id, [[Buffer.alloc(0), 'leer.png']])).body.error.code).toBe('file_empty');
    expect((await upload(a.id, [[png(), 'x.png']], 'trainer')).status).toBe(403);
    // nothing of the refused uploads stayed
    expect(
      (await call(t.app, 'GET', `/api/v1/admin/news/gallery/${CLUB}`, { token: tokens.verein })).body.items.find(
        (d: Json) => d.newsId === a.id,
      ).files,
    ).toHaveLength(2);

    // one featured picture; removing a file takes its thumbnails along
    const featured = await call(t.app, 'PUT', `/api/v1/admin/news/image/${a.id}`, {
      token: tokens.verein,
      json: { fileId: picture.fileId },
    });
    expect(featured.body.attachedFiles.map((f: Json) => f.featuredImage)).toEqual([true, false]);
    expect(
      (await call(t.app, 'PUT', `/api/v1/admin/news/image/${a.id}`, { token: tokens.verein, json: { fileId: pdf.fileId } })).body.error
        .rule,
    ).toBe('notAPicture');
    const removed = await call(t.app, 'DELETE', `/api/v1/admin/news/image/${a.id}/${picture.fileId}`, { token: tokens.verein });
    expect(removed.body.attachedFiles.map((f: Json) => f.fileName)).toEqual(['Ergebnisse.pdf']);
    const thumb = Object.values(picture.fileParam.thumbnails as Record<string, string>)[0];
    expect((await call(t.app, 'GET', `/api/v1/uploads?file=${encodeURIComponent(thumb)}`, { token: tokens.verein })).status).toBe(404);
  });

  it("answers the organisation's gallery for the overlay: one directory per article with files, newest first, 7 a page", async () => {
    const ids: number[] = [];
    for (let i = 0; i < GALLERY_DIRECTORIES_PER_PAGE + 1; i++) {
      const a = await newArticle(true);
      expect((await upload(a.id, [[PDF, `plan-${i}.pdf`]])).status).toBe(200);
      ids.push(a.id);
    }
    await newArticle(true); // no files: no directory
    const page = async (n: number) =>
      (await call(t.app, 'GET', `/api/v1/admin/news/gallery/${CLUB}?page=${n}`, { token: tokens.verein })).body;
    const first = await page(1);
    expect(first.items).toHaveLength(GALLERY_DIRECTORIES_PER_PAGE);
    expect(first.items.map((d: Json) => d.newsId)).toEqual([...ids].reverse().slice(0, GALLERY_DIRECTORIES_PER_PAGE));
    expect(first.items[0].files.map((f: Json) => f.fileName)).toEqual([`plan-${GALLERY_DIRECTORIES_PER_PAGE}.pdf`]);
    expect(first.total).toBeGreaterThan(GALLERY_DIRECTORIES_PER_PAGE);
    expect((await page(2)).items.map((d: Json) => d.newsId)).toContain(ids[0]);
    expect((await call(t.app, 'GET', `/api/v1/admin/news/gallery/18`, { token: tokens.verein })).status).toBe(403);
  });

  it("serves a hidden article's files only to its organisation's news editors, and deletes them with the article", async () => {
    const hidden = await newArticle(false);
    const res = await upload(hidden.id, [[PDF, 'Entwurf.pdf']]);
    const key = res.body.attachedFiles[0].fileParam.original;
    const url = `/api/v1/uploads?file=${encodeURIComponent(key)}`;
    expect((await call(t.app, 'GET', url, { token: tokens.trainer })).status).toBe(404);
    expect((await call(t.app, 'GET', url, { token: tokens.verein })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/v1/admin/news?ids=${hidden.id}`, { token: tokens.verein })).body).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', url, { token: tokens.verein })).status).toBe(404);
  });
});

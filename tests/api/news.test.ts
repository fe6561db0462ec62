/** @jest-environment node */
import { answerOf, call, client, createTestApp, refusalOf, signIn, type TestApp, uploadAnswer } from './helpers/test-app';
import { uploadDoc } from '@/server/api/news/routes';
import { MenuNodeSchema } from '@/lib/schemas/news';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';
import sharp from 'sharp';
import { z } from 'zod';
import { PDF, png } from './helpers/sample-files';
import { validateRss } from './helpers/rss';
import { GALLERY_DIRECTORIES_PER_PAGE } from '@/lib/domain/gallery';

/*
 * News (form 200): a club writes only its own; rich text is sanitised on write; categories exist,
 * are unique, and are not deleted while used; the menu tree; the public feed shows visible news
 * only, as JSON and RSS, with an ETag.
 */

const CLUB = 11;
/** A refusal in the API's error shape (for the streamed uploads, which the typed client does not carry). */
const refusal = z.object({ error: z.object({ code: z.string() }) });

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

  // Typed calls (hono/testing): bodies and answers are checked against the route definitions.
  const admin = (who: string) => client(t, tokens[who]).api.v1.admin;
  type Admin = ReturnType<typeof admin>;
  type NewsInput = Parameters<Admin['news']['$post']>[0]['json'];
  type NewsQuery = Parameters<Admin['news'][':orgId']['$get']>[0]['query'];
  type CategoryInput = Parameters<Admin['category']['$post']>[0]['json'];
  type CategoryUpdate = Parameters<Admin['category']['$put']>[0]['json'];
  const post = (who: string, json: NewsInput) => admin(who).news.$post({ json });
  const list = (who: string, org: number, query: NewsQuery = {}) =>
    admin(who).news[':orgId'].$get({ param: { orgId: String(org) }, query });
  const listed = async (who: string, org: number, query: NewsQuery = {}) => answerOf(list(who, org, query), 200);
  const newCategory = (who: string, json: CategoryInput) => admin(who).category.$post({ json });
  const changeCategory = (who: string, json: CategoryUpdate) => admin(who).category.$put({ json });
  const deleteCategory = (who: string, id: number) => admin(who).category.$delete({ query: { id: String(id) } });
  const article = (over: Partial<NewsInput> = {}): NewsInput => ({
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
    const res = await answerOf(post('verein', article()), 201);
    expect(res).toMatchObject({ orgId: CLUB, visible: true, newscategory: ['Vereinsnews'] });
    expect(res.publishedAt).not.toBeNull();
    expect((await post('verein', article({ orgId: 18 }))).status).toBe(403);
    expect((await post('land', article())).status).toBe(403);
    expect((await list('trainer', CLUB)).status).toBe(403);
    // The federation's news staff may edit a club's article.
    expect((await admin('verband').news.$put({ json: { ...res, title: 'Saisonstart 2' } })).status).toBe(200);
    expect((await refusalOf(admin('verein').news.$put({ json: { ...res, title: 'veraltet' } }))).code).toBe('stale');
    expect((await list('verein', 18)).status).toBe(403);
    const found = await listed('verein', CLUB, { q: 'Saisonstart' });
    expect(found.items.map((n) => n.title)).toEqual(['Saisonstart 2']);
  });

  it("lists only visible articles with visible=true (the screen's list tab), only hidden ones with visible=false, filtered in the database", async () => {
    const hidden = await answerOf(post('verein', article({ title: 'Noch geheim', visible: false })), 201);
    await answerOf(post('verein', article({ title: 'Auch sichtbar' })), 201);
    const titles = (page: { items: Array<{ title: string }> }) => page.items.map((n) => n.title);
    const all = await listed('verein', CLUB, { size: '100' });
    const shown = await listed('verein', CLUB, { visible: 'true', size: '100' });
    const notShown = await listed('verein', CLUB, { visible: 'false', size: '100' });
    expect(titles(all)).toEqual(expect.arrayContaining(['Hallentraining ab Oktober', 'Vereinsmeisterschaft – Entwurf', 'Noch geheim']));
    expect(titles(shown)).toContain('Hallentraining ab Oktober');
    expect(titles(shown)).not.toContain('Vereinsmeisterschaft – Entwurf');
    expect(titles(shown)).not.toContain('Noch geheim');
    expect(shown.items.every((n) => n.visible)).toBe(true);
    expect(titles(notShown)).toEqual(expect.arrayContaining(['Vereinsmeisterschaft – Entwurf', 'Noch geheim']));
    expect(notShown.items.every((n) => !n.visible)).toBe(true);
    expect(shown.total + notShown.total).toBe(all.total);
    // the total and the pages count visible articles only: page 2 of one each is the second visible one
    const second = await listed('verein', CLUB, { visible: 'true', size: '1', page: '2' });
    expect([second.total, second.items.map((n) => n.id)]).toEqual([shown.total, [shown.items[1].id]]);
    // the hidden article stays reachable by its category (the pages tab)
    expect((await listed('verein', CLUB, { category: 'Vereinsnews', size: '100' })).items.map((n) => n.id)).toContain(hidden.id);
    expect((await call(t.app, 'GET', `/api/v1/admin/news/${CLUB}?visible=yes`, { token: tokens.verein })).status).toBe(422);

    const doc: { paths: Record<string, { get: { parameters: Array<{ name: string; description?: string }> } }> } = (
      await call(t.app, 'GET', '/api/openapi.json')
    ).body;
    const parameter = doc.paths['/api/v1/admin/news/{orgId}'].get.parameters.find((p) => p.name === 'visible');
    expect(parameter).toMatchObject({ in: 'query', required: false, schema: { enum: ['true', 'false'] } });
    expect(parameter?.description).toMatch(/only visible/);
  });

  it('sanitises rich text: script, event handlers and javascript: links go, formatting stays', async () => {
    const dirty =
      '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <a href="https://example.org" target="_blank">Link</a></p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">böse</a><p style="margin-left: 40px; color: red" onclick="x()">eingerückt</p>' +
      '<iframe src="https://www.youtube.com/embed/abc"></iframe><iframe src="https://evil.example/embed"></iframe><table><tr><td>Zelle</td></tr></table>';
    const res = await answerOf(
      post('verein', article({ title: 'Formatierung', content: dirty, abstract: '<p onmouseover="x()">Kurz</p>' })),
      201,
    );
    const html = res.content;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|alert|evil\.example|color/);
    expect(html).toContain('<h2>Titel</h2>');
    expect(html).toContain('<strong>fett</strong>');
    expect(html).toContain('<em>kursiv</em>');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('style="margin-left:40px"');
    // an embedded video without a name is named, for screen readers
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/abc" title="Video"></iframe>');
    expect(html).toContain('<td>Zelle</td>');
    expect(res.abstract).toBe('<p>Kurz</p>');
    // Nothing left but markup that was removed: refused.
    expect(await refusalOf(post('verein', article({ content: '<script>x()</script>' })))).toMatchObject({
      field: 'content',
      rule: 'required',
    });
    expect((await refusalOf(post('verein', article({ newscategory: ['Gibt es nicht'] })))).rule).toBe('unknownCategory');
    expect((await call(t.app, 'POST', '/api/v1/admin/news', { token: tokens.verein, json: article({ lang: 'fr' as 'de' }) })).status).toBe(
      422,
    );
  });

  it('keeps categories unique, refuses deleting one in use (naming where), and builds the menu tree', async () => {
    const created = await answerOf(newCategory('verein', { orgId: CLUB, name: 'Jugend' }), 201);
    expect((await refusalOf(newCategory('verein', { orgId: CLUB, name: 'jugend' }))).code).toBe('category_exists');
    expect((await newCategory('verein', { orgId: 18, name: 'Fremd' })).status).toBe(403);
    await answerOf(post('verein', article({ title: 'Jugendcamp', newscategory: ['Jugend'] })), 201);
    const inUse = await refusalOf(deleteCategory('verein', created.id));
    expect([inUse.status, inUse.code, inUse.value]).toEqual([409, 'category_in_use', ['Jugendcamp']]);
    const unused = await answerOf(newCategory('verein', { orgId: CLUB, name: 'Leer' }), 201);
    expect(await answerOf(deleteCategory('verein', unused.id), 200)).toEqual({ deleted: 1 });
    const categories = await answerOf(admin('verein').categories[':orgId'].$get({ param: { orgId: String(CLUB) } }), 200);
    expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Vereinsnews', 'webshop', 'Jugend']));

    // Renamed: its articles keep it under the new name. Moved: never under itself.
    const renamed = await answerOf(changeCategory('verein', { id: created.id, name: 'Nachwuchs' }), 200);
    expect(renamed.name).toBe('Nachwuchs');
    expect((await listed('verein', CLUB, { q: 'Jugendcamp' })).items[0].newscategory).toEqual(['Nachwuchs']);
    expect((await refusalOf(changeCategory('verein', { id: created.id, name: 'vereinsnews' }))).code).toBe('category_exists');
    const page = await answerOf(newCategory('verein', { orgId: CLUB, name: 'Über uns', inMenu: true }), 201);
    const sub = await answerOf(newCategory('verein', { orgId: CLUB, name: 'Anfahrt', parentId: page.id }), 201);
    expect((await refusalOf(changeCategory('verein', { id: page.id, parentId: sub.id }))).rule).toBe('cycle');
    expect(await answerOf(changeCategory('verein', { id: sub.id, parentId: null, position: 0 }), 200)).toMatchObject({
      parentId: null,
      position: 0,
      inMenu: true,
    });
    expect((await changeCategory('land', { id: sub.id, name: 'x' })).status).toBe(403);

    // the menu is a tree: its answer type stops at the first level, the schema reads it whole
    const menu = z.array(MenuNodeSchema).parse(await answerOf(admin('verband').news.menu[':orgId'].$get({ param: { orgId: '1' } }), 200));
    const verband = menu.find((m) => m.name === 'Verband');
    expect(verband?.children.map((c) => c.name)).toEqual(['Vorstand', 'Geschichte']);
    expect(verband?.children[0].newsId).toBe(2);
    expect(verband?.children[1].newsId).toBeNull();
  });

  it('publishes visible news without sign-in, as JSON and RSS, with an ETag', async () => {
    await answerOf(post('verband', article({ orgId: 1, title: 'Versteckt', newscategory: ['Verbandsnews'], visible: false })), 201);
    const res = await client(t).api.v1.public.news[':orgId'].$get({ param: { orgId: '1' }, query: {} });
    const feed = await answerOf(res, 200);
    if (typeof feed === 'string' || feed instanceof Response) throw new Error('the feed answered no JSON');
    const titles = feed.items.map((n) => n.title);
    expect(titles).toContain('Neue Lizenzsaison eröffnet');
    expect(titles).not.toContain('Versteckt');
    expect(titles).not.toContain('Entwurf: Kaderrichtlinien (intern)');
    expect(Object.keys(feed.items[0]).sort()).toEqual([
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
    await answerOf(post('verband', article({ orgId: 1, title: 'Frisch', newscategory: ['Verbandsnews'] })), 201);
    expect((await call(t.app, 'GET', '/api/v1/public/news/1', { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it('writes RSS 2.0 that validates: no "undefined", guids that are no address marked so, plain-text titles, word breaks kept', async () => {
    await answerOf(
      post(
        'verein',
        article({
          title: 'Fett <b>gedruckt</b> & <i>schräg</i>',
          abstract: '',
          content: '<h2>Erster</h2><p>Absatz</p><p>Zweiter<br>Absatz</p><ul><li>eins</li><li>zwei</li></ul>',
        }),
      ),
      201,
    );
    await answerOf(
      post('verein', article({ title: 'Mit Kurztext', abstract: '<p>Kurz</p><p>gefasst &lt;3</p>', content: '<p>Lang</p>' })),
      201,
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
    const a = await answerOf(post('verein', article({ title: 'Weg damit' })), 201);
    expect((await admin('verein').news.$delete({ query: { ids: `${a.id},1` } })).status).toBe(403);
    expect((await listed('verein', CLUB, { q: 'Weg' })).total).toBe(1);
    expect(await answerOf(admin('verein').news.$delete({ query: { ids: String(a.id) } }), 200)).toEqual({ deleted: 1 });
    expect((await listed('verein', CLUB, { q: 'Weg' })).total).toBe(0);
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
  const inventory = (who: string) => client(t, tokens[who]).api.v2.admin[':orgId'].inventory;
  type LineInput = Parameters<ReturnType<typeof inventory>['$post']>[0]['json'];
  type LineUpdate = Parameters<ReturnType<typeof inventory>['$put']>[0]['json'];
  const create = (json: LineInput, who = 'verband', org = 1) => inventory(who).$post({ param: { orgId: String(org) }, json });
  const change = (json: LineUpdate) => inventory('verband').$put({ param: { orgId: '1' }, json });

  it('lists the stock lines with their article and price', async () => {
    const res = await answerOf(inventory('verband').$get({ param: { orgId: '1' }, query: { q: 'Softshell' } }), 200);
    expect(res.total).toBe(4);
    expect(res.items[0]).toMatchObject({
      title: 'Verbands-Softshelljacke',
      categoryParams: { cat: 'KLEIDUNG_SOFTSHELLJACKE', netPrice: 74.92 },
    });
    expect((await inventory('verein').$get({ param: { orgId: '11' }, query: {} })).status).toBe(403);
  });

  it('saves a line; refuses a negative stock, a size not on the lists, an article outside "webshop", and a second identical line', async () => {
    const line: LineInput = {
      newsId: 4,
      ordercatId: 6,
      items: 3,
      active: 1,
      inventoryParams: { gender: 'f', size: 'XL', visibility: true },
    };
    const created = await answerOf(create(line), 201);
    expect(created).toMatchObject({ items: 3, active: 1, inventoryParams: { gender: 'f', size: 'XL' } });
    expect((await refusalOf(create(line))).code).toBe('duplicate');
    expect(await refusalOf(create({ ...line, items: -1 }))).toMatchObject({ field: 'items' });
    expect((await refusalOf(create({ ...line, inventoryParams: { gender: 'f', size: '33' } }))).rule).toBe('sizeInvalid');
    expect((await refusalOf(create({ ...line, newsId: 1 }))).rule).toBe('notWebshop');
    expect((await create(line, 'verein', 11)).status).toBe(403);
    // Sold: the stock goes down; as the API answered it, one field changed.
    const updated = await answerOf(change({ ...created, items: 2 }), 200);
    expect(updated.items).toBe(2);
    expect((await refusalOf(change({ ...created, items: 1 }))).code).toBe('stale');
    expect((await refusalOf(change({ ...updated, inventoryParams: { gender: 'f', size: 'S', visibility: true } }))).code).toBe('duplicate');
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
  const admin = (who = 'verein') => client(t, tokens[who]).api.v1.admin;
  const newArticle = (visible: boolean) =>
    answerOf(
      admin().news.$post({
        json: {
          orgId: CLUB,
          title: visible ? 'Bilder' : 'Geheim',
          content: '<p>x</p>',
          lang: 'de',
          newscategory: ['Vereinsnews'],
          visible,
        },
      }),
      201,
    );
  /** A streamed upload (not in the typed client): its answer is checked with uploadAnswer, its refusals by status and code. */
  const upload = (id: number, files: Array<[Buffer, string]>, who = 'verein') =>
    call(t.app, 'POST', `/api/v1/admin/news/upload/${id}`, { token: tokens[who], body: form(files) });
  const refusedUpload = async (id: number, files: Array<[Buffer, string]>) => {
    const res = await upload(id, files);
    expect(res.status).toBeGreaterThanOrEqual(400);
    return refusal.parse(res.body).error.code;
  };
  const gallery = (org: number, page = 1) => admin().news.gallery[':id'].$get({ param: { id: String(org) }, query: { page } });

  it('takes up to 3 pictures and PDFs by content, with thumbnails xs/sm/md of the right widths', async () => {
    const a = await newArticle(true);
    const res = await upload(a.id, [
      [png(1200, 800), 'Siegerehrung.png'],
      [PDF, 'Ergebnisse.pdf'],
    ]);
    const [picture, pdf] = uploadAnswer(res, uploadDoc, 200).attachedFiles;
    expect(picture).toMatchObject({ fileName: 'Siegerehrung.png', featuredImage: false, fileParam: { mime: 'image/png' } });
    expect(pdf.fileParam.thumbnails).toEqual({});
    const widths: Record<string, number> = {};
    const thumbnails = z.record(z.string(), z.string()).parse(picture.fileParam.thumbnails);
    for (const [size, key] of Object.entries(thumbnails)) {
      const file = await call(t.app, 'GET', `/api/v1/uploads?file=${encodeURIComponent(key)}`, { token: tokens.trainer });
      expect(file.headers.get('content-type')).toBe('image/webp');
      widths[size] = (await sharp(Buffer.from(await file.raw.arrayBuffer())).metadata()).width!;
    }
    expect(widths).toEqual({ xs: 160, sm: 480, md: 1024 });

    expect(
      await refusedUpload(a.id, [
        [png(), '1.png'],
        [png(), '2.png'],
        [png(), '3.png'],
        [png(), '4.png'],
      ]),
    ).toBe('too_many_files');
    expect((await upload(a.id, [[Buffer.from('kein Bild'), 'bild.png']])).status).toBe(415);
    expect(await refusedUpload(a.id, [[Buffer.alloc(0), 'leer.png']])).toBe('file_empty');
    expect((await upload(a.id, [[png(), 'x.png']], 'trainer')).status).toBe(403);
    // nothing of the refused uploads stayed
    expect((await answerOf(gallery(CLUB), 200)).items.find((d) => d.newsId === a.id)?.files).toHaveLength(2);

    // one featured picture; removing a file takes its thumbnails along
    const feature = (fileId: string) => admin().news.image[':id'].$put({ param: { id: String(a.id) }, json: { fileId } });
    const featured = await answerOf(feature(picture.fileId), 200);
    expect(featured.attachedFiles.map((f) => f.featuredImage)).toEqual([true, false]);
    expect((await refusalOf(feature(pdf.fileId))).rule).toBe('notAPicture');
    const removed = await answerOf(
      admin().news.image[':id'][':imageId'].$delete({ param: { id: String(a.id), imageId: picture.fileId } }),
      200,
    );
    expect(removed.attachedFiles.map((f) => f.fileName)).toEqual(['Ergebnisse.pdf']);
    const thumb = Object.values(thumbnails)[0];
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
    const page = (n: number) => answerOf(gallery(CLUB, n), 200);
    const first = await page(1);
    expect(first.items).toHaveLength(GALLERY_DIRECTORIES_PER_PAGE);
    expect(first.items.map((d) => d.newsId)).toEqual([...ids].reverse().slice(0, GALLERY_DIRECTORIES_PER_PAGE));
    expect(first.items[0].files.map((f) => f.fileName)).toEqual([`plan-${GALLERY_DIRECTORIES_PER_PAGE}.pdf`]);
    expect(first.total).toBeGreaterThan(GALLERY_DIRECTORIES_PER_PAGE);
    expect((await page(2)).items.map((d) => d.newsId)).toContain(ids[0]);
    expect((await gallery(18)).status).toBe(403);
  });

  it("serves a hidden article's files only to its organisation's news editors, and deletes them with the article", async () => {
    const hidden = await newArticle(false);
    const res = await upload(hidden.id, [[PDF, 'Entwurf.pdf']]);
    const key = z.string().parse(uploadAnswer(res, uploadDoc, 200).attachedFiles[0].fileParam.original);
    const url = `/api/v1/uploads?file=${encodeURIComponent(key)}`;
    expect((await call(t.app, 'GET', url, { token: tokens.trainer })).status).toBe(404);
    expect((await call(t.app, 'GET', url, { token: tokens.verein })).status).toBe(200);
    expect(await answerOf(admin().news.$delete({ query: { ids: String(hidden.id) } }), 200)).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', url, { token: tokens.verein })).status).toBe(404);
  });
});

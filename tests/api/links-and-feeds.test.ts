/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import { news, organisations, tournaments } from '@/server/db/schema';
import { HOSTILE_URLS } from './helpers/hostile-urls';
import { closeApi, openApi } from './helpers/open-api';
import { answerOf, call, client, refusalOf, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';
import { saveOrg } from './organisations-fixtures';

/*
 * What an editor writes cannot turn into an attack on a reader: every link of rich text carries
 * rel="noopener noreferrer" and a target only as _blank, also in HTML stored before; a stored web
 * address (homepage, registration link) is an absolute http(s) address; the public feeds (RSS,
 * iCalendar) never link anything else, whatever is stored.
 */

const CLUB = 11;

/** The rule a hostile address breaks: NUL is refused in any text before its field's own rule. */
const ruleFor = (url: string) => (url.includes('\u0000') ? undefined : 'urlInvalid');

/** Every <a …> of the HTML with its attributes. */
const anchors = (html: string) =>
  [...html.matchAll(/<a\b([^>]*)>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

describe.each(testDrivers())('links and feeds on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verein', 'verband']));
  });
  afterAll(() => closeApi({ tdb, t }));

  // Typed calls (hono/testing): parameters, bodies and answers are checked against the route definitions.
  const v1 = (who?: string) => client(t, who ? tokens[who] : undefined).api.v1;
  type Article = Parameters<ReturnType<typeof v1>['admin']['news']['$post']>[0]['json'];
  const article = (over: Partial<Article> = {}): Article => ({
    orgId: CLUB,
    title: 'Links',
    abstract: '',
    content: '<p>x</p>',
    lang: 'de',
    newscategory: ['Vereinsnews'],
    visible: true,
    ...over,
  });
  const postArticle = (over: Partial<Article> = {}) => answerOf(v1('verein').admin.news.$post({ json: article(over) }), 201);

  const LINKS =
    '<p><a href="https://a.example" target="x" rel="opener">named window</a> <a href="https://b.example" target="_blank" rel="opener">new tab</a> ' +
    '<a href="https://c.example" target="_self">same tab</a> <a href="https://d.example">plain</a> <a href="https://e.example" target="_BLANK">upper</a></p>';

  it('news: every link gets rel="noopener noreferrer", target only _blank', async () => {
    const res = await postArticle({ content: LINKS, abstract: '<p><a href="https://f.example" target="top">kurz</a></p>' });
    expect(anchors(res.content)).toEqual([
      { href: 'https://a.example', rel: 'noopener noreferrer' },
      { href: 'https://b.example', target: '_blank', rel: 'noopener noreferrer' },
      { href: 'https://c.example', rel: 'noopener noreferrer' },
      { href: 'https://d.example', rel: 'noopener noreferrer' },
      { href: 'https://e.example', target: '_blank', rel: 'noopener noreferrer' },
    ]);
    expect(anchors(res.abstract)).toEqual([{ href: 'https://f.example', rel: 'noopener noreferrer' }]);
    // as stored, too
    const [row] = await tdb.db.select().from(news).where(eq(news.id, res.id));
    expect(row.content).not.toMatch(/opener"|target="x"|_self/);
  });

  it('news: no scheme but http(s) and mailto survives in a link, however it is spelled', async () => {
    const content = `<p>${HOSTILE_URLS.filter(
      (u) => !u.includes('\u0000') && !/^(https?|mailto):/i.test(u.trim()) && !u.startsWith('/') && !u.startsWith('www'),
    )
      .map((u, i) => `<a href="${u.replace(/"/g, '&quot;')}">l${i}</a>`)
      .join(' ')} <a href="https://ok.example">ok</a></p>`;
    const res = await postArticle({ content });
    const hrefs = anchors(res.content)
      .map((a) => a.href)
      .filter(Boolean);
    expect(hrefs).toEqual(['https://ok.example']);
  });

  it('messages: the same rule for links', async () => {
    const res = await answerOf(
      v1('verein').admin.messages.$post({
        json: { orgId: CLUB, title: 'Links', abstract: 'x', content: LINKS, lang: 'de', media: ['email'], roles: [32], visible: false },
      }),
      201,
    );
    expect(anchors(res.content).map((a) => [a.target ?? null, a.rel])).toEqual([
      [null, 'noopener noreferrer'],
      ['_blank', 'noopener noreferrer'],
      [null, 'noopener noreferrer'],
      [null, 'noopener noreferrer'],
      ['_blank', 'noopener noreferrer'],
    ]);
  });

  it('HTML stored before the rule is answered through it: the article, the public feed as JSON and RSS', async () => {
    const created = await postArticle({ title: 'Altbestand' });
    await tdb.db
      .update(news)
      .set({ content: '<p><a href="https://old.example" target="x" rel="opener">alt</a></p>' })
      .where(eq(news.id, created.id));
    const read = (
      await answerOf(v1('verein').admin.news[':orgId'].$get({ param: { orgId: String(CLUB) }, query: { q: 'Altbestand' } }), 200)
    ).items[0];
    expect(anchors(read.content)).toEqual([{ href: 'https://old.example', rel: 'noopener noreferrer' }]);
    const page = await answerOf(v1().public.news[':orgId'].$get({ param: { orgId: String(CLUB) }, query: {} }), 200);
    if (typeof page === 'string' || page instanceof Response) throw new Error('the public feed answered no JSON');
    const feed = page.items.find((n) => n.id === created.id);
    expect(anchors(feed?.content ?? '')).toEqual([{ href: 'https://old.example', rel: 'noopener noreferrer' }]);
    const rss = await (await call(t.app, 'GET', `/api/v1/public/news/${CLUB}.rss`)).raw.text();
    expect(rss).toContain('https://old.example');
    expect(rss).not.toContain('opener"');
  });

  it('organisation homepage: http(s) only, refused with its field; an address is kept, "" clears it', async () => {
    for (const url of HOSTILE_URLS) {
      const error = await refusalOf(saveOrg(t, tokens.verein, CLUB, CLUB, { homepage: url }));
      expect([url, error.status, error.field, error.rule]).toEqual([url, 422, 'homepage', ruleFor(url)]);
    }
    const ok = await answerOf(saveOrg(t, tokens.verein, CLUB, CLUB, { homepage: ' https://bsv.example.org/verein ' }), 200);
    expect(ok.homepage).toBe('https://bsv.example.org/verein');
    const cleared = await answerOf(saveOrg(t, tokens.verein, CLUB, CLUB, { homepage: '' }), 200);
    expect(cleared.homepage ?? null).toBeNull();
  });

  it('a homepage stored before the rule never becomes a link of the RSS feed', async () => {
    await postArticle({ title: 'Im Feed' });
    for (const bad of ['javascript:alert(document.cookie)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      await tdb.db.update(organisations).set({ homepage: bad }).where(eq(organisations.id, CLUB));
      const xml = await (await call(t.app, 'GET', `/api/v1/public/news/${CLUB}.rss`)).raw.text();
      expect(xml).not.toContain(bad.trim());
      const links = [...xml.matchAll(/<link>([^<]*)<\/link>/g)].map((m) => m[1]);
      expect(links.length).toBeGreaterThan(1);
      for (const link of links) expect(link).toMatch(/^https?:\/\//);
    }
    await tdb.db.update(organisations).set({ homepage: 'https://bsv.example.org' }).where(eq(organisations.id, CLUB));
    const xml = await (await call(t.app, 'GET', `/api/v1/public/news/${CLUB}.rss`)).raw.text();
    expect(xml).toContain('<link>https://bsv.example.org</link>');
  });

  describe('tournament registration link', () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const tournament = (linkToRegistration: string) => ({
      name: 'Linkturnier',
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
        linkToRegistration,
      },
    });

    const createTournament = (json: ReturnType<typeof tournament>) =>
      v1('verein').tournament[':orgId'].$post({ param: { orgId: String(CLUB) }, json });

    it('is http(s) only, refused with its field', async () => {
      for (const url of HOSTILE_URLS) {
        const res = await answerOf(createTournament(tournament(url)), 422);
        expect([url, res.error.field, res.error.rule]).toEqual([url, 'params.linkToRegistration', ruleFor(url)]);
      }
      const ok = await answerOf(createTournament(tournament('https://anmeldung.example.org/turnier')), 201);
      expect(ok.params.linkToRegistration).toBe('https://anmeldung.example.org/turnier');
      expect((await createTournament(tournament(''))).status).toBe(201);
    });

    it('one stored before the rule never becomes the URL of a calendar event', async () => {
      const created = await answerOf(createTournament(tournament('https://anmeldung.example.org/ics')), 201);
      await answerOf(v1('verband').tournament[':orgId'].approve.$put({ param: { orgId: '1' }, json: { id: created.id } }), 200);
      const ics = async () => (await (await call(t.app, 'GET', '/api/v1/public/tournaments.ics')).raw.text()).replace(/\r\n[ \t]/g, '');
      expect(await ics()).toContain('URL;VALUE=URI:https://anmeldung.example.org/ics');
      const [row] = await tdb.db
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.id, created.id), eq(tournaments.orgId, CLUB)));
      await tdb.db
        .update(tournaments)
        .set({ params: { ...row.params, linkToRegistration: 'javascript:alert(document.cookie)' } })
        .where(eq(tournaments.id, created.id));
      const text = await ics();
      expect(text).not.toMatch(/javascript/i);
      for (const line of text.split('\r\n').filter((l) => l.startsWith('URL'))) expect(line).toMatch(/^URL[^:]*:https?:\/\//);
    });
  });
});

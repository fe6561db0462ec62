/** @jest-environment node */
import { EXPORT_BATCH_SIZE, prepareMembersExport, type ExportQuery } from '@/server/services/members/member-export';
import { csvLine } from '@/lib/csv';
import { MEMBER_OVERVIEW_COLUMNS, memberOverviewText, type MemberOverviewSource } from '@/lib/domain/member-overview';
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * GET /admin/members/{orgId}/export.csv: the overview's members with the list's filters and order,
 * all pages, as CSV for spreadsheets (';', byte-order mark, CRLF), within the caller's scope.
 */

/** Splits CSV text into rows of cells (quoted cells may hold ';', '"' and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ';') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

type Item = { id: number; surname: string; firstName: string; gender: string };

describe.each(testDrivers())('members CSV export on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'mitglied']));
  });
  afterAll(() => closeApi({ tdb, t }));

  async function csv(url: string, who: string) {
    const res = await t.app.request(url, { headers: { authorization: `Bearer ${tokens[who]}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  }

  /** Every member of a list, all pages, in the list's order. */
  async function wholeList(url: string, who: string): Promise<Item[]> {
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const res = await call(t.app, 'GET', `${url}${url.includes('?') ? '&' : '?'}pageSize=100&page=${page}`, { token: tokens[who] });
      expect(res.status).toBe(200);
      items.push(...(res.body.items as Item[]));
      if (items.length >= res.body.total) return items;
    }
  }

  it("gives a club every own member, in the list's order: BOM, ';', CRLF, German headers", async () => {
    const { res, bytes, text } = await csv('/api/v1/admin/members/11/export.csv', 'verein');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mitglieder.csv"');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header.slice(0, 6)).toEqual(['Registriernummer', 'Organisationen', 'Nachname', 'Vorname', 'Geburtsdatum', 'Altersklasse']);
    expect(header).toHaveLength(18);
    expect(rows.every((r) => r.length === 18)).toBe(true);

    const list = await wholeList('/api/v1/admin/members/11', 'verein');
    expect(list.length).toBeGreaterThan(10);
    expect(rows.map((r) => `${r[2]} ${r[3]}`)).toEqual(list.map((m) => `${m.surname} ${m.firstName}`));
    expect(rows.every((r) => /^\d{2}\.\d{2}\.\d{4}$/.test(r[4]))).toBe(true);
  });

  it('applies the filters, search and order of the list', async () => {
    const filtered = await csv('/api/v1/admin/members/11/export.csv?gender=w&sort=birthDate&dir=desc', 'verein');
    const rows = parseCsv(filtered.text.slice(1)).slice(1);
    const list = await wholeList('/api/v1/admin/members/11?gender=w&sort=birthDate&dir=desc', 'verein');
    expect(rows.length).toBe(list.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[6]))).toEqual(new Set(['weiblich']));
    expect(rows.map((r) => `${r[2]} ${r[3]}`)).toEqual(list.map((m) => `${m.surname} ${m.firstName}`));

    const searched = parseCsv((await csv('/api/v1/admin/members/11/export.csv?q=lena%20steiner', 'verein')).text.slice(1));
    expect(searched.slice(1).map((r) => `${r[3]} ${r[2]}`)).toEqual(['Lena Steiner']);
  });

  it('writes English headers and genders with lang=en', async () => {
    const { res, text } = await csv('/api/v1/admin/members/11/export.csv?lang=en&gender=m', 'verein');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="members.csv"');
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header[2]).toBe('Surname');
    expect(new Set(rows.map((r) => r[6]))).toEqual(new Set(['male']));
  });

  it('gives the federation every member, former ones too (the whole list of form 52)', async () => {
    const { res, text } = await csv('/api/v1/admin/members/1/export.csv', 'verband');
    expect(res.status).toBe(200);
    const rows = parseCsv(text.slice(1)).slice(1);
    const all = await wholeList('/api/v1/admin/members', 'verband');
    expect(rows.map((r) => `${r[2]} ${r[3]}`)).toEqual(all.map((m) => `${m.surname} ${m.firstName}`));
  });

  it('joins batches in order: written in batches of 7, the file equals the one-batch file', async () => {
    const verband = (await call(t.app, 'GET', '/api/v1/getUser', { token: tokens.verband })).body as { mg_id: number };
    const callerId = verband.mg_id;
    const query: ExportQuery = { sort: 'birthDate', dir: 'desc', onlyInOrg: false, excludeGroups: [6], lang: 'de' };
    const written = async (batchSize: number) => {
      const chunks: string[] = [];
      const writeCsv = await prepareMembersExport({ db: tdb.db, clock: t.clock.now }, callerId, 1, query, batchSize);
      await writeCsv(async (chunk) => void chunks.push(chunk));
      return chunks;
    };
    const small = await written(7);
    const whole = await written(EXPORT_BATCH_SIZE);
    expect(whole).toHaveLength(2); // header, one batch
    expect(small.length).toBeGreaterThan(5);
    expect(small.join('')).toBe(whole.join(''));
  });

  it('streams: the first members go out before the last batch is read, and a slow client holds the reading back', async () => {
    const verband = (await call(t.app, 'GET', '/api/v1/getUser', { token: tokens.verband })).body as { mg_id: number };
    const query: ExportQuery = { sort: 'surname', dir: 'asc', onlyInOrg: false, excludeGroups: [], lang: 'de' };
    // each batch of members is one statement through db.execute
    let batchesRead = 0;
    const db = new Proxy(tdb.db, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === 'execute') return (...args: unknown[]) => (batchesRead++, (value as (...a: unknown[]) => unknown).apply(target, args));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const writeCsv = await prepareMembersExport({ db, clock: t.clock.now }, verband.mg_id, 1, query, 7);
    const readAtWrite: number[] = [];
    let readWhileHeld = -1;
    await writeCsv(async () => {
      readAtWrite.push(batchesRead);
      if (readAtWrite.length === 2) {
        // the client takes its time with the first members: nothing more than the next batch is read meanwhile
        await new Promise((resolve) => setTimeout(resolve, 300));
        readWhileHeld = batchesRead;
      }
    });
    const batches = readAtWrite.length - 1;
    expect(batches).toBeGreaterThan(3);
    expect(batchesRead).toBe(batches);
    expect(readAtWrite[1]).toBeLessThan(batches);
    expect(readWhileHeld).toBeLessThanOrEqual(2);
  });

  it('refuses a foreign organisation, a member without the form, bad queries and a missing token', async () => {
    for (const [url, who] of [
      ['/api/v1/admin/members/1/export.csv', 'verein'],
      ['/api/v1/admin/members/18/export.csv', 'verein'],
      ['/api/v1/admin/members/11/export.csv', 'mitglied'],
    ] as const) {
      const { res, text } = await csv(url, who);
      expect(res.status).toBe(403);
      expect(JSON.parse(text).error.code).toBe('forbidden');
    }
    const bad = await csv('/api/v1/admin/members/11/export.csv?sort=password', 'verein');
    expect(bad.res.status).toBe(422);
    const noToken = await t.app.request('/api/v1/admin/members/11/export.csv');
    expect(noToken.status).toBe(401);
  });

  it('writes every cell as the overview shows the member, also text with quotes, separators, line breaks and formula starts', async () => {
    const tricky = await call(t.app, 'POST', '/api/v1/admin/member', {
      token: tokens.verein,
      json: {
        orgId: 11,
        firstName: '=HYPERLINK("http://x")',
        surname: 'Öztürk; "der Ältere"\nZweite Zeile',
        birthDate: '1990-02-03',
        gender: 'd',
        city: '+43 Wien',
        street: '@Gasse',
      },
    });
    expect(tricky.status).toBe(201);
    const members = (await wholeList('/api/v1/admin/members/11', 'verein')) as unknown as Array<MemberOverviewSource & { id: number }>;
    const countryNames = new Map(
      (await call(t.app, 'GET', '/api/v1/admin/countries', { token: tokens.verein })).body.map((c: { id: number; nameDe: string }) => [
        c.id,
        c.nameDe,
      ]),
    );
    const genders: Record<string, string> = { m: 'männlich', w: 'weiblich', d: 'divers' };
    const text = { gender: (g: string) => genders[g] ?? g, country: (id: number) => (countryNames.get(id) as string | undefined) ?? null };
    const expected = members.map((m) => csvLine(MEMBER_OVERVIEW_COLUMNS.map((c) => memberOverviewText(m, c, text))));

    const { text: file } = await csv('/api/v1/admin/members/11/export.csv', 'verein');
    const lines = file.slice(1).split('\r\n').slice(1, -1);
    // the tricky surname holds a line break inside its quotes: join the physical lines back
    const joined: string[] = [];
    for (const line of lines) {
      const open = joined.length > 0 && (joined[joined.length - 1].split('"').length - 1) % 2 === 1;
      if (open) joined[joined.length - 1] += `\r\n${line}`;
      else joined.push(line);
    }
    expect(joined).toEqual(expected);
    const trickyLine = joined.find((l) => l.includes('Öztürk'))!;
    expect(trickyLine).toContain(`"Öztürk; ""der Ältere""\nZweite Zeile"`);
    expect(trickyLine).toContain(`'=HYPERLINK(""http://x"")`);
  });
});

/** @jest-environment node */
import { dbDriver } from '@/server/db/client';
import { prepareMembersExport, type ExportQuery, type ExportReader } from '@/server/services/members/member-export';
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * The members CSV export reads its rows in one of two ways: through a server-side cursor in one
 * transaction (PostgreSQL's default) or as batches of ids, a statement each (PGlite's default,
 * which may hold no transaction open while a client downloads). Both give the same file, byte for
 * byte, whatever the query and the batch size.
 */

describe.each(testDrivers())('members CSV export, cursor and batches, on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let federationCaller: number;
  let clubCaller: number;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein']));
    federationCaller = (await call(t.app, 'GET', '/api/v1/getUser', { token: tokens.verband })).body.mg_id;
    clubCaller = (await call(t.app, 'GET', '/api/v1/getUser', { token: tokens.verein })).body.mg_id;
    // a member whose cells need quoting, with a function beside the membership
    const tricky = await call(t.app, 'POST', '/api/v1/admin/member', {
      token: tokens.verein,
      json: {
        orgId: 11,
        firstName: '=SUMME(A1)',
        surname: 'Öztürk; "der Ältere"\nZweite',
        birthDate: '2012-02-29',
        gender: 'd',
        city: '+Wien',
      },
    });
    expect(tricky.status).toBe(201);
  });
  afterAll(() => closeApi({ tdb, t }));

  async function file(callerId: number, orgId: number, query: ExportQuery, batchSize: number, reader: ExportReader) {
    const chunks: string[] = [];
    const writeCsv = await prepareMembersExport({ db: tdb.db, clock: t.clock.now }, callerId, orgId, query, batchSize, reader);
    await writeCsv(async (chunk) => void chunks.push(chunk));
    return chunks;
  }

  it('reads through a cursor on PostgreSQL and in batches of ids on PGlite by default', () => {
    expect(dbDriver(tdb.db)).toBe(driver);
  });

  const base: Pick<ExportQuery, 'onlyInOrg' | 'excludeGroups' | 'lang'> = { onlyInOrg: false, excludeGroups: [6], lang: 'de' };
  const cases: Array<[string, 'federation' | 'club', number, ExportQuery]> = [
    ['every member of the federation by name', 'federation', 1, { ...base, sort: 'surname', dir: 'asc' }],
    ['the federation by birth date, newest first, in English', 'federation', 1, { ...base, sort: 'birthDate', dir: 'desc', lang: 'en' }],
    ['a club by town, nulls last', 'club', 11, { ...base, sort: 'city', dir: 'asc' }],
    ['a club, searched, every function shown', 'club', 11, { ...base, sort: 'surname', dir: 'desc', q: 'e', excludeGroups: [] }],
    ['a club, women with a licence only', 'club', 11, { ...base, sort: 'regNr', dir: 'asc', gender: 'w', licence: 'active' }],
  ];

  it.each(cases)('writes the same bytes both ways: %s', async (_name, who, orgId, query) => {
    const callerId = who === 'federation' ? federationCaller : clubCaller;
    const cursorSmall = await file(callerId, orgId, query, 7, 'cursor');
    const cursorWhole = await file(callerId, orgId, query, 1000, 'cursor');
    const batchesSmall = await file(callerId, orgId, query, 7, 'batches');
    const batchesWhole = await file(callerId, orgId, query, 1000, 'batches');
    const text = batchesWhole.join('');
    expect(text.split('\r\n').length).toBeGreaterThan(query.licence ? 2 : 4); // header, members, final line end
    expect(cursorSmall.join('')).toBe(text);
    expect(cursorWhole.join('')).toBe(text);
    expect(batchesSmall.join('')).toBe(text);
  });

  it("writes the cursor's rows a batch at a time, not all at once", async () => {
    const chunks = await file(federationCaller, 1, { ...base, sort: 'surname', dir: 'asc' }, 7, 'cursor');
    expect(chunks.length).toBeGreaterThan(5);
    // header, then batches of 7 members (the tricky member's surname holds one more line break)
    expect(chunks[1].split('\r\n').length - 1).toBeGreaterThanOrEqual(7);
    expect(chunks.slice(1, -1).every((c) => c.split('\r\n').length - 1 <= 8)).toBe(true);
  });

  it('leaves the database usable when the client goes away in the middle of the cursor', async () => {
    const writeCsv = await prepareMembersExport(
      { db: tdb.db, clock: t.clock.now },
      federationCaller,
      1,
      { ...base, sort: 'surname', dir: 'asc' },
      7,
      'cursor',
    );
    let writes = 0;
    await expect(
      writeCsv(async () => {
        if (++writes === 3) throw new Error('client gone');
      }),
    ).rejects.toThrow('client gone');
    const res = await call(t.app, 'GET', '/api/v1/admin/members/11?pageSize=5', { token: tokens.verein });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
  });
});

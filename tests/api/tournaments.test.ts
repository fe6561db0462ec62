/** @jest-environment node */
import { and, eq, gte, sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { addDays, addMonths, format } from 'date-fns';
import type { Db } from '@/server/db/client';
import { functionAssignments, members, tournaments } from '@/server/db/schema';
import { call, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';
import { PDF, png } from './helpers/sample-files';

/*
 * Tournaments as a club announces them and the federation approves them: every rule refused with
 * its field and reason, the first submission kept while the current copy changes, approve only by
 * the federation and once, nothing changes after a cancel, the payment status, comments, and the
 * public calendar feed read back with a calendar library.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CLUB = 11;
const OTHER_CLUB = 18;
const day = (d: Date) => format(d, 'yyyy-MM-dd');

describe.each(testDrivers())('tournaments on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let tokens: Record<string, string>;
  let refereeA: number;
  let refereeB: number;
  let plain: number;
  const today = new Date();
  const inDays = (n: number) => day(addDays(today, n));

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    tokens = Object.fromEntries(
      await Promise.all(['verein', 'verband', 'land', 'trainer'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])),
    );
    const holder = async (roleId: number) =>
      (
        await db
          .select({ id: functionAssignments.memberId })
          .from(functionAssignments)
          .where(
            and(
              eq(functionAssignments.roleId, roleId),
              gte(functionAssignments.dateTo, day(today)),
              sql`${functionAssignments.dateFrom} <= ${day(today)}`,
            ),
          )
          .limit(1)
      )[0]?.id;
    refereeA = await holder(20);
    refereeB = await holder(21);
    if (!refereeA || !refereeB) {
      // the small test seed may lack a referee: make two
      const [a, b] = (
        await db
          .select({ id: members.id })
          .from(members)
          .where(sql`${members.id} > 20`)
          .limit(2)
      ).map((m) => m.id);
      await db.insert(functionAssignments).values([
        { memberId: a, orgId: 4, roleId: 20, dateFrom: '2020-01-01', dateTo: '2999-12-31' },
        { memberId: b, orgId: 4, roleId: 21, dateFrom: '2020-01-01', dateTo: '2999-12-31' },
      ]);
      [refereeA, refereeB] = [a, b];
    }
    plain = (
      await db
        .select({ id: members.id })
        .from(members)
        .where(sql`${members.id} not in (select member_id from function_assignments where role_id in (20, 21))`)
        .limit(1)
    )[0].id;
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  const as = (who: string) => ({
    get: (url: string) => call(t.app, 'GET', url, { token: tokens[who] }),
    post: (url: string, json: Json) => call(t.app, 'POST', url, { token: tokens[who], json }),
    put: (url: string, json: Json) => call(t.app, 'PUT', url, { token: tokens[who], json }),
  });

  const valid = (over: Json = {}, params: Json = {}): Json => ({
    name: 'Herbstturnier',
    type: 1,
    start: inDays(40),
    end: inDays(41),
    openFrom: inDays(1),
    openTo: inDays(35),
    ...over,
    params: {
      location: 'Sporthalle',
      email: 'turnier@example.org',
      contactPerson: 'Eva Muster',
      discipline: 1,
      rule: 'WA Halle 18 m',
      divisions: ['Recurve', 'Compound'],
      gradeCodes: ['B'],
      ...params,
    },
  });
  const create = (body: Json, who = 'verein', org = CLUB) => as(who).post(`/api/v1/tournament/${org}`, body);
  const refusal = async (body: Json) => {
    const res = await create(body);
    return [res.status, res.body.error?.field, res.body.error?.rule];
  };

  it('lists the types with what they offer', async () => {
    const res = await as('trainer').get('/api/v1/tournament/types');
    expect(res.status).toBe(200);
    expect(res.body.map((x: Json) => x.param.filter)).toEqual([
      'Leistungssport',
      'Leistungssport 3D',
      'Leistungssport ÖSTM/ÖM',
      'Breitensport',
    ]);
    expect(res.body[1].param.disciplines).toEqual([4]);
  });

  it('offers referees: level A for main referee, A or B as referee', async () => {
    const list: Json[] = (await as('verein').get('/api/v1/tournament/referees')).body;
    expect(list.find((r) => r.id === refereeA)).toMatchObject({ level: 'A' });
    expect(list.find((r) => r.id === refereeB)).toMatchObject({ level: 'B' });
    expect(list.some((r) => r.id === plain)).toBe(false);
  });

  it('refuses each broken rule with its field and reason, and saves nothing', async () => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(tournaments))[0].n;
    expect(await refusal(valid({ start: inDays(-1) }))).toEqual([422, 'start', 'beforeToday']);
    const latest = day(addDays(addMonths(today, 24), -1));
    expect((await create(valid({ start: latest, end: latest, openTo: latest }))).status).toBe(201);
    const tooFar = day(addMonths(today, 24));
    expect(await refusal(valid({ start: tooFar, end: tooFar }))).toEqual([422, 'start', 'tooFarAhead']);
    expect(await refusal(valid({ end: inDays(39) }))).toEqual([422, 'end', 'endBeforeStart']);
    // Registration up to the day after the end, not later.
    expect((await create(valid({ openTo: inDays(42) }))).status).toBe(201);
    expect(await refusal(valid({ openTo: inDays(43) }))).toEqual([422, 'openTo', 'afterEvent']);
    expect(await refusal(valid({ openFrom: inDays(-3) }))).toEqual([422, 'openFrom', 'beforeToday']);
    expect(await refusal(valid({ type: 3 }))).toEqual([422, 'type', 'notOffered']);
    expect(await refusal(valid({}, { discipline: 4 }))).toEqual([422, 'params.discipline', 'notOffered']);
    expect(await refusal(valid({}, { divisions: [] }))).toEqual([422, 'params.divisions', 'required']);
    expect(await refusal(valid({}, { gradeCodes: ['Z'] }))).toEqual([422, 'params.gradeCodes', 'notOffered']);
    expect(await refusal(valid({}, { numberAnimals: 24 }))).toEqual([422, 'params.numberAnimals', 'only3D']);
    expect(await refusal(valid({}, { mainReferee: { id: refereeB } }))).toEqual([422, 'params.mainReferee', 'notARefereeA']);
    expect(await refusal(valid({}, { referees: [{ id: plain }] }))).toEqual([422, 'params.referees', 'notAReferee']);
    expect(await refusal(valid({}, { mainReferee: { id: refereeA }, referees: [{ id: refereeA }] }))).toEqual([
      422,
      'params.referees',
      'pickedTwice',
    ]);
    expect(await refusal(valid({}, { referees: [refereeA, refereeB, refereeA, refereeB].map((id) => ({ id })) }))).toEqual([
      422,
      'params.referees',
      'tooMany',
    ]);
    expect((await create(valid({}, { email: 'kein-mail' }))).status).toBe(422);
    expect((await create(valid({ name: '' }))).body.error.field).toBe('name');
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(tournaments))[0].n;
    expect(after).toBe(before + 2);
  });

  it('keeps the first submission while the club changes the current copy', async () => {
    const created = await create(
      valid({ name: 'Vergleichsturnier' }, { mainReferee: { id: refereeA, firstName: 'X', lastName: 'Y' }, referees: [{ id: refereeB }] }),
    );
    expect(created.status).toBe(201);
    const t0: Json = created.body;
    expect(t0).toMatchObject({ status: 'created', approved: null, orgId: CLUB, typeName: 'Leistungssport Halle/Freiluft/Feld' });
    // Names come from the member records, not from the client.
    expect(t0.params.mainReferee.firstName).not.toBe('X');
    // The answer goes back as it came, one field changed.
    const changed = await as('verein').put(`/api/v1/tournament/${CLUB}`, { ...t0, params: { ...t0.params, location: 'Freiluftplatz' } });
    expect(changed.status).toBe(200);
    const tuple = (await as('verband').get(`/api/v1/tournament/tuple/${t0.id}`)).body;
    expect(tuple.current.params.location).toBe('Freiluftplatz');
    expect(tuple.original.params.location).toBe('Sporthalle');
    // Stale, type change, another club.
    expect((await as('verein').put(`/api/v1/tournament/${CLUB}`, { ...t0, name: 'Alt' })).body.error.code).toBe('stale');
    const fresh = changed.body;
    expect((await as('verein').put(`/api/v1/tournament/${CLUB}`, { ...fresh, type: 4 })).body.error.rule).toBe('typeFixed');
    expect((await as('verein').get(`/api/v1/tournament/tuple/${t0.id}`)).status).toBe(200);
    expect((await as('land').get(`/api/v1/tournament/tuple/${t0.id}`)).status).toBe(403);
    // The club lists its own; the federation all; another club's list is not the club's.
    expect((await as('verein').get(`/api/v1/tournament/${CLUB}?q=Vergleich`)).body.items.map((x: Json) => x.id)).toEqual([t0.id]);
    expect((await as('verband').get('/api/v1/tournament/1?q=Vergleich')).body.total).toBe(1);
    expect((await as('verein').get(`/api/v1/tournament/${OTHER_CLUB}`)).status).toBe(403);
    // The CSV export: the same search, every page, German headers, byte-order mark.
    const csv = await as('verein').get(`/api/v1/tournament/${CLUB}/export.csv?q=Vergleich`);
    const bytes = new Uint8Array(await csv.raw.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await csv.raw.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Name;Veranstalter;Turnierart;Beginn;Ende;Anmeldung ab;Anmeldung bis;Ort;Disziplin;Regelwerk;Bogenklassen;Kontaktperson;E-Mail;Status;Zahlungsstatus',
    );
    expect(lines[1]).toMatch(
      /^Vergleichsturnier;BSV Wiener Neustadt;Leistungssport Halle\/Freiluft\/Feld;\d{2}\.\d{2}\.\d{4};.*;Freiluftplatz;Indoor;WA Halle 18 m;Recurve, Compound;Eva Muster;turnier@example.org;erstellt;$/,
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
    expect((await as('verein').get(`/api/v1/tournament/${OTHER_CLUB}/export.csv`)).status).toBe(403);
  });

  it('is approved by the federation only, once; a cancel ends every change', async () => {
    const t0: Json = (await create(valid({ name: 'Freigabeturnier' }))).body;
    expect((await as('verein').put(`/api/v1/tournament/${CLUB}/approve`, { id: t0.id })).status).toBe(403);
    const approved = await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id });
    expect([approved.status, approved.body.status, approved.body.approved]).toEqual([200, 'approved', true]);
    // The tournament fee is ordered for the club on approval, at the type's category price.
    expect(approved.body.order).toMatchObject({ status: 'Erstellt', total: 80, completed: null, invoiceNumber: null });
    const order = (await as('verein').get(`/api/v1/order/${CLUB}/${approved.body.order.id}`)).body;
    expect(order).toMatchObject({ ordercat: 'TURNIERGEBUEHR_LEISTUNGSSPORT', params: expect.objectContaining({ tournament: t0.id }) });
    // Released like any order: the tournament then shows it completed, with its invoice number.
    const released = await as('verband').put(`/api/v1/order/${CLUB}`, { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt });
    expect(released.status).toBe(200);
    const after = (await as('verein').get(`/api/v1/tournament/tuple/${t0.id}`)).body.current;
    expect(after.order.completed).not.toBeNull();
    expect(after.order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect((await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id })).body.error.code).toBe('already_approved');
    // A type without a fee category: no order.
    const free: Json = (
      await create(valid({ name: 'Breitensporttag', type: 4 }, { rule: 'Vereinsturnier', divisions: [], gradeCodes: [] }))
    ).body;
    expect((await as('verband').put('/api/v1/tournament/1/approve', { id: free.id })).body.order).toBeNull();
    expect((await as('verband').get('/api/v1/tournament/1?filter=erstellt&q=Freigabe')).body.total).toBe(0);

    expect((await as('verein').put(`/api/v1/tournament/${CLUB}/payed`, { id: t0.id, status: 'bezahlt' })).status).toBe(403);
    expect((await as('verband').put('/api/v1/tournament/1/payed', { id: t0.id, status: 'gratis' })).status).toBe(422);
    expect((await as('verband').put('/api/v1/tournament/1/payed', { id: t0.id, status: 'bezahlt' })).body.orderStatus).toBe('bezahlt');

    const canceled = await as('verein').put(`/api/v1/tournament/${CLUB}/cancel`, { id: t0.id });
    expect([canceled.status, canceled.body.status]).toEqual([200, 'canceled']);
    expect((await as('verein').put(`/api/v1/tournament/${CLUB}`, { ...canceled.body, name: 'Doch nicht' })).body.error.code).toBe(
      'tournament_canceled',
    );
    expect((await as('verein').put(`/api/v1/tournament/${CLUB}/cancel`, { id: t0.id })).body.error.code).toBe('tournament_canceled');
  });

  it("combines the type filters with 'erstellt' by AND: Leistungssport + erstellt lists only Leistungssport awaiting approval", async () => {
    const waiting: Json = (await create(valid({ name: 'Filterprobe Leistung' }))).body;
    const approved: Json = (await create(valid({ name: 'Filterprobe Leistung frei' }))).body;
    expect((await as('verband').put('/api/v1/tournament/1/approve', { id: approved.id })).status).toBe(200);
    const broad: Json = (
      await create(valid({ name: 'Filterprobe Breite', type: 4 }, { rule: 'Vereinsturnier', divisions: [], gradeCodes: [] }))
    ).body;
    const ids = async (filter: string) =>
      (await as('verband').get(`/api/v1/tournament/1?filter=${encodeURIComponent(filter)}&q=Filterprobe`)).body.items
        .map((x: Json) => x.id)
        .sort();
    expect(await ids('Leistungssport,erstellt')).toEqual([waiting.id]);
    expect(await ids('Breitensport,erstellt')).toEqual([broad.id]);
    // the types are alternatives: a tournament has one
    expect(await ids('Leistungssport,Breitensport')).toEqual([waiting.id, approved.id, broad.id].sort());
    expect(await ids('erstellt')).toEqual([waiting.id, broad.id].sort());
  });

  /** The feed's event of a tournament: summary, url, SEQUENCE (null when not in the feed). */
  async function feedEvent(id: number) {
    const res = await call(t.app, 'GET', '/api/v1/public/tournaments.ics');
    const vevent = new ICAL.Component(ICAL.parse(await res.raw.text()))
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === `tournament-${id}@tournaments.bogensport.example.org`);
    if (!vevent) return null;
    return {
      summary: vevent.getFirstPropertyValue('summary'),
      url: vevent.getFirstPropertyValue('url'),
      location: vevent.getFirstPropertyValue('location'),
      sequence: vevent.getFirstPropertyValue('sequence'),
      status: vevent.getFirstPropertyValue('status'),
    };
  }

  it("waits for the federation's approval before a club's change of an approved tournament goes public", async () => {
    const t0: Json = (await create(valid({ name: 'Sommerturnier' }, { linkToRegistration: 'https://bsv-wn.example.org/anmeldung' }))).body;
    const approved: Json = (await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id })).body;
    expect(approved.status).toBe('approved');
    expect(await feedEvent(t0.id)).toEqual({
      summary: 'Sommerturnier',
      url: 'https://bsv-wn.example.org/anmeldung',
      location: 'Sporthalle',
      sequence: 0,
      status: 'CONFIRMED',
    });

    // The club renames it and sends registrations elsewhere: changed, awaiting approval.
    const edited = await as('verein').put(`/api/v1/tournament/${CLUB}`, {
      ...approved,
      name: 'Sommerturnier NEU',
      params: { ...approved.params, linkToRegistration: 'https://anderswo.example.com/anmeldung' },
    });
    expect(edited.status).toBe(200);
    expect([edited.body.status, edited.body.approved]).toEqual(['changed', false]);
    // The public still sees the approved version, with the same SEQUENCE.
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Sommerturnier', url: 'https://bsv-wn.example.org/anmeldung', sequence: 0 });
    // The approval screen compares the approved version with the current one.
    const tuple = (await as('verband').get(`/api/v1/tournament/tuple/${t0.id}`)).body;
    expect(tuple.originalIs).toBe('approved');
    expect([tuple.original.name, tuple.original.params.linkToRegistration]).toEqual([
      'Sommerturnier',
      'https://bsv-wn.example.org/anmeldung',
    ]);
    expect([tuple.current.name, tuple.current.params.linkToRegistration, tuple.current.status]).toEqual([
      'Sommerturnier NEU',
      'https://anderswo.example.com/anmeldung',
      'changed',
    ]);
    expect(tuple.awaitingApproval).toEqual(['name', 'linkToRegistration']);
    // The approval screen's filter finds it among those awaiting approval.
    expect((await as('verband').get('/api/v1/tournament/1?filter=erstellt&q=Sommerturnier')).body.items.map((x: Json) => x.id)).toEqual([
      t0.id,
    ]);
    // The club cannot approve its own change.
    expect((await as('verein').put(`/api/v1/tournament/${CLUB}/approve`, { id: t0.id })).status).toBe(403);
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Sommerturnier', sequence: 0 });

    // The federation approves: the new version goes public with the next SEQUENCE; no second fee order.
    const again = await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id });
    expect([again.status, again.body.status, again.body.order.id]).toEqual([200, 'approved', approved.order.id]);
    expect(await feedEvent(t0.id)).toMatchObject({
      summary: 'Sommerturnier NEU',
      url: 'https://anderswo.example.com/anmeldung',
      sequence: 1,
    });
    const after = (await as('verband').get(`/api/v1/tournament/tuple/${t0.id}`)).body;
    expect([after.original.name, after.awaitingApproval]).toEqual(['Sommerturnier NEU', []]);
    expect((await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id })).body.error.code).toBe('already_approved');

    // A change only the federation and the club see (grade codes) needs no new approval.
    const internal = await as('verein').put(`/api/v1/tournament/${CLUB}`, {
      ...again.body,
      params: { ...again.body.params, gradeCodes: ['A'] },
    });
    expect(internal.body.status).toBe('approved');
    // A change back to the approved version undoes the "changed".
    const moved = await as('verein').put(`/api/v1/tournament/${CLUB}`, {
      ...internal.body,
      params: { ...internal.body.params, location: 'Halle Nord' },
    });
    expect(moved.body.status).toBe('changed');
    const back = await as('verein').put(`/api/v1/tournament/${CLUB}`, {
      ...moved.body,
      params: { ...moved.body.params, location: 'Sporthalle' },
    });
    expect(back.body.status).toBe('approved');
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Sommerturnier NEU', location: 'Sporthalle', sequence: 1 });

    // A cancellation is public at once, as the approved version with the next SEQUENCE.
    const pending = await as('verein').put(`/api/v1/tournament/${CLUB}`, { ...back.body, name: 'Sommerturnier (verschoben)' });
    expect(pending.body.status).toBe('changed');
    await as('verein').put(`/api/v1/tournament/${CLUB}/cancel`, { id: t0.id });
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'ABGESAGT: Sommerturnier NEU', status: 'CANCELLED', sequence: 2 });
  });

  it("publishes the federation's own change of an approved tournament at once", async () => {
    const t0: Json = (await create(valid({ name: 'Verbandskorrektur' }))).body;
    const approved: Json = (await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id })).body;
    const fixed = await as('verband').put('/api/v1/tournament/1', {
      ...approved,
      params: { ...approved.params, location: 'Sporthalle Ost' },
    });
    expect([fixed.status, fixed.body.status]).toEqual([200, 'approved']);
    expect(await feedEvent(t0.id)).toMatchObject({ location: 'Sporthalle Ost', sequence: 1 });
    // A club's pending change the federation saves over is published with its save.
    const club = await as('verein').put(`/api/v1/tournament/${CLUB}`, { ...fixed.body, name: 'Verbandskorrektur 2' });
    expect(club.body.status).toBe('changed');
    const saved = await as('verband').put('/api/v1/tournament/1', { ...club.body, params: { ...club.body.params, phone: '+43 1 234' } });
    expect(saved.body.status).toBe('approved');
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Verbandskorrektur 2', sequence: 2 });
    // A save that changes nothing the public sees keeps the SEQUENCE.
    await as('verband').put('/api/v1/tournament/1', { ...saved.body, params: { ...saved.body.params, gradeCodes: ['A'] } });
    expect(await feedEvent(t0.id)).toMatchObject({ sequence: 2 });
    // Never approved: the federation's save does not approve it (that is its own decision, with the fee order).
    const fresh: Json = (await create(valid({ name: 'Noch nicht freigegeben' }))).body;
    const notYet = await as('verband').put('/api/v1/tournament/1', { ...fresh, name: 'Noch immer nicht freigegeben' });
    expect([notYet.body.status, notYet.body.approved]).toEqual(['created', null]);
    expect(await feedEvent(fresh.id)).toBeNull();
  });

  it('keeps, for tournaments approved before, the version the calendar showed as the approved one', async () => {
    const t0: Json = (await create(valid({ name: 'Altbestand' }))).body;
    await as('verband').put('/api/v1/tournament/1/approve', { id: t0.id });
    // as the rows were before the approved version was kept
    await db.update(tournaments).set({ approvedSnapshot: null, publishedAt: null }).where(eq(tournaments.id, t0.id));
    const dir = path.join(process.cwd(), 'server/db/migrations');
    const file = readdirSync(dir).find((f) => f.endsWith('_tournament_approved_version.sql'))!;
    const fill = readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((x) => /^\s*(--.*\n\s*)*UPDATE/i.test(x))!;
    await db.execute(sql.raw(fill));
    const [row] = await db.select().from(tournaments).where(eq(tournaments.id, t0.id));
    expect(row.approvedSnapshot).toEqual({
      name: 'Altbestand',
      typeId: 1,
      start: t0.start,
      end: t0.end,
      openFrom: t0.openFrom,
      openTo: t0.openTo,
      params: row.params,
    });
    expect(row.publishedAt).not.toBeNull();
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Altbestand', sequence: 0 });
    // never approved ones keep none
    const never = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tournaments)
      .where(and(sql`${tournaments.approved} is null`, sql`${tournaments.approvedSnapshot} is not null`));
    expect(never[0].n).toBe(0);
  });

  it('keeps attachments: documents and pictures by content, served to signed-in users, removed again', async () => {
    const t0: Json = (await create(valid({ name: 'Anhangturnier' }))).body;
    const form = (bytes: Buffer, name: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(bytes)]), name);
      return data;
    };
    const upload = (who: string, body: FormData, org = CLUB) =>
      call(t.app, 'POST', `/api/v1/tournament/${org}/files/${t0.id}`, { token: tokens[who], body });
    const res = await upload('verein', form(PDF, 'Ausschreibung.pdf'));
    expect(res.status).toBe(200);
    expect(res.body.params.files).toEqual([{ name: 'Ausschreibung.pdf', url: expect.stringMatching(/^\/api\/v1\/uploads\?file=/) }]);
    expect((await upload('verein', form(png(), 'Lageplan.png'))).body.params.files).toHaveLength(2);
    expect((await upload('verein', form(Buffer.from('nur Text'), 'notiz.txt'))).status).toBe(415);
    expect((await upload('land', form(PDF, 'x.pdf'), 4)).status).toBe(403);
    // Served to any signed-in user (participants read the invitation).
    const file = await call(t.app, 'GET', res.body.params.files[0].url, { token: tokens.trainer });
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // A PUT of the answer keeps the attachments; files sent in it are ignored.
    const current: Json = (await as('verein').get(`/api/v1/tournament/tuple/${t0.id}`)).body.current;
    const put = await as('verein').put(`/api/v1/tournament/${CLUB}`, {
      ...current,
      params: { ...current.params, files: [{ name: 'fremd', url: 'https://evil.example' }] },
    });
    expect(put.body.params.files.map((f: Json) => f.name)).toEqual(['Ausschreibung.pdf', 'Lageplan.png']);
    const uuid = /[0-9a-f-]{36}/.exec(put.body.params.files[0].url)![0];
    const removed = await call(t.app, 'DELETE', `/api/v1/tournament/${CLUB}/files/${t0.id}/${uuid}`, { token: tokens.verein });
    expect(removed.body.params.files.map((f: Json) => f.name)).toEqual(['Lageplan.png']);
    expect((await call(t.app, 'GET', res.body.params.files[0].url, { token: tokens.trainer })).status).toBe(404);
  });

  it('keeps a conversation; an empty comment is refused', async () => {
    const t0: Json = (await create(valid({ name: 'Kommentarturnier' }))).body;
    expect((await as('verband').post(`/api/v1/tournament/1/comment/${t0.id}`, { comment: '  ' })).status).toBe(422);
    const res = await as('verband').post(`/api/v1/tournament/1/comment/${t0.id}`, { comment: 'Bitte Zeitplan ergänzen.' });
    expect(res.body.comment.messages).toEqual([
      expect.objectContaining({ content: 'Bitte Zeitplan ergänzen.', name: 'Elisabeth Wallner', user: 1 }),
    ]);
    expect(
      (await as('verein').post(`/api/v1/tournament/${CLUB}/comment/${t0.id}`, { comment: 'Erledigt.' })).body.comment.messages,
    ).toHaveLength(2);
  });

  it('publishes approved tournaments as a calendar a calendar library reads', async () => {
    const indoor: Json = (await create(valid({ name: 'Kalenderturnier Halle' }))).body;
    const field: Json = (await create(valid({ name: 'Kalenderturnier Feld' }, { discipline: 3, rule: 'WA Feld', divisions: ['Recurve'] })))
      .body;
    const hidden: Json = (await create(valid({ name: 'Nicht freigegeben' }))).body;
    for (const x of [indoor, field]) await as('verband').put('/api/v1/tournament/1/approve', { id: x.id });
    await as('verein').put(`/api/v1/tournament/${CLUB}/cancel`, { id: field.id });

    const res = await call(t.app, 'GET', '/api/v1/public/tournaments.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await res.raw.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const a = byUid.get(`tournament-${indoor.id}@tournaments.bogensport.example.org`)!;
    expect(a.summary).toBe('Kalenderturnier Halle');
    expect(a.startDate.toString()).toBe(indoor.start);
    expect(a.startDate.isDate).toBe(true);
    // all-day: the end is the day after the last day
    expect(a.endDate.toString()).toBe(day(addDays(new Date(`${indoor.end}T12:00:00Z`), 1)));
    expect(a.location).toBe('Sporthalle');
    const f = byUid.get(`tournament-${field.id}@tournaments.bogensport.example.org`)!;
    expect(f.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(events.some((e) => e.summary === 'Nicht freigegeben')).toBe(false);
    expect(hidden.approved).toBeNull();

    const fieldOnly = await call(t.app, 'GET', '/api/v1/public/tournaments.ics?discipline=3');
    const fieldEvents = new ICAL.Component(ICAL.parse(await fieldOnly.raw.text()))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(fieldEvents.map((e) => e.uid)).toContain(`tournament-${field.id}@tournaments.bogensport.example.org`);
    expect(fieldEvents.map((e) => e.uid)).not.toContain(`tournament-${indoor.id}@tournaments.bogensport.example.org`);
    // Another state association's feed does not have the demo club's (Lower Austria's) tournaments.
    const other = await call(t.app, 'GET', '/api/v1/public/tournaments.ics?state=7');
    expect(await other.raw.text()).not.toContain(`tournament-${indoor.id}@`);
    const own = await call(t.app, 'GET', '/api/v1/public/tournaments.ics?state=4');
    expect(await own.raw.text()).toContain(`tournament-${indoor.id}@`);
    expect((await call(t.app, 'GET', '/api/v1/public/tournaments.ics?discipline=9')).status).toBe(422);
  });
});

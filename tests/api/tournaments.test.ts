/** @jest-environment node */
import { and, eq, gte, sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { addDays, addMonths, format } from 'date-fns';
import type { Db } from '@/server/db/client';
import { functionAssignments, members, tournaments } from '@/server/db/schema';
import { uploadFileDoc } from '@/server/api/tournaments/routes';
import { answerOf, call, client, createTestApp, errorOf, refusalOf, signIn, type TestApp, uploadAnswer } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';
import { PDF, png } from './helpers/sample-files';

/*
 * Tournaments as a club announces them and the federation approves them: every rule refused with
 * its field and reason, the first submission kept while the current copy changes, approve only by
 * the federation and once, nothing changes after a cancel, the payment status, comments, and the
 * public calendar feed read back with a calendar library.
 */

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

  // Typed calls (hono/testing): paths, bodies and answers are checked against the route definitions.
  const v1 = (who?: string) => client(t, who && tokens[who]).api.v1;
  const tour = (who: string) => v1(who).tournament;
  type Tour = ReturnType<typeof tour>;
  type TournamentInput = Parameters<Tour[':orgId']['$post']>[0]['json'];
  type TournamentUpdate = Parameters<Tour[':orgId']['$put']>[0]['json'];
  type ListQuery = Parameters<Tour[':orgId']['$get']>[0]['query'];
  type PaymentStatus = Parameters<Tour[':orgId']['payed']['$put']>[0]['json']['status'];
  type FeedQuery = Parameters<ReturnType<typeof v1>['public']['tournaments.ics']['$get']>[0]['query'];
  const org = (id: number) => ({ orgId: String(id) });

  const valid = (
    over: Partial<Omit<TournamentInput, 'params'>> = {},
    params: Partial<TournamentInput['params']> = {},
  ): TournamentInput => ({
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
  const create = (body: TournamentInput, who = 'verein', orgId = CLUB) => tour(who)[':orgId'].$post({ param: org(orgId), json: body });
  /** A new tournament of the club, as the API answers it. */
  const created = async (body: TournamentInput) => answerOf(create(body), 201);
  const update = (who: string, orgId: number, json: TournamentUpdate) => tour(who)[':orgId'].$put({ param: org(orgId), json });
  const approve = (who: string, orgId: number, id: number) => tour(who)[':orgId'].approve.$put({ param: org(orgId), json: { id } });
  const cancel = (who: string, orgId: number, id: number) => tour(who)[':orgId'].cancel.$put({ param: org(orgId), json: { id } });
  const pay = (who: string, orgId: number, id: number, status: PaymentStatus) =>
    tour(who)[':orgId'].payed.$put({ param: org(orgId), json: { id, status } });
  const comment = (who: string, orgId: number, id: number, text: string) =>
    tour(who)[':orgId'].comment[':id'].$post({ param: { ...org(orgId), id: String(id) }, json: { comment: text } });
  const tupleOf = (who: string, id: number) => tour(who).tuple[':id'].$get({ param: { id: String(id) } });
  const list = (who: string, orgId: number, query: ListQuery = {}) => tour(who)[':orgId'].$get({ param: org(orgId), query });
  const feed = async (query: FeedQuery = {}) => v1().public['tournaments.ics'].$get({ query });
  const refusal = async (body: TournamentInput) => {
    const error = await refusalOf(create(body));
    return [error.status, error.field, error.rule];
  };

  it('lists the types with what they offer', async () => {
    const types = await answerOf(tour('trainer').types.$get(), 200);
    expect(types.map((x) => x.param.filter)).toEqual(['Leistungssport', 'Leistungssport 3D', 'Leistungssport ÖSTM/ÖM', 'Breitensport']);
    expect(types[1].param.disciplines).toEqual([4]);
  });

  it('offers referees: level A for main referee, A or B as referee', async () => {
    const list = await answerOf(tour('verein').referees.$get(), 200);
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
    expect((await refusalOf(create(valid({ name: '' })))).field).toBe('name');
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(tournaments))[0].n;
    expect(after).toBe(before + 2);
  });

  it('keeps the first submission while the club changes the current copy', async () => {
    const t0 = await created(
      valid({ name: 'Vergleichsturnier' }, { mainReferee: { id: refereeA, firstName: 'X', lastName: 'Y' }, referees: [{ id: refereeB }] }),
    );
    expect(t0).toMatchObject({ status: 'created', approved: null, orgId: CLUB, typeName: 'Leistungssport Halle/Freiluft/Feld' });
    // Names come from the member records, not from the client.
    expect(t0.params.mainReferee).toMatchObject({ id: refereeA });
    expect(t0.params.mainReferee?.firstName).not.toBe('X');
    // The answer goes back as it came, one field changed.
    const changed = await answerOf(update('verein', CLUB, { ...t0, params: { ...t0.params, location: 'Freiluftplatz' } }), 200);
    const tuple = await answerOf(tupleOf('verband', t0.id), 200);
    expect(tuple.current.params.location).toBe('Freiluftplatz');
    expect(tuple.original.params.location).toBe('Sporthalle');
    // Stale, type change, another club.
    expect((await refusalOf(update('verein', CLUB, { ...t0, name: 'Alt' }))).code).toBe('stale');
    expect((await refusalOf(update('verein', CLUB, { ...changed, type: 4 }))).rule).toBe('typeFixed');
    expect((await tupleOf('verein', t0.id)).status).toBe(200);
    expect((await tupleOf('land', t0.id)).status).toBe(403);
    // The club lists its own; the federation all; another club's list is not the club's.
    expect((await answerOf(list('verein', CLUB, { q: 'Vergleich' }), 200)).items.map((x) => x.id)).toEqual([t0.id]);
    expect((await answerOf(list('verband', 1, { q: 'Vergleich' }), 200)).total).toBe(1);
    expect((await list('verein', OTHER_CLUB)).status).toBe(403);
    // The CSV export: the same search, every page, German headers, byte-order mark.
    const exportCsv = (orgId: number, query: { q?: string } = {}) =>
      tour('verein')[':orgId']['export.csv'].$get({ param: org(orgId), query });
    const csv = await exportCsv(CLUB, { q: 'Vergleich' });
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe(
      'Name;Veranstalter;Turnierart;Beginn;Ende;Anmeldung ab;Anmeldung bis;Ort;Disziplin;Regelwerk;Bogenklassen;Kontaktperson;E-Mail;Status;Zahlungsstatus',
    );
    expect(lines[1]).toMatch(
      /^Vergleichsturnier;BSV Wiener Neustadt;Leistungssport Halle\/Freiluft\/Feld;\d{2}\.\d{2}\.\d{4};.*;Freiluftplatz;Indoor;WA Halle 18 m;Recurve, Compound;Eva Muster;turnier@example.org;erstellt;$/,
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
    expect((await exportCsv(OTHER_CLUB)).status).toBe(403);
  });

  it('is approved by the federation only, once; a cancel ends every change', async () => {
    const t0 = await created(valid({ name: 'Freigabeturnier' }));
    expect((await approve('verein', CLUB, t0.id)).status).toBe(403);
    const approved = await answerOf(approve('verband', 1, t0.id), 200);
    expect([approved.status, approved.approved]).toEqual(['approved', true]);
    // The tournament fee is ordered for the club on approval, at the type's category price.
    expect(approved.order).toMatchObject({ status: 'Erstellt', total: 80, completed: null, invoiceNumber: null });
    const orderPath = { ...org(CLUB), orderId: String(approved.order!.id) };
    const order = await answerOf(v1('verein').order[':orgId'][':orderId'].$get({ param: orderPath }), 200);
    expect(order).toMatchObject({ ordercat: 'TURNIERGEBUEHR_LEISTUNGSSPORT', params: expect.objectContaining({ tournament: t0.id }) });
    // Released like any order: the tournament then shows it completed, with its invoice number.
    const released = await v1('verband').order[':orgId'].$put({
      param: org(CLUB),
      json: { id: order.id, status: 'Freigegeben', updatedAt: order.updatedAt },
    });
    expect(released.status).toBe(200);
    const after = (await answerOf(tupleOf('verein', t0.id), 200)).current;
    expect(after.order).toMatchObject({ completed: expect.any(String), invoiceNumber: expect.stringMatching(/^\d{4}-\d{6}$/) });
    expect((await refusalOf(approve('verband', 1, t0.id))).code).toBe('already_approved');
    // A type without a fee category: no order.
    const free = await created(valid({ name: 'Breitensporttag', type: 4 }, { rule: 'Vereinsturnier', divisions: [], gradeCodes: [] }));
    expect((await answerOf(approve('verband', 1, free.id), 200)).order).toBeNull();
    expect((await answerOf(list('verband', 1, { filter: 'erstellt', q: 'Freigabe' }), 200)).total).toBe(0);

    expect((await pay('verein', CLUB, t0.id, 'bezahlt')).status).toBe(403);
    // A status not offered (deliberately outside the typed body).
    const notOffered = await call(t.app, 'PUT', '/api/v1/tournament/1/payed', {
      token: tokens.verband,
      json: { id: t0.id, status: 'gratis' },
    });
    expect([notOffered.status, errorOf(notOffered).field]).toEqual([422, 'status']);
    expect((await answerOf(pay('verband', 1, t0.id, 'bezahlt'), 200)).orderStatus).toBe('bezahlt');

    const canceled = await answerOf(cancel('verein', CLUB, t0.id), 200);
    expect(canceled.status).toBe('canceled');
    expect((await refusalOf(update('verein', CLUB, { ...canceled, name: 'Doch nicht' }))).code).toBe('tournament_canceled');
    expect((await refusalOf(cancel('verein', CLUB, t0.id))).code).toBe('tournament_canceled');
  });

  it("combines the type filters with 'erstellt' by AND: Leistungssport + erstellt lists only Leistungssport awaiting approval", async () => {
    const waiting = await created(valid({ name: 'Filterprobe Leistung' }));
    const approved = await created(valid({ name: 'Filterprobe Leistung frei' }));
    expect((await approve('verband', 1, approved.id)).status).toBe(200);
    const broad = await created(valid({ name: 'Filterprobe Breite', type: 4 }, { rule: 'Vereinsturnier', divisions: [], gradeCodes: [] }));
    const ids = async (filter: string) =>
      (await answerOf(list('verband', 1, { filter, q: 'Filterprobe' }), 200)).items.map((x) => x.id).sort();
    expect(await ids('Leistungssport,erstellt')).toEqual([waiting.id]);
    expect(await ids('Breitensport,erstellt')).toEqual([broad.id]);
    // the types are alternatives: a tournament has one
    expect(await ids('Leistungssport,Breitensport')).toEqual([waiting.id, approved.id, broad.id].sort());
    expect(await ids('erstellt')).toEqual([waiting.id, broad.id].sort());
  });

  /** The feed's event of a tournament: summary, url, SEQUENCE (null when not in the feed). */
  async function feedEvent(id: number) {
    const res = await feed();
    const vevent = new ICAL.Component(ICAL.parse(await res.text()))
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
    const t0 = await created(valid({ name: 'Sommerturnier' }, { linkToRegistration: 'https://bsv-wn.example.org/anmeldung' }));
    const approved = await answerOf(approve('verband', 1, t0.id), 200);
    expect(approved.status).toBe('approved');
    expect(await feedEvent(t0.id)).toEqual({
      summary: 'Sommerturnier',
      url: 'https://bsv-wn.example.org/anmeldung',
      location: 'Sporthalle',
      sequence: 0,
      status: 'CONFIRMED',
    });

    // The club renames it and sends registrations elsewhere: changed, awaiting approval.
    const edited = await answerOf(
      update('verein', CLUB, {
        ...approved,
        name: 'Sommerturnier NEU',
        params: { ...approved.params, linkToRegistration: 'https://anderswo.example.com/anmeldung' },
      }),
      200,
    );
    expect([edited.status, edited.approved]).toEqual(['changed', false]);
    // The public still sees the approved version, with the same SEQUENCE.
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Sommerturnier', url: 'https://bsv-wn.example.org/anmeldung', sequence: 0 });
    // The approval screen compares the approved version with the current one.
    const tuple = await answerOf(tupleOf('verband', t0.id), 200);
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
    expect((await answerOf(list('verband', 1, { filter: 'erstellt', q: 'Sommerturnier' }), 200)).items.map((x) => x.id)).toEqual([t0.id]);
    // The club cannot approve its own change.
    expect((await approve('verein', CLUB, t0.id)).status).toBe(403);
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Sommerturnier', sequence: 0 });

    // The federation approves: the new version goes public with the next SEQUENCE; no second fee order.
    const again = await answerOf(approve('verband', 1, t0.id), 200);
    expect([again.status, again.order!.id]).toEqual(['approved', approved.order!.id]);
    expect(await feedEvent(t0.id)).toMatchObject({
      summary: 'Sommerturnier NEU',
      url: 'https://anderswo.example.com/anmeldung',
      sequence: 1,
    });
    const after = await answerOf(tupleOf('verband', t0.id), 200);
    expect([after.original.name, after.awaitingApproval]).toEqual(['Sommerturnier NEU', []]);
    expect((await refusalOf(approve('verband', 1, t0.id))).code).toBe('already_approved');

    // A change only the federation and the club see (grade codes) needs no new approval.
    const internal = await answerOf(update('verein', CLUB, { ...again, params: { ...again.params, gradeCodes: ['A'] } }), 200);
    expect(internal.status).toBe('approved');
    // A change back to the approved version undoes the "changed".
    const moved = await answerOf(update('verein', CLUB, { ...internal, params: { ...internal.params, location: 'Halle Nord' } }), 200);
    expect(moved.status).toBe('changed');
    const back = await answerOf(update('verein', CLUB, { ...moved, params: { ...moved.params, location: 'Sporthalle' } }), 200);
    expect(back.status).toBe('approved');
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Sommerturnier NEU', location: 'Sporthalle', sequence: 1 });

    // A cancellation is public at once, as the approved version with the next SEQUENCE.
    const pending = await answerOf(update('verein', CLUB, { ...back, name: 'Sommerturnier (verschoben)' }), 200);
    expect(pending.status).toBe('changed');
    await answerOf(cancel('verein', CLUB, t0.id), 200);
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'ABGESAGT: Sommerturnier NEU', status: 'CANCELLED', sequence: 2 });
  });

  it("publishes the federation's own change of an approved tournament at once", async () => {
    const t0 = await created(valid({ name: 'Verbandskorrektur' }));
    const approved = await answerOf(approve('verband', 1, t0.id), 200);
    const fixed = await answerOf(update('verband', 1, { ...approved, params: { ...approved.params, location: 'Sporthalle Ost' } }), 200);
    expect(fixed.status).toBe('approved');
    expect(await feedEvent(t0.id)).toMatchObject({ location: 'Sporthalle Ost', sequence: 1 });
    // A club's pending change the federation saves over is published with its save.
    const club = await answerOf(update('verein', CLUB, { ...fixed, name: 'Verbandskorrektur 2' }), 200);
    expect(club.status).toBe('changed');
    const saved = await answerOf(update('verband', 1, { ...club, params: { ...club.params, phone: '+43 1 234' } }), 200);
    expect(saved.status).toBe('approved');
    expect(await feedEvent(t0.id)).toMatchObject({ summary: 'Verbandskorrektur 2', sequence: 2 });
    // A save that changes nothing the public sees keeps the SEQUENCE.
    await answerOf(update('verband', 1, { ...saved, params: { ...saved.params, gradeCodes: ['A'] } }), 200);
    expect(await feedEvent(t0.id)).toMatchObject({ sequence: 2 });
    // Never approved: the federation's save does not approve it (that is its own decision, with the fee order).
    const fresh = await created(valid({ name: 'Noch nicht freigegeben' }));
    const notYet = await answerOf(update('verband', 1, { ...fresh, name: 'Noch immer nicht freigegeben' }), 200);
    expect([notYet.status, notYet.approved]).toEqual(['created', null]);
    expect(await feedEvent(fresh.id)).toBeNull();
  });

  it('keeps, for tournaments approved before, the version the calendar showed as the approved one', async () => {
    const t0 = await created(valid({ name: 'Altbestand' }));
    await answerOf(approve('verband', 1, t0.id), 200);
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
    const t0 = await created(valid({ name: 'Anhangturnier' }));
    const form = (bytes: Buffer, name: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(bytes)]), name);
      return data;
    };
    /** A streamed upload (not in the typed client): its answer is checked with uploadAnswer, its refusals by status. */
    const upload = (who: string, body: FormData, orgId = CLUB) =>
      call(t.app, 'POST', `/api/v1/tournament/${orgId}/files/${t0.id}`, { token: tokens[who], body });
    const first = uploadAnswer(await upload('verein', form(PDF, 'Ausschreibung.pdf')), uploadFileDoc, 200);
    expect(first.params.files).toEqual([{ name: 'Ausschreibung.pdf', url: expect.stringMatching(/^\/api\/v1\/uploads\?file=/) }]);
    expect(uploadAnswer(await upload('verein', form(png(), 'Lageplan.png')), uploadFileDoc, 200).params.files).toHaveLength(2);
    expect((await upload('verein', form(Buffer.from('nur Text'), 'notiz.txt'))).status).toBe(415);
    expect((await upload('land', form(PDF, 'x.pdf'), 4)).status).toBe(403);
    // Served to any signed-in user (participants read the invitation): a download, fetched by the url answered.
    const file = await call(t.app, 'GET', first.params.files[0].url, { token: tokens.trainer });
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    // A PUT of the answer keeps the attachments; files sent in it are ignored.
    const current = (await answerOf(tupleOf('verein', t0.id), 200)).current;
    // (the answer's read-only `files`, changed: not a field the body declares)
    const foreignFiles = { ...current.params, files: [{ name: 'fremd', url: 'https://evil.example' }] };
    const put = await answerOf(update('verein', CLUB, { ...current, params: foreignFiles }), 200);
    expect(put.params.files.map((f) => f.name)).toEqual(['Ausschreibung.pdf', 'Lageplan.png']);
    const uuid = /[0-9a-f-]{36}/.exec(put.params.files[0].url)![0];
    const removed = await answerOf(
      tour('verein')[':orgId'].files[':id'][':uuid'].$delete({ param: { ...org(CLUB), id: String(t0.id), uuid } }),
      200,
    );
    expect(removed.params.files.map((f) => f.name)).toEqual(['Lageplan.png']);
    expect((await call(t.app, 'GET', first.params.files[0].url, { token: tokens.trainer })).status).toBe(404);
  });

  it('keeps a conversation; an empty comment is refused', async () => {
    const t0 = await created(valid({ name: 'Kommentarturnier' }));
    expect((await comment('verband', 1, t0.id, '  ')).status).toBe(422);
    const res = await answerOf(comment('verband', 1, t0.id, 'Bitte Zeitplan ergänzen.'), 200);
    expect(res.comment.messages).toEqual([
      expect.objectContaining({ content: 'Bitte Zeitplan ergänzen.', name: 'Elisabeth Wallner', user: 1 }),
    ]);
    expect((await answerOf(comment('verein', CLUB, t0.id, 'Erledigt.'), 200)).comment.messages).toHaveLength(2);
  });

  it('publishes approved tournaments as a calendar a calendar library reads', async () => {
    const indoor = await created(valid({ name: 'Kalenderturnier Halle' }));
    const field = await created(valid({ name: 'Kalenderturnier Feld' }, { discipline: 3, rule: 'WA Feld', divisions: ['Recurve'] }));
    const hidden = await created(valid({ name: 'Nicht freigegeben' }));
    for (const x of [indoor, field]) await answerOf(approve('verband', 1, x.id), 200);
    await answerOf(cancel('verein', CLUB, field.id), 200);

    const res = await feed();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
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

    const fieldOnly = await feed({ discipline: '3' });
    const fieldEvents = new ICAL.Component(ICAL.parse(await fieldOnly.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(fieldEvents.map((e) => e.uid)).toContain(`tournament-${field.id}@tournaments.bogensport.example.org`);
    expect(fieldEvents.map((e) => e.uid)).not.toContain(`tournament-${indoor.id}@tournaments.bogensport.example.org`);
    // Another state association's feed does not have the demo club's (Lower Austria's) tournaments.
    expect(await (await feed({ state: '7' })).text()).not.toContain(`tournament-${indoor.id}@`);
    expect(await (await feed({ state: '4' })).text()).toContain(`tournament-${indoor.id}@`);
    // A discipline that does not exist (deliberately outside the typed query).
    const unknown = await call(t.app, 'GET', '/api/v1/public/tournaments.ics?discipline=9');
    expect([unknown.status, errorOf(unknown).field]).toEqual([422, 'discipline']);
  });
});

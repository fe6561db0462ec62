/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { PERSON_REFERENCES } from '@/server/db/person-references';
import {
  auditEntries,
  erasedMembers,
  functionAssignments,
  members,
  messages,
  news,
  notifications,
  orderCategories,
  orderInvoices,
  orderItems,
  orders,
  passwordResetTokens,
  personReads,
  pushSubscriptions,
  sessions,
  tournaments,
  uploadedFiles,
} from '@/server/db/schema';
import { hashPassword } from '@/server/services/password-hash';
import { closeApi, openApi, callsWith } from './helpers/open-api';
import { call, DEMO_PASSWORD, signIn, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * A person's data rights: their export holds every row from every place of the person-reference
 * list; erasure shows its plan, refuses while an order is open or a function active, then deletes,
 * anonymises and keeps as the plan said, and afterwards the person is in no answer; invoices still
 * print, with the anonymous name; the data-protection officer reads who saw the record.
 */

const CLUB = 11;
const FIRST = 'Łukasz';
const SURNAME = 'Kovačević-Szőke';
const EMAIL = 'lukasz.privacy@example.org';

describe.each(testDrivers())('personal data rights on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let id: number;
  let releasedOrder: number;
  let openOrder: number;
  let tournamentId: number;
  let pictureUuid: string;
  let picturePath: string;
  let messageId: number;
  let newsId: number;
  let subjectToken: string;
  const as = (who: string) => callsWith(t, tokens[who]);

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'mitglied']));
    const db = tdb.db;
    const [m] = await db
      .insert(members)
      .values({
        firstName: FIRST,
        surname: SURNAME,
        birthDate: '1990-05-17',
        gender: 'm',
        email: EMAIL,
        phoneMobile: '+43 660 1234567',
        street: 'Geheimgasse',
        city: 'Wiener Neustadt',
        regNr: '7777001',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    id = m.id;
    // licence and membership history, ended; one function still active (refused until it ends)
    await db.insert(functionAssignments).values([
      { memberId: id, orgId: CLUB, roleId: 32, dateFrom: '2015-01-01', dateTo: '2024-12-31' },
      { memberId: id, orgId: CLUB, roleId: 29, dateFrom: '2024-01-01', dateTo: '2024-12-31' },
      { memberId: id, orgId: CLUB, roleId: 12, dateFrom: '2020-01-01', dateTo: '2999-12-31' },
    ]);
    const [cat] = await db.select().from(orderCategories).where(like(orderCategories.cat, 'JAHRESLIZENZ_%')).limit(2);
    const [cat2] = await db.select().from(orderCategories).where(like(orderCategories.cat, 'ABZEICHEN%')).limit(1);
    const comment = {
      user: id,
      name: `${FIRST} ${SURNAME}`,
      content: 'Bitte an meine Privatadresse',
      uuid: null,
      timestamp: '2024-02-01T10:00:00Z',
    };
    const [o] = await db
      .insert(orders)
      .values({
        orgId: CLUB,
        category: cat.cat,
        status: 'Freigegeben',
        completed: '2024-03-01',
        totalCents: 5000,
        createdBy: id,
        comments: [comment],
        invoiceNumber: '2024-990001',
      })
      .returning();
    releasedOrder = o.id;
    await db.insert(orderItems).values({ orderId: o.id, category: cat.cat, memberId: id, priceCents: 5000 });
    await db.insert(orderInvoices).values({
      orderId: o.id,
      kind: 'invoice',
      number: '2024-990001',
      issuedOn: '2024-03-01',
      grossCents: 5000,
      netCents: 5000,
      lines: [{ text: `Jahreslizenz 2024: ${FIRST} ${SURNAME}`, grossCents: 5000 }],
    });
    const [open] = await db.insert(orders).values({ orgId: CLUB, category: cat2.cat, status: 'Erstellt', totalCents: 500 }).returning();
    openOrder = open.id;
    await db.insert(orderItems).values({ orderId: open.id, category: cat2.cat, memberId: id, priceCents: 500 });
    // a tournament role
    const [tour] = await db.select().from(tournaments).limit(1);
    tournamentId = tour.id;
    await db
      .update(tournaments)
      .set({
        params: { ...tour.params, referees: [...(tour.params.referees ?? []), { id, firstName: FIRST, lastName: SURNAME }] },
        comments: [...tour.comments, comment],
        // the contact person and range commanders are names as typed, not member references
        original: { ...tour.original, params: { ...tour.original.params, contactPerson: `${FIRST.toUpperCase()} ${SURNAME}` } },
      })
      .where(eq(tournaments.id, tour.id));
    await db.execute(
      sql`update tournaments set params = params || ${JSON.stringify({
        contactPerson: `${FIRST} ${SURNAME}`,
        rangeCommanders: [
          { firstName: 'Ria', lastName: 'Bleibt' },
          { firstName: FIRST, lastName: SURNAME },
        ],
      })}::jsonb where id = ${tour.id}`,
    );
    // a message received, an article written
    const [msg] = await db.select().from(messages).where(eq(messages.orgId, CLUB)).limit(1);
    messageId = msg.id;
    await db
      .insert(notifications)
      .values({ memberId: id, messageId: msg.id, orgId: CLUB, title: msg.title, body: 'Hallo Łukasz', sortName: 'kovacevic' });
    const [article] = await db.insert(news).values({ orgId: CLUB, title: 'Vereinsausflug', createdBy: id }).returning();
    newsId = article.id;
    // a picture on disk
    pictureUuid = randomUUID();
    const stored = `member_image/2026/01/${pictureUuid}.png`;
    picturePath = path.join(t.env.uploadDir, stored);
    mkdirSync(path.dirname(picturePath), { recursive: true });
    writeFileSync(picturePath, Buffer.from('89504e470d0a1a0a-privacy-test'));
    await db.insert(uploadedFiles).values({
      uuid: pictureUuid,
      ownerType: 'member_image',
      ownerId: id,
      originalName: 'ich.png',
      storedPath: stored,
      mime: 'image/png',
      size: 30,
      uploadedBy: id,
    });
    await db.update(members).set({ uuid: pictureUuid }).where(eq(members.id, id));
    await db
      .insert(pushSubscriptions)
      .values({ memberId: id, endpoint: `https://push.example.org/${id}`, p256dh: 'key', auth: 'push-auth-7f3a' });
    await db
      .insert(passwordResetTokens)
      .values({ memberId: id, tokenHash: `hash-${id}`, email: EMAIL, expiresAt: new Date(Date.now() + 3600_000) });
    await db.insert(auditEntries).values({
      actorId: 1,
      entity: 'member',
      entityId: String(id),
      action: 'update',
      changes: { email: { before: 'alt@example.org', after: EMAIL } },
    });
    // a duplicate check that identified the person records the name typed in
    await db.insert(auditEntries).values({
      actorId: 2,
      entity: 'memberLookup',
      entityId: '2',
      action: 'lookup',
      changes: {
        firstName: { before: null, after: FIRST },
        surname: { before: null, after: SURNAME },
        identified: { before: null, after: [id] },
      },
    });
    // a duplicate check with the person's name that identified nobody (a different birth date)
    await db.insert(auditEntries).values({
      actorId: 2,
      entity: 'memberLookup',
      entityId: '2',
      action: 'lookup',
      changes: {
        firstName: { before: null, after: FIRST.toLowerCase() },
        surname: { before: null, after: SURNAME },
        birthYear: { before: null, after: 1991 },
        identified: { before: null, after: [] },
      },
    });
    // a mistyped password: failed sign-ins are kept under the address tried
    expect((await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: EMAIL, password: 'falsch-123456' } })).status).toBe(401);
    subjectToken = await signIn(t.app, EMAIL);
  });
  afterAll(() => closeApi({ tdb, t }));

  it('exports every row about the person from every place of the list (counted in the database per place)', async () => {
    const res = await as('verband').get(`/api/v1/admin/members/${id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="personendaten-\d+-\d{4}-\d{2}-\d{2}\.json"/);
    const data = res.body;
    expect(Object.keys(data.places).sort()).toEqual(PERSON_REFERENCES.map((r) => r.key).sort());
    for (const ref of PERSON_REFERENCES) {
      if (ref.how !== 'foreign-key' && ref.how !== 'plain-id') continue;
      const counted = await tdb.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} = ${id}`,
      );
      // the export's own read is recorded once the export is made
      const ownRead = ref.key === 'person_reads.member_id' ? 1 : 0;
      expect([ref.key, data.places[ref.key].length]).toEqual([ref.key, Number(counted.rows[0].n) - ownRead]);
    }
    // the places this person fills
    for (const key of [
      'function_assignments.member_id',
      'order_items.member_id',
      'notifications.member_id',
      'push_subscriptions.member_id',
      'sessions.member_id',
      'password_reset_tokens.member_id',
      'news.created_by',
      'orders.created_by',
      'uploaded_files.owner_id',
      'audit_entries.entity_id',
      'tournaments.params',
      'tournaments.comments',
      'orders.comments',
      'order_invoices.lines',
    ]) {
      expect([key, data.places[key].length > 0]).toEqual([key, true]);
    }
    expect(data.person).toMatchObject({ id, firstName: FIRST, surname: SURNAME, email: EMAIL, canSignIn: true });
    expect(data.person.passwordHash).toBeUndefined();
    const text = JSON.stringify(data);
    expect(text).not.toContain('push-auth-7f3a'); // the push subscription's auth key
    expect(text).not.toContain(`hash-${id}`); // the reset token's hash
    // named by member id as referee, and by name as contact person and range commander
    expect(data.places['tournaments.params'].map((r: { tournamentId: number; role: string }) => [r.tournamentId, r.role])).toEqual([
      [tournamentId, 'referee'],
      [tournamentId, 'contactPerson'],
      [tournamentId, 'rangeCommander'],
    ]);
    expect(data.places['tournaments.original'].map((r: { role: string }) => r.role)).toEqual(['contactPerson']);
    expect(data.places['order_invoices.lines'][0].lines).toEqual([{ text: `Jahreslizenz 2024: ${FIRST} ${SURNAME}`, grossCents: 5000 }]);
  });

  it('is audited (who exported whom, no data) and counted as a read', async () => {
    const [entry] = await tdb.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'member'), eq(auditEntries.entityId, String(id)), eq(auditEntries.action, 'export')));
    expect(entry).toMatchObject({ actorId: 1, changes: {} });
    const reads = await tdb.db.select().from(personReads).where(eq(personReads.memberId, id));
    expect(reads.map((r) => [r.readBy, r.kind])).toContainEqual([1, 'export']);
  });

  it('gives the readable PDF (names with č, ł, ő as text) and a ZIP with JSON, PDF and the pictures', async () => {
    const pdf = await t.app.request(`/api/v1/admin/members/${id}/export?format=pdf`, {
      headers: { authorization: `Bearer ${tokens.verband}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'privacy-pdf-'));
    writeFileSync(path.join(dir, 'a.pdf'), bytes);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'a.pdf'), '-']).toString();
    expect(text).toContain('Auskunft über gespeicherte Daten');
    expect(text).toContain(SURNAME);
    expect(text).toContain(FIRST);

    const zip = await t.app.request(`/api/v1/admin/members/${id}/export?format=zip`, {
      headers: { authorization: `Bearer ${tokens.verband}` },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const names = Object.keys(files);
    expect(names.filter((n) => n.endsWith('.json'))).toHaveLength(1);
    expect(names.filter((n) => n.endsWith('.pdf'))).toHaveLength(1);
    expect(names).toContain(`dateien/${pictureUuid}-ich.png`);
    expect(strFromU8(files[`dateien/${pictureUuid}-ich.png`])).toContain('privacy-test');
    expect(JSON.parse(strFromU8(files[names.find((n) => n.endsWith('.json'))!])).person.id).toBe(id);
  });

  it("gives the person their own export from the profile, and nobody else's", async () => {
    const own = await call(t.app, 'GET', '/api/v1/profile/export', { token: subjectToken });
    expect(own.status).toBe(200);
    expect(own.body.person.id).toBe(id);
    const plain = await as('mitglied').get('/api/v1/profile/export');
    expect(plain.body.person.id).not.toBe(id);
    // the admin export is the federation's
    expect((await as('verein').get(`/api/v1/admin/members/${id}/export`)).status).toBe(403);
    expect((await as('land').get(`/api/v1/admin/members/${id}/export`)).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/v1/admin/members/${id}/export`, { token: subjectToken })).status).toBe(403);
    expect((await as('verband').get('/api/v1/admin/members/999999/export')).status).toBe(404);
  });

  it('records reads of the member card and of person-search answers with contact data; the data-protection officer reads them', async () => {
    expect((await as('verband').get(`/api/v1/admin/member/1/${id}`)).status).toBe(200);
    const found = await as('verband').get(`/api/v1/admin/persons/search?org=1&q=${encodeURIComponent(SURNAME)}`);
    expect(found.body.items.map((p: { id: number }) => p.id)).toContain(id);
    const trail = await as('verband').get(`/api/v1/admin/members/${id}/reads`);
    expect(trail.status).toBe(200);
    const kinds = trail.body.items.map((r: { kind: string }) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['member_card', 'person_search', 'export']));
    expect(trail.body.items[0]).toMatchObject({ readBy: 1, readerName: expect.any(String) });
    expect(JSON.stringify(trail.body)).not.toContain(EMAIL);
    // the export lists them
    const again = await as('verband').get(`/api/v1/admin/members/${id}/export`);
    expect(again.body.places['person_reads.member_id'].map((r: { kind: string }) => r.kind)).toEqual(
      expect.arrayContaining(['member_card', 'person_search']),
    );
    // only the federation's data-protection officer
    expect((await as('verein').get(`/api/v1/admin/members/${id}/reads`)).status).toBe(403);
    expect((await as('land').get(`/api/v1/admin/members/${id}/reads`)).status).toBe(403);
    await tdb.db.execute(sql`update function_assignments set date_to = '2000-01-01' where member_id = 1 and role_id = 1007`);
    try {
      expect((await as('verband').get(`/api/v1/admin/members/${id}/reads`)).status).toBe(403);
    } finally {
      await tdb.db.execute(
        sql`update function_assignments set date_to = '2999-12-31' where member_id = 1 and role_id = 1007 and date_to = '2000-01-01'`,
      );
    }
  });

  it('lets the data-protection officer alone (1007) find the person and read the trail, and nothing more', async () => {
    const db = tdb.db;
    const [dpo] = await db
      .insert(members)
      .values({
        firstName: 'Daniela',
        surname: 'Datenschutz',
        birthDate: '1980-02-03',
        gender: 'w',
        email: 'dpo.privacy@example.org',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    await db.insert(functionAssignments).values({ memberId: dpo.id, orgId: 1, roleId: 1007, dateFrom: '2020-01-01', dateTo: '2999-12-31' });
    const officer = callsWith(t, await signIn(t.app, 'dpo.privacy@example.org'));
    // finds the person by name (accents aside) and registration number, with nothing of their address or contact data
    const found = await officer.get(`/api/v1/admin/privacy/persons?q=${encodeURIComponent('kovacevic lukasz')}`);
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([
      { id, firstName: FIRST, surname: SURNAME, birthYear: 1990, regNr: '7777001', organisations: [expect.any(String)] },
    ]);
    expect((await officer.get('/api/v1/admin/privacy/persons?q=7777001')).body.items.map((p: { id: number }) => p.id)).toEqual([id]);
    const one = await officer.get(`/api/v1/admin/privacy/persons/${id}`);
    expect(one.status).toBe(200);
    for (const text of [JSON.stringify(found.body), JSON.stringify(one.body)]) {
      for (const secret of [EMAIL, 'Geheimgasse', '660 1234567', pictureUuid]) expect(text).not.toContain(secret);
    }
    // the search is no read of the record (it shows no contact data)
    const readsBefore = await db.select().from(personReads).where(eq(personReads.memberId, id));
    expect(readsBefore.some((r) => r.readBy === dpo.id)).toBe(false);
    // reads the trail
    const trail = await officer.get(`/api/v1/admin/members/${id}/reads`);
    expect(trail.status).toBe(200);
    expect(trail.body.items.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(['member_card', 'export']));
    // neither exports, erases, edits nor opens the member card or the member lists
    expect((await officer.get(`/api/v1/admin/members/${id}/export`)).status).toBe(403);
    expect((await officer.post(`/api/v1/admin/members/${id}/erase`, { dryRun: true })).status).toBe(403);
    expect((await officer.post(`/api/v1/admin/members/${id}/erase`, { dryRun: false })).status).toBe(403);
    expect((await officer.get(`/api/v1/admin/member/1/${id}`)).status).toBe(403);
    expect((await officer.get('/api/v1/admin/members?q=Kova')).status).toBe(403);
    expect((await officer.get(`/api/v1/admin/persons/search?org=1&q=${encodeURIComponent(SURNAME)}`)).status).toBe(403);
    const [before] = await db.select().from(members).where(eq(members.id, id));
    const change = {
      id,
      updatedAt: before.updatedAt,
      orgId: 1,
      firstName: 'Geändert',
      surname: before.surname,
      birthDate: before.birthDate,
      gender: before.gender,
      email: before.email,
      city: 'Baden',
    };
    expect((await officer.put('/api/v1/admin/member', change)).status).toBe(403);
    expect((await officer.del(`/api/v1/admin/member/${id}/two_factor`)).status).toBe(403);
    expect((await officer.get(`/api/v1/admin/audit?entity=member&id=${id}`)).status).toBe(403);
    const [after] = await db.select().from(members).where(eq(members.id, id));
    expect(after.surname).toBe(SURNAME);
    // and nobody else uses the officer's search: federation staff without 1007, a club, the person
    expect((await as('verein').get('/api/v1/admin/privacy/persons?q=kovacevic')).status).toBe(403);
    expect((await as('land').get(`/api/v1/admin/privacy/persons/${id}`)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/admin/privacy/persons?q=kovacevic', { token: subjectToken })).status).toBe(403);
    await db.execute(sql`update function_assignments set date_to = '2000-01-01' where member_id = 1 and role_id = 1007`);
    try {
      expect((await as('verband').get('/api/v1/admin/privacy/persons?q=kovacevic')).status).toBe(403);
    } finally {
      await db.execute(
        sql`update function_assignments set date_to = '2999-12-31' where member_id = 1 and role_id = 1007 and date_to = '2000-01-01'`,
      );
    }
    // an unknown person
    expect((await officer.get('/api/v1/admin/privacy/persons/999999')).status).toBe(404);
  });

  it('plans the erasure and refuses it while an order is open or a function active, changing nothing', async () => {
    const plan = await as('verband').post(`/api/v1/admin/members/${id}/erase`, { dryRun: true });
    expect(plan.status).toBe(200);
    expect(plan.body.allowed).toBe(false);
    expect(plan.body.refusals.map((r: { code: string }) => r.code).sort()).toEqual(['active_function', 'open_order']);
    // codes and parameters the screen words itself; the English sentence for people and logs
    const refusal = (code: string) => plan.body.refusals.find((r: { code: string }) => r.code === code);
    expect(refusal('open_order').params).toEqual({ orderId: openOrder, category: expect.stringMatching(/^ABZEICHEN/) });
    expect(refusal('open_order').message).toContain(String(openOrder));
    expect(refusal('active_function').params).toEqual({
      roleId: 12,
      roleName: expect.any(String),
      orgId: CLUB,
      orgName: expect.any(String),
      dateTo: '2999-12-31',
    });
    const refused = await as('verband').post(`/api/v1/admin/members/${id}/erase`, { dryRun: false });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('erasure_refused');
    expect(refused.body.error.value.map((r: { code: string; params: object }) => [r.code, r.params])).toEqual(
      expect.arrayContaining([['open_order', { orderId: openOrder, category: expect.any(String) }]]),
    );
    const [still] = await tdb.db.select().from(members).where(eq(members.id, id));
    expect(still.surname).toBe(SURNAME);
    expect((await as('verein').post(`/api/v1/admin/members/${id}/erase`, { dryRun: true })).status).toBe(403);
  });

  it('shows what goes, what stays anonymised and what the law keeps until when', async () => {
    await tdb.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, openOrder));
    await tdb.db.execute(sql`update function_assignments set date_to = ${'2025-06-30'} where member_id = ${id} and role_id = 12`);
    const plan = await as('verband').post(`/api/v1/admin/members/${id}/erase`, { dryRun: true });
    expect(plan.body).toMatchObject({ allowed: true, refusals: [], dryRun: true, erasedAt: null });
    const item = (place: string) => plan.body.plan.find((p: { place: string }) => p.place === place);
    expect(item('members')).toMatchObject({ action: 'anonymise', rows: 1 });
    expect(item('order_invoices.lines')).toMatchObject({ action: 'keep', rows: 1, keptUntil: '2031-12-31' });
    expect(item('order_items.member_id')).toMatchObject({ action: 'keep', rows: 2 });
    expect(item('function_assignments.member_id')).toMatchObject({ action: 'anonymise', rows: 3 });
    expect(item('tournaments.params')).toMatchObject({ action: 'anonymise', rows: 3 });
    expect(item('uploaded_files.owner_id')).toMatchObject({ action: 'delete', rows: 1 });
    expect(item('sessions.member_id').action).toBe('delete');
    expect(item('notifications.member_id')).toMatchObject({ action: 'delete', rows: 1 });
    expect(plan.body.plan).toHaveLength(PERSON_REFERENCES.length + 1);
    expect(existsSync(picturePath)).toBe(true);
  });

  it('erases in one go: login, sessions, devices, pictures, documents, inbox and free text gone; history anonymised; the audit keeps no value', async () => {
    const res = await as('verband').post(`/api/v1/admin/members/${id}/erase`, { dryRun: false });
    expect(res.status).toBe(200);
    expect(res.body.erasedAt).toEqual(expect.any(String));
    const db = tdb.db;
    const [m] = await db.select().from(members).where(eq(members.id, id));
    expect(m).toMatchObject({
      firstName: 'Anonym',
      surname: `#${id}`,
      birthDate: '1990-01-01',
      gender: 'm',
      email: null,
      passwordHash: null,
      phoneMobile: null,
      street: null,
      regNr: null,
      uuid: null,
    });
    expect(await db.select().from(sessions).where(eq(sessions.memberId, id))).toEqual([]);
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, id))).toEqual([]);
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.memberId, id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.memberId, id))).toEqual([]);
    expect(await db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, id))).toEqual([]);
    expect(existsSync(picturePath)).toBe(false);
    // history on the anonymous record (birth year, gender, club)
    expect((await db.select().from(functionAssignments).where(eq(functionAssignments.memberId, id))).map((a) => a.orgId)).toEqual([
      CLUB,
      CLUB,
      CLUB,
    ]);
    const [tour] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    expect(tour.params.referees).toContainEqual({ id, firstName: 'Anonym', lastName: `#${id}` });
    expect(JSON.stringify(tour)).not.toContain(SURNAME);
    const [order] = await db.select().from(orders).where(eq(orders.id, releasedOrder));
    expect(order.comments).toEqual([]);
    expect(order.createdBy).toBe(id);
    const [article] = await db.select().from(news).where(eq(news.id, newsId));
    expect(article.createdBy).toBeNull();
    // the audit trail: that it happened, never the values
    const trail = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'member'), eq(auditEntries.entityId, String(id))));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['update', 'export', 'erase']));
    expect(JSON.stringify(trail)).not.toContain(EMAIL);
    expect(JSON.stringify(trail)).not.toContain('alt@example.org');
    expect(trail.find((e) => e.action === 'update')!.changes).toEqual({ email: { before: null, after: null } });
    const lookups = await db.select().from(auditEntries).where(eq(auditEntries.entity, 'memberLookup'));
    expect(JSON.stringify(lookups)).not.toContain(SURNAME);
    expect(await db.select().from(erasedMembers).where(eq(erasedMembers.memberId, id))).toEqual([
      expect.objectContaining({ reason: 'erasure', erasedBy: 1 }),
    ]);
  });

  it('leaves the erased name in no text of the database: every text, json and array column of every table scanned', async () => {
    const columns = await tdb.db.execute(sql`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      order by table_name, column_name`);
    expect(columns.rows.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { t: table, c: column } of columns.rows as Array<{ t: string; c: string }>) {
      for (const needle of [SURNAME, EMAIL, 'Geheimgasse', '660 1234567']) {
        const hit = await tdb.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
        );
        if (Number(hit.rows[0].n) > 0) found.push(`${table}.${column}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
    // what named someone else stays
    const [tour] = await tdb.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    expect(tour.params.rangeCommanders).toEqual([
      { firstName: 'Ria', lastName: 'Bleibt' },
      { firstName: 'Anonym', lastName: `#${id}` },
    ]);
    expect(tour.params.contactPerson).toBe(`Anonym #${id}`);
    expect(tour.original.params.contactPerson).toBe(`Anonym #${id}`);
    // the login is gone (the attempt is recorded anew under the address tried)
    expect((await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: EMAIL, password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/profile/export', { token: subjectToken })).status).toBe(401);
  });

  it('leaves the erased person out of every answer: lists, search, person search, member card, messages status, exports', async () => {
    const v = as('verband');
    const mentions = (body: unknown) => {
      const text = JSON.stringify(body);
      return text.includes(SURNAME) || text.includes(`"id":${id},`) || text.includes(`"memberId":${id},`) || text.includes(`#${id}`);
    };
    for (const url of [
      '/api/v1/admin/members?q=Anonym&pageSize=100',
      `/api/v1/admin/members?q=${encodeURIComponent(SURNAME)}`,
      '/api/v1/admin/members/search?name=Anonym',
      `/api/v1/admin/members/${CLUB}?q=Anonym`,
      '/api/v1/admin/persons/search?org=1&q=Anonym&former=true',
      `/api/v1/admin/persons/search?org=${CLUB}&q=Anonym&former=true`,
      `/api/v1/admin/messages/${messageId}/status`,
      '/api/v1/public/news/11',
    ]) {
      const res = await v.get(url);
      expect([url, res.status < 500]).toEqual([url, true]);
      expect([url, mentions(res.body)]).toEqual([url, false]);
    }
    expect((await v.get(`/api/v1/admin/member/1/${id}`)).status).toBe(404);
    expect((await v.get(`/api/v1/admin/privacy/persons/${id}`)).status).toBe(404);
    for (const q of ['Anonym', SURNAME]) {
      const res = await v.get(`/api/v1/admin/privacy/persons?q=${encodeURIComponent(q)}&size=100`);
      expect(res.status).toBe(200);
      expect(mentions(res.body)).toBe(false);
    }
    expect((await v.get(`/api/v1/admin/members/${id}/export`)).status).toBe(404);
    expect((await v.get(`/api/v1/admin/members/${id}/reads`)).status).toBe(404);
    expect((await v.post(`/api/v1/admin/members/${id}/erase`, { dryRun: true })).status).toBe(404);
    const csv = await t.app.request('/api/v1/admin/members/1/export.csv?q=Anonym', {
      headers: { authorization: `Bearer ${tokens.verband}` },
    });
    const csvText = await csv.text();
    expect(csv.status).toBe(200);
    expect(csvText).not.toContain(`#${id}`);
    expect(csvText).not.toContain(SURNAME);
  });

  it('still prints the invoice, with the anonymous name', async () => {
    const res = await t.app.request(`/api/v1/reports/invoice?order=${releasedOrder}`, {
      headers: { authorization: `Bearer ${tokens.verband}` },
    });
    expect(res.status).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'privacy-invoice-'));
    writeFileSync(path.join(dir, 'i.pdf'), Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'i.pdf'), '-']).toString();
    expect(text).toContain('2024-990001');
    expect(text).toContain(`Jahreslizenz 2024: Anonym #${id}`);
    expect(text).not.toContain(SURNAME);
    const [inv] = await tdb.db.select().from(orderInvoices).where(eq(orderInvoices.orderId, releasedOrder));
    expect(inv.grossCents).toBe(5000);
  });

  it('keeps the reads of the record for the officer', async () => {
    const reads = await tdb.db.select().from(personReads).where(eq(personReads.memberId, id));
    expect(reads.map((r) => r.kind)).toEqual(expect.arrayContaining(['member_card', 'person_search', 'export']));
  });
});

/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { DUPLICATE_CHECK_SCOPE } from '@/server/services/members/duplicates';
import { auditEntries, functionAssignments, memberImportRows, memberImports, members, rateLimitHits } from '@/server/db/schema';
import { callsWith, closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';

/**
 * Member import: reading the fixture files (tests/fixtures/import), every verdict of the dry run,
 * the import of exactly the plan the dry run showed (409 when the data changed), undo the same
 * day, who may import, and files refused cleanly with nothing written.
 */

const OWN_CLUB = 11;
const FOREIGN_CLUB = 18;

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/import', name));

describe.each(testDrivers())('member import on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let tokens: Record<string, string>;
  let today: string;

  beforeAll(async () => {
    ({ tdb, t, tokens } = await openApi(driver, ['verband', 'verein', 'land', 'trainer']));
    today = todayIso(t.clock.now());
  }, 60_000);
  afterAll(() => closeApi({ tdb, t }));

  const as = (who: string) => callsWith(t, tokens[who]);
  const upload = (
    who: string,
    orgId: number,
    file: { bytes: Uint8Array | string; name: string },
    query = 'dryRun=true',
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : Buffer.from(file.bytes)]), file.name);
    return call(t.app, 'POST', `/api/v1/admin/members/${orgId}/import?${query}`, { token: tokens[who], body: form });
  };
  const csv = (lines: string[]) => ({ bytes: lines.join('\r\n') + '\r\n', name: 'liste.csv' });
  const memberCount = async () => Number((await tdb.db.select({ n: count() }).from(members))[0].n);
  const assignmentCount = async () => Number((await tdb.db.select({ n: count() }).from(functionAssignments))[0].n);
  const importCount = async () => Number((await tdb.db.select({ n: count() }).from(memberImports))[0].n);
  const snapshot = async () => ({ members: await memberCount(), assignments: await assignmentCount(), imports: await importCount() });
  const byName = (first: string, sur: string) =>
    tdb.db
      .select()
      .from(members)
      .where(and(eq(members.firstName, first), eq(members.surname, sur)));
  const isActiveIn = async (memberId: number, orgId: number) =>
    (
      await tdb.db
        .select({ id: functionAssignments.id })
        .from(functionAssignments)
        .where(
          and(
            eq(functionAssignments.memberId, memberId),
            eq(functionAssignments.orgId, orgId),
            sql`${functionAssignments.dateFrom} <= ${today} and ${functionAssignments.dateTo} >= ${today}`,
          ),
        )
    ).length > 0;

  describe('reading and validating', () => {
    it('plans a Windows-1252 CSV as German Excel writes it, refusing a row with every field error in German, writing nothing', async () => {
      const before = await snapshot();
      const res = await upload('verein', OWN_CLUB, { bytes: fixture('members-windows-1252.csv'), name: 'mitglieder.csv' });
      expect(res.status).toBe(200);
      expect(res.body.planId).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.counts).toEqual({ create: 2, connect: 0, update: 0, unchanged: 0, refused: 1, total: 3 });
      expect(res.body.missingFields).toEqual([]);
      expect(res.body.rows[0]).toMatchObject({ line: 2, verdict: 'create', name: 'Jürgen Größinger' });
      expect(res.body.rows[1]).toMatchObject({ line: 3, verdict: 'create', name: 'Zoë Öztürk' });
      const refused = res.body.rows[2];
      expect(refused).toMatchObject({ line: 5, verdict: 'refused' });
      expect(refused.errors).toEqual(
        expect.arrayContaining([
          { field: 'birthDate', rule: 'invalidDate', message: 'Ungültiges Datum (TT.MM.JJJJ, JJJJ-MM-TT oder Excel-Datum)' },
          { field: 'gender', rule: 'unknownGender', message: expect.stringContaining('Unbekanntes Geschlecht') },
          { field: 'email', rule: 'invalidEmail', message: 'Keine gültige E-Mail' },
        ]),
      );
      expect(await snapshot()).toEqual(before);
    });

    it('answers the field errors in English with lang=en', async () => {
      const res = await upload('verein', OWN_CLUB, { bytes: fixture('members-windows-1252.csv'), name: 'm.csv' }, 'dryRun=true&lang=en');
      expect(res.body.rows[2].errors).toEqual(
        expect.arrayContaining([{ field: 'email', rule: 'invalidEmail', message: 'Not a valid e-mail' }]),
      );
    });

    it('reads a UTF-8 CSV with ",", English headers and an Excel serial as date', async () => {
      const res = await upload('verein', OWN_CLUB, { bytes: fixture('members-utf8-bom.csv'), name: 'm.csv' });
      expect(res.status).toBe(200);
      expect(res.body.columns.map((c: { field: string }) => c.field)).toEqual([
        'firstName',
        'surname',
        'birthDate',
        'gender',
        'city',
        'email',
      ]);
      expect(res.body.counts.create).toBe(2);
    });

    it('reads the chosen sheet of a German Excel workbook and flags the formula cell', async () => {
      const res = await upload(
        'verein',
        OWN_CLUB,
        { bytes: fixture('members-german-excel.xlsx'), name: 'mitglieder.xlsx' },
        'dryRun=true',
        { sheet: 'Mitglieder' },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ sheets: ['Hinweise', 'Mitglieder'], sheet: 'Mitglieder' });
      expect(res.body.rows.map((r: { line: number; verdict: string }) => [r.line, r.verdict])).toEqual([
        [2, 'create'],
        [4, 'create'],
        [5, 'create'],
      ]);
      expect(res.body.rows[2].warnings).toEqual([{ field: 'city', rule: 'formulaCell', message: expect.stringContaining('Formel') }]);
      const unknown = await upload('verein', OWN_CLUB, { bytes: fixture('members-german-excel.xlsx'), name: 'm.xlsx' }, 'dryRun=true', {
        sheet: 'Tabelle9',
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error).toMatchObject({ code: 'unknown_sheet', value: ['Hinweise', 'Mitglieder'] });
    });

    it.each(['de', 'en'])("reads the club's own members export (%s) back: every member found again, nothing to change", async (lang) => {
      const url = `/api/v1/admin/members/${OWN_CLUB}/export.csv?onlyInOrg=true&lang=${lang}`;
      const exported = await call(t.app, 'GET', url, { token: tokens.verein });
      expect(exported.status).toBe(200);
      const bytes = new Uint8Array(await exported.raw.arrayBuffer());
      const res = await upload('verein', OWN_CLUB, { bytes, name: 'mitglieder.csv' });
      expect(res.status).toBe(200);
      expect(res.body.missingFields).toEqual([]);
      expect(res.body.counts.total).toBeGreaterThan(3);
      const notUnchanged = res.body.rows.filter((r: { verdict: string }) => r.verdict !== 'unchanged');
      expect(notUnchanged).toEqual([]);
    });

    it('takes the user mapping: a column left out, another assigned', async () => {
      const file = csv(['Rufname;Familie;Geb;Geschlecht;Notiz', 'Hanna;Hinterleitner;01.01.1990;w;Kassierin']);
      const res = await upload('verein', OWN_CLUB, file, 'dryRun=true', {
        mapping: JSON.stringify({ Familie: 'surname', Geb: 'birthDate' }),
      });
      expect(res.body.columns.map((c: { field: string }) => c.field)).toEqual(['firstName', 'surname', 'birthDate', 'gender', null]);
      expect(res.body.rows[0].verdict).toBe('create');
      const bad = await upload('verein', OWN_CLUB, file, 'dryRun=true', { mapping: JSON.stringify({ Familie: 'password' }) });
      expect(bad.status).toBe(422);
      expect(bad.body.error.field).toBe('mapping');
    });

    it('names the missing required columns and refuses every row for them', async () => {
      const res = await upload('verein', OWN_CLUB, csv(['Vorname;Nachname', 'Ida;Igel']));
      expect(res.body.missingFields).toEqual(['birthDate', 'gender']);
      expect(res.body.rows[0].errors.map((e: { field: string }) => e.field).sort()).toEqual(['birthDate', 'gender']);
    });
  });

  describe('verdicts, import and undo', () => {
    let connectId: number;
    let ownId: number;
    let sameId: number;
    let nearId: number;

    beforeAll(async () => {
      // A person of a foreign club, two own members of the club, a person with a known e-mail.
      const fed = as('verband');
      const foreign = await fed.post('/api/v1/admin/member', {
        orgId: FOREIGN_CLUB,
        firstName: 'Ferdinand',
        surname: 'Fremdl',
        birthDate: '1975-05-05',
        gender: 'm',
        email: 'ferdinand.fremdl@import.example',
      });
      connectId = foreign.body.id;
      const own = await as('verein').post('/api/v1/admin/member', {
        orgId: OWN_CLUB,
        firstName: 'Olga',
        surname: 'Eigner',
        birthDate: '1982-08-08',
        gender: 'w',
        street: 'Bahngasse',
        city: 'Wiener Neustadt',
      });
      ownId = own.body.id;
      const same = await as('verein').post('/api/v1/admin/member', {
        orgId: OWN_CLUB,
        firstName: 'Stefan',
        surname: 'Gleich',
        birthDate: '1970-07-07',
        gender: 'm',
        city: 'Baden',
      });
      sameId = same.body.id;
      const near = await fed.post('/api/v1/admin/member', {
        orgId: FOREIGN_CLUB,
        firstName: 'Theodor',
        surname: 'Tippfehler',
        birthDate: '1966-06-06',
        gender: 'm',
      });
      nearId = near.body.id;
      expect([foreign.status, own.status, same.status, near.status]).toEqual([201, 201, 201, 201]);
    });

    const verdictFile = () =>
      csv([
        'Vorname;Nachname;Geburtsdatum;Geschlecht;Ort;E-Mail',
        'Ferdinand;Fremdl;05.05.1975;m;;', // 2 connect: identified by name and full birth date
        'Olga;Eigner;08.08.1982;w;Eisenstadt;', // 3 update: own member, city only
        'Stefan;Gleich;07.07.1970;m;Baden;', // 4 unchanged
        'Theodor;Tipfehler;06.06.1966;m;;', // 5 refused: near match (typo) of a foreign person, names nobody
        'Ferdinand;Fremdl;05.05.1975;m;;', // 6 refused: same person as line 2
        'Neu;Person;10.10.2000;d;Wien;ferdinand.fremdl@import.example', // 7 refused: another person's e-mail
        'Nina;Neumann;12.12.2001;w;Wien;nina.neumann@import.example', // 8 create
      ]);

    it('gives each row its verdict: create, connect, update, unchanged, refused (near match, duplicate in the file, e-mail taken)', async () => {
      const before = await snapshot();
      const res = await upload('verein', OWN_CLUB, verdictFile());
      expect(res.status).toBe(200);
      const rows = res.body.rows;
      expect(rows.map((r: { verdict: string }) => r.verdict)).toEqual([
        'connect',
        'update',
        'unchanged',
        'refused',
        'refused',
        'refused',
        'create',
      ]);
      expect(rows[0]).toMatchObject({
        memberId: connectId,
        ground: 'proof',
        reasons: expect.arrayContaining(['same_name', 'same_birth_date']),
      });
      expect(rows[1]).toMatchObject({ memberId: ownId, changes: { city: { before: 'Wiener Neustadt', after: 'Eisenstadt' } } });
      expect(Object.keys(rows[1].changes)).toEqual(['city']);
      expect(rows[2]).toMatchObject({ memberId: sameId });
      expect(rows[3]).toMatchObject({
        errors: [expect.objectContaining({ rule: 'possibleDuplicate' })],
        reasons: expect.arrayContaining(['name_typo']),
      });
      expect(rows[3].memberId).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain('Tippfehler');
      expect(JSON.stringify(res.body)).not.toContain(`"memberId":${nearId}`);
      expect(rows[4]).toMatchObject({ duplicateOf: 2, errors: [expect.objectContaining({ rule: 'duplicateInFile' })] });
      expect(rows[5]).toMatchObject({ errors: [expect.objectContaining({ field: 'email', rule: 'emailInUse' })] });
      expect(rows[5].memberId).toBeUndefined();
      expect(res.body.counts).toEqual({ create: 1, connect: 1, update: 1, unchanged: 1, refused: 3, total: 7 });
      expect(await snapshot()).toEqual(before);
    });

    it('offers the verdicts as CSV, with a formula in a cell made harmless', async () => {
      const file = csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', '=HYPERLINK("http://x.example");Böse;01.01.1990;m']);
      const res = await upload('verein', OWN_CLUB, file, 'dryRun=true&format=csv');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      const bytes = new Uint8Array(await res.raw.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // byte-order mark: Excel opens the umlauts right
      const text = new TextDecoder().decode(bytes);
      expect(text.split('\r\n')[0]).toBe('Zeile;Ergebnis;Name;Personen-ID;Details');
      expect(text).toContain(`2;Neu;"'=HYPERLINK(""http://x.example"") Böse"`);
    });

    it('imports exactly the plan in one transaction, audited with the import id, and undoes it the same day', async () => {
      const dry = await upload('verein', OWN_CLUB, verdictFile());
      const before = await snapshot();
      const res = await upload('verein', OWN_CLUB, verdictFile(), `planId=${dry.body.planId}`);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ importId: expect.any(String), planId: dry.body.planId, counts: dry.body.counts });
      const importId = res.body.importId;

      // What the plan said happened, and nothing else.
      expect(await memberCount()).toBe(before.members + 1);
      const [nina] = await byName('Nina', 'Neumann');
      expect(nina).toMatchObject({ birthDate: '2001-12-12', gender: 'w', city: 'Wien', email: 'nina.neumann@import.example' });
      expect(await isActiveIn(nina.id, OWN_CLUB)).toBe(true);
      expect(await isActiveIn(connectId, OWN_CLUB)).toBe(true);
      expect(await isActiveIn(connectId, FOREIGN_CLUB)).toBe(true);
      const [olga] = await tdb.db.select().from(members).where(eq(members.id, ownId));
      expect(olga).toMatchObject({ city: 'Eisenstadt', street: 'Bahngasse' });
      expect(await byName('Neu', 'Person')).toEqual([]);
      const stored = await tdb.db.select().from(memberImportRows).where(eq(memberImportRows.importId, importId));
      expect(stored.map((r) => [r.line, r.verdict]).sort()).toEqual([
        [2, 'connect'],
        [3, 'update'],
        [8, 'create'],
      ]);
      const audited = await tdb.db
        .select()
        .from(auditEntries)
        .where(sql`${auditEntries.changes}->'importId'->>'after' = ${importId}`);
      expect(audited.map((a) => `${a.entity}:${a.action}`).sort()).toEqual([
        'function:assign',
        'function:assign',
        'member:create',
        'member:update',
      ]);

      // The same plan a second time: the data changed (it was imported), so 409 and nothing written.
      const again = await upload('verein', OWN_CLUB, verdictFile(), `planId=${dry.body.planId}`);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'plan_changed', message: expect.stringContaining('dry run again') });

      // Undo: the created person gone, the connection removed, the field restored.
      const undo = await as('verein').post(`/api/v1/admin/members/imports/${importId}/undo`, {});
      expect(undo.status).toBe(200);
      expect(undo.body).toEqual({ importId, undone: { create: 1, connect: 1, update: 1 } });
      expect(await byName('Nina', 'Neumann')).toEqual([]);
      expect(await isActiveIn(connectId, OWN_CLUB)).toBe(false);
      expect(await isActiveIn(connectId, FOREIGN_CLUB)).toBe(true);
      const [restored] = await tdb.db.select().from(members).where(eq(members.id, ownId));
      expect(restored.city).toBe('Wiener Neustadt');
      expect(await snapshot()).toEqual({ ...before, imports: before.imports + 1 });
      const twice = await as('verein').post(`/api/v1/admin/members/imports/${importId}/undo`, {});
      expect(twice.status).toBe(409);
      expect(twice.body.error.code).toBe('already_undone');
    });

    it('answers 409 when a person of the plan changed after the dry run, and writes nothing', async () => {
      const dry = await upload('verein', OWN_CLUB, verdictFile());
      const [olga] = await tdb.db.select().from(members).where(eq(members.id, ownId));
      const edit = await as('verein').put('/api/v1/admin/member', { id: ownId, updatedAt: olga.updatedAt, phoneMobile: '+43 2622 1234' });
      expect(edit.status).toBe(200);
      const before = await snapshot();
      const res = await upload('verein', OWN_CLUB, verdictFile(), `planId=${dry.body.planId}`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('plan_changed');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses the undo for rows changed since, listing them, and after the day of the import', async () => {
      const file = csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', 'Uwe;Umkehr;03.03.1993;m', 'Vera;Verbleib;04.04.1994;w']);
      const dry = await upload('verein', OWN_CLUB, file);
      const res = await upload('verein', OWN_CLUB, file, `planId=${dry.body.planId}`);
      expect(res.status).toBe(201);
      const [uwe] = await byName('Uwe', 'Umkehr');
      await as('verein').put('/api/v1/admin/member', { id: uwe.id, updatedAt: uwe.updatedAt, city: 'Mödling' });
      // a training recorded for Vera leaves her record as it was, but holds her
      const [vera] = await byName('Vera', 'Verbleib');
      const training = await as('verein').post(`/api/v1/admin/training/${vera.id}`, {
        orgId: OWN_CLUB,
        trainingId: 8,
        dateFrom: '2025-05-02',
      });
      expect(training.status).toBe(201);
      expect((await byName('Vera', 'Verbleib'))[0].updatedAt).toBe(vera.updatedAt);
      const undo = await as('verein').post(`/api/v1/admin/members/imports/${res.body.importId}/undo`, {});
      expect(undo.status).toBe(409);
      expect(undo.body.error).toMatchObject({
        code: 'changed_since',
        value: [
          { line: 2, verdict: 'create', memberId: uwe.id },
          { line: 3, verdict: 'create', memberId: vera.id },
        ],
      });
      expect(await byName('Vera', 'Verbleib')).toHaveLength(1);
      expect(await byName('Uwe', 'Umkehr')).toHaveLength(1);

      const file2 = csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', 'Xaver;Xander;05.05.1995;m']);
      const dry2 = await upload('verein', OWN_CLUB, file2);
      const res2 = await upload('verein', OWN_CLUB, file2, `planId=${dry2.body.planId}`);
      // made yesterday
      await tdb.db.update(memberImports).set({ importDay: '2000-01-01' }).where(eq(memberImports.id, res2.body.importId));
      const late = await as('verein').post(`/api/v1/admin/members/imports/${res2.body.importId}/undo`, {});
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('undo_expired');
      expect(await byName('Xaver', 'Xander')).toHaveLength(1);
    });
  });

  describe('who may import', () => {
    const file = () => csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', 'Wer;Darf;01.02.1990;m']);

    it('lets a club import into itself and the federation into any club', async () => {
      expect((await upload('verein', OWN_CLUB, file())).status).toBe(200);
      expect((await upload('verband', FOREIGN_CLUB, file())).status).toBe(200);
    });

    it('refuses another club and a state association with 403, before reading the file', async () => {
      const before = await snapshot();
      const foreign = await upload('verein', FOREIGN_CLUB, file());
      expect(foreign.status).toBe(403);
      const state = await upload('land', OWN_CLUB, file());
      expect(state.status).toBe(403);
      const stateItself = await upload('land', 4, file());
      expect(stateItself.status).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it("refuses to undo another club's import", async () => {
      const dry = await upload('verband', FOREIGN_CLUB, file());
      const res = await upload('verband', FOREIGN_CLUB, file(), `planId=${dry.body.planId}`);
      expect(res.status).toBe(201);
      const undo = await as('verein').post(`/api/v1/admin/members/imports/${res.body.importId}/undo`, {});
      expect(undo.status).toBe(403);
      expect((await as('verband').post(`/api/v1/admin/members/imports/${res.body.importId}/undo`, {})).status).toBe(200);
    });

    it("refuses to update a person who holds functions above the caller's: the trainer cannot change the club's chair", async () => {
      const [chair] = await tdb.db.select().from(members).where(eq(members.id, 2));
      const line = `${chair.firstName};${chair.surname};${chair.birthDate};${chair.gender};Anderswo`;
      const file = csv(['Vorname;Nachname;Geburtsdatum;Geschlecht;Ort', line]);
      const byTrainer = await upload('trainer', OWN_CLUB, file);
      expect(byTrainer.status).toBe(200);
      expect(byTrainer.body.rows[0]).toMatchObject({ verdict: 'refused', errors: [expect.objectContaining({ rule: 'outranked' })] });
      const byChair = await upload('verein', OWN_CLUB, file);
      expect(byChair.body.rows[0]).toMatchObject({ verdict: 'update', memberId: 2, changes: { city: { after: 'Anderswo' } } });
    });

    it('identifies nobody for a name tried with many birth dates', async () => {
      const lines = ['Vorname;Nachname;Geburtsdatum;Geschlecht'];
      for (let d = 1; d <= 6; d++) lines.push(`Ferdinand;Fremdl;0${d}.05.1975;m`);
      const res = await upload('verein', OWN_CLUB, csv(lines));
      expect(res.body.rows.every((r: { verdict: string; memberId?: number }) => r.verdict === 'refused' && r.memberId === undefined)).toBe(
        true,
      );
      expect(res.body.rows[0].errors[0].rule).toBe('nameRepeated');
    });
  });

  describe('files refused cleanly', () => {
    it('refuses a zip bomb with 400 and writes nothing', async () => {
      const before = await snapshot();
      const res = await upload('verein', OWN_CLUB, { bytes: fixture('zip-bomb.xlsx'), name: 'mitglieder.xlsx' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'zip_bomb', message: expect.stringContaining('unsafe') });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a file over 50 MB with 413', async () => {
      const big = new Uint8Array(50 * 1024 * 1024 + 1).fill(0x41);
      const res = await upload('verein', OWN_CLUB, { bytes: big, name: 'gross.csv' });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('too_large');
    });

    it('refuses a damaged workbook and a binary file with 400', async () => {
      const broken = await upload('verein', OWN_CLUB, {
        bytes: fixture('members-german-excel.xlsx').subarray(0, 2000),
        name: 'kaputt.xlsx',
      });
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe('unreadable_file');
    });

    it('plans 10,000 rows, and refuses 10,001 with 413', async () => {
      const lines = ['Vorname;Nachname;Geburtsdatum;Geschlecht;E-Mail'];
      // names of random letters (no two a typo apart), each person born on another day
      let seed = 42;
      const letters = (n: number) => {
        let s = '';
        for (let k = 0; k < n; k++) {
          seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
          s += String.fromCharCode(97 + (seed % 26));
        }
        return s[0].toUpperCase() + s.slice(1);
      };
      const start = Date.UTC(1940, 0, 1);
      for (let i = 0; i < 10_000; i++) {
        const [y, m, d] = new Date(start + i * 86_400_000).toISOString().slice(0, 10).split('-');
        lines.push(`${letters(7)};${letters(9)};${d}.${m}.${y};${i % 2 ? 'm' : 'w'};masse${i}@import.example`);
      }
      const res = await upload('verein', OWN_CLUB, csv(lines));
      expect(res.status).toBe(200);
      expect(res.body.counts).toMatchObject({ create: 10_000, total: 10_000 });
      const over = await upload('verein', OWN_CLUB, csv([...lines, 'Zu;Viel;01.01.1990;m;']));
      expect(over.status).toBe(413);
      expect(over.body.error).toMatchObject({ code: 'too_many_rows', value: 10_000 });
    }, 120_000);
  });

  describe('two imports at the same time', () => {
    it('imports a plan sent twice at once only once: one import, the other 409, no person twice', async () => {
      const file = csv([
        'Vorname;Nachname;Geburtsdatum;Geschlecht',
        'Zwilling;Gleichzeitig;03.03.1993;m',
        'Zwilla;Gleichzeitig;04.04.1994;w',
      ]);
      const dry = await upload('verein', OWN_CLUB, file);
      expect(dry.body.counts).toMatchObject({ create: 2 });
      const before = await snapshot();
      const both = await Promise.all([
        upload('verein', OWN_CLUB, file, `planId=${dry.body.planId}`),
        upload('verein', OWN_CLUB, file, `planId=${dry.body.planId}`),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(both.find((r) => r.status === 409)!.body.error.code).toBe('plan_changed');
      expect(await byName('Zwilling', 'Gleichzeitig')).toHaveLength(1);
      expect(await byName('Zwilla', 'Gleichzeitig')).toHaveLength(1);
      expect(await snapshot()).toEqual({ members: before.members + 2, assignments: before.assignments + 2, imports: before.imports + 1 });
    });

    it('creates a person in two overlapping imports into two clubs once: the later import is refused whole', async () => {
      const shared = 'Ueber;Schneidung;05.05.1995;w';
      const intoOwn = csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', shared, 'Nur;Eigenverein;06.06.1996;m']);
      const intoForeign = csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', shared, 'Nur;Fremdverein;07.07.1997;m']);
      const dryOwn = await upload('verband', OWN_CLUB, intoOwn);
      const dryForeign = await upload('verband', FOREIGN_CLUB, intoForeign);
      expect([dryOwn.body.counts.create, dryForeign.body.counts.create]).toEqual([2, 2]);
      const before = await snapshot();
      const [own, foreign] = await Promise.all([
        upload('verband', OWN_CLUB, intoOwn, `planId=${dryOwn.body.planId}`),
        upload('verband', FOREIGN_CLUB, intoForeign, `planId=${dryForeign.body.planId}`),
      ]);
      expect([own.status, foreign.status].sort()).toEqual([201, 409]);
      expect([own, foreign].find((r) => r.status === 409)!.body.error.code).toBe('plan_changed');
      expect(await byName('Ueber', 'Schneidung')).toHaveLength(1);
      // nothing of the refused import: its own new person is not there either
      const loserOnly = own.status === 409 ? ['Nur', 'Eigenverein'] : ['Nur', 'Fremdverein'];
      expect(await byName(loserOnly[0], loserOnly[1])).toHaveLength(0);
      expect(await snapshot()).toEqual({ members: before.members + 2, assignments: before.assignments + 2, imports: before.imports + 1 });
    });
  });

  describe('the limit on duplicate checks', () => {
    it('counts dry-run rows trying birth dates for a stored name against the duplicate-check limit and refuses over it with 429', async () => {
      // A person of another club whose birth date the caller does not know.
      const target = await as('verband').post('/api/v1/admin/member', {
        orgId: FOREIGN_CLUB,
        firstName: 'Paula',
        surname: 'Probenhuber',
        birthDate: '1991-04-17',
        gender: 'w',
      });
      expect(target.status).toBe(201);
      await tdb.db.delete(rateLimitHits).where(eq(rateLimitHits.scope, DUPLICATE_CHECK_SCOPE.name));

      // A list of new members (names nobody bears) is no try: 40 rows pass.
      const newcomers = ['Vorname;Nachname;Geburtsdatum;Geschlecht'];
      const tag = (i: number) => String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26));
      for (let i = 0; i < 40; i++) newcomers.push(`Neu${tag(i)};Zugang${tag(i)};01.01.${1950 + i};m`);
      const list = await upload('verein', OWN_CLUB, csv(newcomers));
      expect(list.status).toBe(200);
      expect(list.body.counts).toMatchObject({ create: 40 });

      // Three wrong dates per file for the stored name (Mueller-style spelling counts alike): three misses each.
      const tries = (run: number) =>
        csv([
          'Vorname;Nachname;Geburtsdatum;Geschlecht',
          ...[1, 2, 3].map(
            (k) =>
              `Paula;${k === 2 ? 'Probenhueber' : 'Probenhuber'};${String(k).padStart(2, '0')}.${String(run + 1).padStart(2, '0')}.1990;w`,
          ),
        ]);
      for (let run = 0; run < 10; run++) {
        const res = await upload('verein', OWN_CLUB, tries(run));
        expect(res.status).toBe(200);
        expect(res.body.counts).toMatchObject({ create: 3 });
      }
      const refused = await upload('verein', OWN_CLUB, tries(10));
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('duplicate_check_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.rows).toBeUndefined();
      // Over the limit even the right date tells nothing, and the member screen's check shares the count.
      const right = await upload('verein', OWN_CLUB, csv(['Vorname;Nachname;Geburtsdatum;Geschlecht', 'Paula;Probenhuber;17.04.1991;w']));
      expect(right.status).toBe(429);
      expect(JSON.stringify(right.body)).not.toContain(String(target.body.id));
      const screen = await as('verein').put('/api/v1/admin/member/duplicates', {
        firstName: 'Paula',
        surname: 'Probenhuber',
        birthDate: '1990-12-24',
        gender: 'w',
      });
      expect(screen.status).toBe(429);
      // Another caller is not held up.
      expect((await upload('verband', OWN_CLUB, tries(11))).status).toBe(200);
    });
  });
});

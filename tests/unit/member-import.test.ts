/** @jest-environment node */
import path from 'node:path';
import { MEMBER_OVERVIEW_COLUMNS, MEMBER_OVERVIEW_HEADER } from '@/lib/domain/member-overview';
import { excelSerialDate, fieldForHeader, mapColumns, parseGender, parseImportDate, type ImportField } from '@/lib/domain/member-import';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import { readCsv } from '@/server/services/member-import/read-csv';
import { checkXlsxArchive, readXlsx } from '@/server/services/member-import/read-xlsx';

/** The member import's pure rules and its file reading, on the committed fixtures (tests/fixtures/import). */

const fixture = (name: string) => path.join(__dirname, '../fixtures/import', name);

describe('header mapping', () => {
  it.each([
    ['Vorname', 'firstName'],
    ['First name', 'firstName'],
    ['NACHNAME', 'surname'],
    ['Geb.-Datum', 'birthDate'],
    ['Date of birth', 'birthDate'],
    ['Straße', 'street'],
    ['Strasse', 'street'],
    ['E-Mail', 'email'],
    ['e-mail address', 'email'],
    ['PLZ', 'zip'],
    ['Postal code', 'zip'],
    ['Nationalität', 'nationality'],
    ['Telefon', 'phoneMobile'],
  ])('%s → %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it('matches nothing for columns that are no member field', () => {
    expect(fieldForHeader('Altersklasse')).toBeNull();
    expect(fieldForHeader('Funktionen')).toBeNull();
    expect(fieldForHeader('Bemerkung')).toBeNull();
  });

  it.each([
    ['de', de],
    ['en', en],
  ])("reads the members export's own headers (%s) back to the fields it wrote", (_lang, messages) => {
    const overview = messages.members.overview as Record<string, string>;
    const expected: Partial<Record<string, ImportField>> = {
      regNr: 'regNr',
      surname: 'surname',
      firstName: 'firstName',
      birthDate: 'birthDate',
      gender: 'gender',
      nationality: 'nationality',
      street: 'street',
      houseNumber: 'houseNumber',
      doorNumber: 'doorNumber',
      zip: 'zip',
      city: 'city',
      phone: 'phoneMobile',
      email: 'email',
    };
    for (const column of MEMBER_OVERVIEW_COLUMNS) {
      const header = overview[MEMBER_OVERVIEW_HEADER[column] ?? column];
      expect([column, fieldForHeader(header)]).toEqual([column, expected[column] ?? null]);
    }
  });

  it("lets the user's mapping win, leave a column out, and gives each field its first column only", () => {
    const cols = mapColumns(['Name', 'Vorname', 'Familienname', 'Ort', 'Ort'], { Name: null, Familienname: 'surname' });
    expect(cols.map((c) => c.field)).toEqual([null, 'firstName', 'surname', 'city', null]);
  });
});

describe('values', () => {
  it.each([
    ['04.03.1980', '1980-03-04'],
    ['4.3.1980', '1980-03-04'],
    ['1980-03-04', '1980-03-04'],
    ['29391', '1980-06-19'],
    [29391, '1980-06-19'],
    [new Date(Date.UTC(1985, 6, 14)), '1985-07-14'],
    ['31.02.1990', null],
    ['1990-13-01', null],
    ['gestern', null],
    [12, null],
  ])('date %p → %p', (value, iso) => {
    expect(parseImportDate(value)).toBe(iso);
  });

  it('counts Excel serials as Excel does (25569 is 01.01.1970)', () => {
    expect(excelSerialDate(25569)).toBe('1970-01-01');
    expect(excelSerialDate(25569.75)).toBe('1970-01-01');
  });

  it.each([
    ['m', 'm'],
    ['M', 'm'],
    ['männlich', 'm'],
    ['male', 'm'],
    ['w', 'w'],
    ['Weiblich', 'w'],
    ['female', 'w'],
    ['d', 'd'],
    ['divers', 'd'],
    ['x-beliebig', null],
    ['', null],
  ])('gender %p → %p', (word, gender) => {
    expect(parseGender(word)).toBe(gender);
  });
});

describe('reading files', () => {
  it('reads a Windows-1252 CSV with semicolons, quotes and umlauts, skipping empty lines', async () => {
    const sheet = await readCsv(fixture('members-windows-1252.csv'));
    expect(sheet.encoding).toBe('windows-1252');
    expect(sheet.delimiter).toBe(';');
    expect(sheet.headers[4]).toBe('Straße');
    expect(sheet.rows.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(sheet.rows[0].cells.slice(0, 5)).toEqual(['Jürgen', 'Größinger', '04.03.1980', 'männlich', 'Hauptstraße; Hof 2']);
    expect(sheet.rows[1].cells[4]).toBe('Am "Alten" Markt');
  });

  it('reads UTF-8 with byte-order mark and commas', async () => {
    const sheet = await readCsv(fixture('members-utf8-bom.csv'));
    expect(sheet.encoding).toBe('utf-8');
    expect(sheet.delimiter).toBe(',');
    expect(sheet.headers[0]).toBe('First name');
    expect(sheet.rows[0].cells[1]).toBe('Ärmel');
  });

  it('reads the named sheet of a workbook with date cells, serials and a formula (its cached value, flagged)', async () => {
    const sheet = await readXlsx(fixture('members-german-excel.xlsx'), 'Mitglieder');
    expect(sheet.sheets).toEqual(['Hinweise', 'Mitglieder']);
    expect(sheet.headers).toEqual(['Vorname', 'Nachname', 'Geburtsdatum', 'Geschlecht', 'PLZ', 'Ort', 'Telefon', 'E-Mail']);
    expect(sheet.rows.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(parseImportDate(sheet.rows[0].cells[2])).toBe('1985-07-14');
    expect(sheet.rows[1].cells[2]).toBe(33000);
    expect(sheet.rows[2].cells[5]).toBe('GRAZ');
    expect(sheet.rows[2].formulas).toEqual([5]);
    // the first sheet when none is named
    expect((await readXlsx(fixture('members-german-excel.xlsx'))).sheet).toBe('Hinweise');
  });

  it('skips sheets it was not asked for without losing their temporary files (ENOENT in 2 of 400 reads before)', async () => {
    // The fixture's sheets come before its shared strings, so the reader parks them in temporary
    // files; a skipped one is read to its end before the reader deletes it.
    for (let i = 0; i < 150; i++) {
      await expect(readXlsx(fixture('members-german-excel.xlsx'), 'Tabelle9')).rejects.toMatchObject({ code: 'unknown_sheet' });
      expect((await readXlsx(fixture('members-german-excel.xlsx'), 'Mitglieder')).rows).toHaveLength(3);
    }
  });

  it('refuses a zip bomb while counting what it unpacks to, before the spreadsheet reader sees it', async () => {
    await expect(checkXlsxArchive(fixture('zip-bomb.xlsx'))).rejects.toMatchObject({ status: 400, code: 'zip_bomb' });
  });
});

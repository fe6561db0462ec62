/**
 * Member import: the pure rules that turn a spreadsheet's columns and cells into member fields.
 * Headers are matched by name (German and English, the members export's own headers included,
 * so an exported file imports again), dates are read as DD.MM.YYYY, YYYY-MM-DD or Excel serial
 * numbers, gender words in both languages. The API (server/services/member-import) reads the file
 * and decides each row's verdict; the import screen shows the same mapping.
 */

import { GENDERS, PERSON_FIELDS } from './members';

/** The member fields a column can fill. */
export const IMPORT_FIELDS = PERSON_FIELDS;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** At most this many data rows per file. */
export const MAX_IMPORT_ROWS = 10_000;

/** A header as compared: lower case, umlauts and accents folded, ß → ss, only letters and digits. */
export function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Header names per field, German and English. The members export's headers (messages
 * members.overview.*) are among them: Registriernummer / Registration number, Hausnr. / House no.,
 * Tür / Door, Telefon / Phone. Columns of the export that are no member field (Organisationen,
 * Altersklasse, Funktionen …) match nothing and are left out.
 */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  firstName: ['Vorname', 'Rufname', 'First name', 'Firstname', 'Given name', 'Forename'],
  middleName: ['Zweiter Vorname', '2. Vorname', 'Weitere Vornamen', 'Middle name', 'Second name'],
  surname: ['Nachname', 'Familienname', 'Zuname', 'Surname', 'Last name', 'Lastname', 'Family name', 'Name'],
  birthDate: ['Geburtsdatum', 'Geb.-Datum', 'Geb. Datum', 'Geboren', 'Geburtstag', 'Birth date', 'Birthdate', 'Date of birth', 'DOB'],
  gender: ['Geschlecht', 'Gender', 'Sex'],
  nationality: ['Nationalität', 'Staatsangehörigkeit', 'Staatsbürgerschaft', 'Nationality', 'Citizenship'],
  country: ['Land', 'Wohnsitzland', 'Country', 'Country of residence'],
  street: ['Straße', 'Strasse', 'Adresse', 'Street', 'Address'],
  houseNumber: ['Hausnummer', 'Hausnr.', 'Haus-Nr.', 'Nr.', 'House number', 'House no.', 'Number'],
  doorNumber: ['Türnummer', 'Tür', 'Top', 'Door number', 'Door', 'Apartment'],
  zip: ['PLZ', 'Postleitzahl', 'ZIP', 'ZIP code', 'Postal code', 'Postcode'],
  city: ['Ort', 'Wohnort', 'Stadt', 'City', 'Town'],
  phoneMobile: ['Telefon', 'Handy', 'Mobil', 'Mobiltelefon', 'Telefonnummer', 'Phone', 'Mobile', 'Mobile phone', 'Cell phone'],
  email: ['E-Mail', 'Email', 'E-Mail-Adresse', 'Mail', 'Email address', 'E-mail address'],
  regNr: ['Registriernummer', 'Lizenznummer', 'Reg.-Nr.', 'Reg.Nr.', 'Registration number', 'Licence number', 'License number'],
};

const FIELD_BY_HEADER = new Map<string, ImportField>(
  (Object.entries(HEADER_NAMES) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [headerKey(name), field] as const),
  ),
);

/** The field a header names, or null. */
export function fieldForHeader(header: string): ImportField | null {
  return FIELD_BY_HEADER.get(headerKey(header)) ?? null;
}

export type ImportColumn = { index: number; header: string; field: ImportField | null };

/**
 * The columns with the field each fills: by header, then the user's `mapping` (header text →
 * field, or null to leave the column out) wins. A field goes to its first column only; a later
 * column naming the same field is left out (and shown so).
 */
export function mapColumns(headers: readonly string[], mapping: Readonly<Record<string, ImportField | null>> = {}): ImportColumn[] {
  const taken = new Set<ImportField>();
  return headers.map((raw, index) => {
    const header = raw.trim();
    const chosen = Object.prototype.hasOwnProperty.call(mapping, header) ? mapping[header] : fieldForHeader(header);
    const field = chosen && !taken.has(chosen) ? chosen : null;
    if (field) taken.add(field);
    return { index, header, field };
  });
}

const two = (n: number) => String(n).padStart(2, '0');

function calendarDay(y: number, m: number, d: number): string | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last ? `${y}-${two(m)}-${two(d)}` : null;
}

/** Excel's day 0 in its 1900 date system (which counts 29.02.1900, a day that never was: serials from 61 on are one too high). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** An Excel serial day number (whole days; a time of day is dropped) as YYYY-MM-DD, or null. */
export function excelSerialDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 61 || serial > 2_958_465) return null;
  const date = new Date(EXCEL_EPOCH_MS + Math.floor(serial) * 86_400_000);
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
}

/**
 * A date cell as YYYY-MM-DD, or null: DD.MM.YYYY (also D.M.YYYY), YYYY-MM-DD, an Excel serial
 * number (as number or as digits), or a Date (a spreadsheet date cell: its calendar day in UTC).
 */
export function parseImportDate(value: unknown): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return calendarDay(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') return excelSerialDate(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (m) return calendarDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(text);
  if (m) return calendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^\d{2,7}(\.\d+)?$/.test(text)) return excelSerialDate(Number(text));
  return null;
}

const GENDER_WORDS: Record<string, (typeof GENDERS)[number]> = {
  m: 'm',
  mannlich: 'm',
  male: 'm',
  mann: 'm',
  man: 'm',
  herr: 'm',
  w: 'w',
  weiblich: 'w',
  female: 'w',
  f: 'w',
  frau: 'w',
  woman: 'w',
  d: 'd',
  divers: 'd',
  diverse: 'd',
  x: 'd',
};

/** A gender word (m, w, d, männlich, weiblich, divers, male, female, diverse …) as m/w/d, or null. */
export function parseGender(value: string): (typeof GENDERS)[number] | null {
  return GENDER_WORDS[headerKey(value)] ?? null;
}

/** What the dry run decides for one row. */
export const IMPORT_VERDICTS = ['create', 'connect', 'update', 'unchanged', 'refused'] as const;
export type ImportVerdict = (typeof IMPORT_VERDICTS)[number];

export type ImportCounts = Record<ImportVerdict, number> & { total: number };

export function countVerdicts(verdicts: readonly ImportVerdict[]): ImportCounts {
  const counts = { create: 0, connect: 0, update: 0, unchanged: 0, refused: 0, total: verdicts.length };
  for (const v of verdicts) counts[v] += 1;
  return counts;
}

/**
 * How many different birth dates one name may come with in one file. More is what trying dates
 * to find a person's birthday looks like (each row is a duplicate check): such rows are refused
 * and identify nobody. Namesakes in one club stay well below it.
 */
export const MAX_BIRTH_DATES_PER_NAME = 3;

/** May an import made on `importDay` be undone on `today`? Only the same day. */
export function mayUndoImport(importDay: string, today: string): boolean {
  return importDay === today;
}

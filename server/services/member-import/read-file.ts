import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import iconv from 'iconv-lite';
import { MAX_IMPORT_ROWS } from '@/lib/domain/member-import';
import { ApiError } from '../../http/errors';

/**
 * Reads an uploaded member list into header and rows of cells: `.csv` (`;` or `,`, UTF-8 with or
 * without byte-order mark, or Windows-1252 as German Excel saves it: a file that is not valid
 * UTF-8 is read as Windows-1252) and `.xlsx` (the first sheet or a named one).
 *
 * An .xlsx is a ZIP archive: before any spreadsheet code sees it, the sizes its entries unpack to
 * are read from the archive's directory and refused over MAX_UNPACKED_BYTES (a "zip bomb" unpacks
 * a few kilobytes to gigabytes). The entries are then unpacked into buffers of exactly the declared
 * size (a lying entry cannot grow beyond it) and handed on stored, uncompressed, so the
 * spreadsheet reader inflates nothing it was not measured for. Formula cells count with their
 * cached result and are flagged.
 */

/** What the unpacked entries of an .xlsx may add up to. */
export const MAX_UNPACKED_BYTES = 120 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2_000;

export type Cell = string | number | boolean | Date | null;

export type SheetRow = {
  /** Line (CSV) or row number (sheet) in the file, counted from 1 with the header. */
  line: number;
  cells: Cell[];
  /** Indexes of cells that held a formula (their cached result is in `cells`). */
  formulas: number[];
};

export type ReadSheet = {
  kind: 'csv' | 'xlsx';
  headers: string[];
  rows: SheetRow[];
  /** The workbook's sheet names (xlsx), and the one read. */
  sheets: string[];
  sheet: string | null;
  /** CSV only: the encoding and delimiter found. */
  encoding?: 'utf-8' | 'windows-1252';
  delimiter?: string;
};

const unreadable = (message: string) => new ApiError(400, 'unreadable_file', message, { field: 'file' });
const tooManyRows = () =>
  new ApiError(413, 'too_many_rows', `The file has more than ${MAX_IMPORT_ROWS} rows; split it into smaller files`, {
    field: 'file',
    value: MAX_IMPORT_ROWS,
  });

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** By content: a ZIP archive is read as .xlsx, anything else as CSV text. The file name's ending only breaks a tie. */
function fileKind(bytes: Uint8Array, name: string): 'csv' | 'xlsx' {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) return 'xlsx';
  if (/\.xlsx?$/i.test(name))
    throw new ApiError(415, 'unsupported_media_type', 'The file is not an Excel workbook (.xlsx)', { field: 'file' });
  return 'csv';
}

export async function readMemberFile(path: string, name: string, sheetName?: string): Promise<ReadSheet> {
  const bytes = await readFile(path);
  return fileKind(bytes, name) === 'xlsx' ? readXlsx(bytes, sheetName) : readCsv(bytes);
}

/* ---------- CSV ---------- */

/** UTF-8 when the bytes are valid UTF-8 (byte-order mark dropped), else Windows-1252. */
function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(body), 'win1252'), encoding: 'windows-1252' };
  }
}

/** ';' or ',': whichever occurs more often outside quotes in the header line. */
function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons += 1;
    else if (!quoted && ch === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

const isEmpty = (cells: readonly Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

export function readCsv(bytes: Uint8Array): ReadSheet {
  if (bytes.includes(0)) throw unreadable('The file is neither a CSV text nor an Excel workbook');
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      // hand-made files put quotes inside unquoted cells (=HYPERLINK("…")): read them as text
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    throw unreadable(`The CSV file could not be read: ${(err as Error).message}`);
  }
  const filled = records.filter((r) => !isEmpty(r.record));
  if (filled.length === 0) throw unreadable('The file holds no header line');
  if (filled.length - 1 > MAX_IMPORT_ROWS) throw tooManyRows();
  const [head, ...rest] = filled;
  return {
    kind: 'csv',
    headers: head.record.map((h) => h.trim()),
    // info.lines is the line the record ended on; a record with a quoted line break starts earlier
    rows: rest.map((r) => ({ line: r.info.lines, cells: r.record.map((c) => c), formulas: [] })),
    sheets: [],
    sheet: null,
    encoding,
    delimiter,
  };
}

/* ---------- XLSX ---------- */

/** The archive's entries unpacked, after their declared sizes were checked; 400 zip_bomb over the limit. */
export function unpackXlsx(bytes: Uint8Array): Unzipped {
  let total = 0;
  let entries = 0;
  let files: Unzipped;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        total += file.originalSize;
        if (entries > MAX_ZIP_ENTRIES || total > MAX_UNPACKED_BYTES || file.originalSize > MAX_UNPACKED_BYTES) {
          throw new ApiError(
            400,
            'zip_bomb',
            `The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB; it is refused as unsafe`,
            { field: 'file', value: MAX_UNPACKED_BYTES },
          );
        }
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unreadable('The Excel file is damaged and could not be opened');
  }
  return files;
}

function cellValue(value: ExcelJS.CellValue): { value: Cell; formula: boolean } {
  if (value === null || value === undefined) return { value: null, formula: false };
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
    return { value, formula: false };
  }
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      const inner = result === undefined || (typeof result === 'object' && result !== null && !(result instanceof Date)) ? null : result;
      return { value: inner as Cell, formula: true };
    }
    if ('richText' in value) return { value: value.richText.map((r) => r.text).join(''), formula: false };
    if ('text' in value) return { value: String((value as { text: unknown }).text), formula: false };
    if ('error' in value) return { value: null, formula: false };
  }
  return { value: null, formula: false };
}

export async function readXlsx(bytes: Uint8Array, sheetName?: string): Promise<ReadSheet> {
  const stored = zipSync(unpackXlsx(bytes), { level: 0 });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(stored.buffer as ArrayBuffer);
  } catch {
    throw unreadable('The Excel file is damaged and could not be opened');
  }
  const sheets = workbook.worksheets.map((w) => w.name);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) {
    throw new ApiError(422, 'unknown_sheet', sheetName ? `The workbook has no sheet "${sheetName}"` : 'The workbook has no sheet', {
      field: 'sheet',
      value: sheets,
    });
  }
  const all: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: Cell[] = [];
    const formulas: number[] = [];
    const values = row.values as ExcelJS.CellValue[];
    for (let col = 1; col < values.length; col++) {
      const { value, formula } = cellValue(values[col]);
      cells[col - 1] = value;
      if (formula) formulas.push(col - 1);
    }
    for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
    if (!isEmpty(cells)) all.push({ line: rowNumber, cells, formulas });
  });
  if (all.length === 0) throw unreadable('The sheet holds no header line');
  if (all.length - 1 > MAX_IMPORT_ROWS) throw tooManyRows();
  const [head, ...rows] = all;
  return {
    kind: 'xlsx',
    headers: head.cells.map((c) => (c === null ? '' : c instanceof Date ? c.toISOString() : String(c)).trim()),
    rows,
    sheets,
    sheet: sheet.name,
  };
}

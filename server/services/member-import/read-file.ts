import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import iconv from 'iconv-lite';
import { MAX_IMPORT_ROWS } from '@/lib/domain/member-import';
import { ApiError } from '../../http/errors';

/**
 * Reads an uploaded member list into header and rows of cells: `.csv` (`;` or `,`, UTF-8 with or
 * without byte-order mark, or Windows-1252 as German Excel saves it: a file that is not valid
 * UTF-8 is read as Windows-1252) and `.xlsx` (the first sheet or a named one).
 *
 * Both are read as streams from the uploaded file: only the rows read so far are held, never the
 * file as one text or the workbook as one object, and reading stops at the first row over
 * MAX_IMPORT_ROWS.
 *
 * An .xlsx is a ZIP archive: before any spreadsheet code sees it, every entry is inflated once as
 * a stream and only counted; over MAX_UNPACKED_BYTES in all (a "zip bomb" unpacks a few kilobytes
 * to gigabytes), over an entry's declared size, or over MAX_ZIP_ENTRIES entries, it is refused
 * without anything kept. Only then does the spreadsheet reader stream the same file. Formula
 * cells count with their cached result and are flagged.
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
/** The first bytes read: the file kind, the byte-order mark and the CSV header line (for its delimiter). */
const HEAD_BYTES = 64 * 1024;

async function head(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** By content: a ZIP archive is read as .xlsx, anything else as CSV text. The file name's ending only breaks a tie. */
function fileKind(bytes: Uint8Array, name: string): 'csv' | 'xlsx' {
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) return 'xlsx';
  if (/\.xlsx?$/i.test(name))
    throw new ApiError(415, 'unsupported_media_type', 'The file is not an Excel workbook (.xlsx)', { field: 'file' });
  return 'csv';
}

export async function readMemberFile(path: string, name: string, sheetName?: string, keep?: KeepColumns): Promise<ReadSheet> {
  return fileKind(await head(path), name) === 'xlsx' ? readXlsx(path, sheetName, keep) : readCsv(path, keep);
}

const isEmpty = (cells: readonly Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** A header cell as text. */
const headerText = (c: Cell | undefined) => (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString() : String(c)).trim();

/**
 * Which columns (by index) the reader keeps, decided from the header row; the others' cells are
 * dropped as they are read, so a file's unused columns (notes, long comments) take no memory.
 */
export type KeepColumns = (headers: readonly string[]) => ReadonlySet<number>;

/** Collects the filled rows (header first), refusing the first one over MAX_IMPORT_ROWS data rows. */
class RowCollector {
  readonly rows: SheetRow[] = [];
  private kept: ReadonlySet<number> | null = null;

  constructor(private readonly keep?: KeepColumns) {}

  add(row: SheetRow) {
    // empty by all its cells, also those dropped
    if (isEmpty(row.cells)) return;
    if (this.rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
    if (this.rows.length === 0) {
      this.rows.push(row);
      if (this.keep) this.kept = this.keep(row.cells.map(headerText));
      return;
    }
    const kept = this.kept;
    this.rows.push(
      kept
        ? { line: row.line, cells: row.cells.map((c, i) => (kept.has(i) ? c : null)), formulas: row.formulas.filter((i) => kept.has(i)) }
        : row,
    );
  }
}

/* ---------- CSV ---------- */

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * UTF-8 when every byte sequence of the file is valid UTF-8, else Windows-1252; checked as a
 * stream (the decoded text is dropped). A NUL byte: no text at all.
 */
async function detectEncoding(path: string): Promise<'utf-8' | 'windows-1252'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    if (bytes.includes(0)) throw unreadable('The file is neither a CSV text nor an Excel workbook');
    if (!utf8) continue;
    try {
      decoder.decode(bytes, { stream: true });
    } catch {
      utf8 = false;
    }
  }
  if (utf8) {
    try {
      decoder.decode();
    } catch {
      utf8 = false;
    }
  }
  return utf8 ? 'utf-8' : 'windows-1252';
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

export async function readCsv(path: string, keep?: KeepColumns): Promise<ReadSheet> {
  const encoding = await detectEncoding(path);
  const first = await head(path);
  const start = UTF8_BOM.every((b, i) => first[i] === b) ? 3 : 0;
  const delimiter = detectDelimiter(
    encoding === 'utf-8' ? first.subarray(start).toString('utf8') : iconv.decode(first.subarray(start), 'win1252'),
  );
  const collected = new RowCollector(keep);
  const parser = parse({
    delimiter,
    info: true,
    relax_column_count: true,
    // hand-made files put quotes inside unquoted cells (=HYPERLINK("…")): read them as text
    relax_quotes: true,
    skip_empty_lines: false,
    bom: true,
  });
  const source = createReadStream(path);
  const text = encoding === 'utf-8' ? source : source.pipe(iconv.decodeStream('win1252'));
  const reading = (async () => {
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is the line the record ended on; a record with a quoted line break starts earlier
      collected.add({ line: r.info.lines, cells: r.record, formulas: [] });
    }
  })();
  try {
    await Promise.all([pipeline(text, parser), reading]);
  } catch (err) {
    source.destroy();
    if (err instanceof ApiError) throw err;
    throw unreadable(`The CSV file could not be read: ${(err as Error).message}`);
  }
  const [headRow, ...rows] = collected.rows;
  if (!headRow) throw unreadable('The file holds no header line');
  return {
    kind: 'csv',
    headers: headRow.cells.map(headerText),
    rows,
    sheets: [],
    sheet: null,
    encoding,
    delimiter,
  };
}

/* ---------- XLSX ---------- */

const zipBomb = () =>
  new ApiError(400, 'zip_bomb', `The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB; it is refused as unsafe`, {
    field: 'file',
    value: MAX_UNPACKED_BYTES,
  });

/**
 * Inflates every entry of the archive once, as a stream, counting and keeping nothing: 400
 * zip_bomb when they add up to more than MAX_UNPACKED_BYTES, one grows beyond the size it
 * declares or there are more than MAX_ZIP_ENTRIES; 400 unreadable_file when it is no intact ZIP.
 */
export async function checkXlsxArchive(path: string): Promise<void> {
  let total = 0;
  let entries = 0;
  let refusal: ApiError | null = null;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > MAX_ZIP_ENTRIES || (file.originalSize ?? 0) > MAX_UNPACKED_BYTES) {
      refusal ??= zipBomb();
      return;
    }
    let size = 0;
    file.ondata = (err, data) => {
      if (refusal) return;
      if (err) {
        refusal = unreadable('The Excel file is damaged and could not be opened');
        return;
      }
      size += data.length;
      total += data.length;
      if (total > MAX_UNPACKED_BYTES || (file.originalSize !== undefined && file.originalSize > 0 && size > file.originalSize)) {
        refusal = zipBomb();
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream) {
      unzip.push(chunk as Buffer);
      if (refusal) break;
    }
    if (!refusal) unzip.push(new Uint8Array(0), true);
  } catch {
    refusal ??= unreadable('The Excel file is damaged and could not be opened');
  } finally {
    stream.destroy();
  }
  if (refusal) throw refusal;
  if (entries === 0) throw unreadable('The Excel file is damaged and could not be opened');
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

function sheetRow(row: ExcelJS.Row): SheetRow {
  const cells: Cell[] = [];
  const formulas: number[] = [];
  const values = row.values as ExcelJS.CellValue[];
  for (let col = 1; col < values.length; col++) {
    const { value, formula } = cellValue(values[col]);
    cells[col - 1] = value;
    if (formula) formulas.push(col - 1);
  }
  for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = null;
  return { line: row.number, cells, formulas };
}

type StreamedWorkbook = AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader> & { model?: { sheets?: Array<{ name: string }> } };

export async function readXlsx(path: string, sheetName?: string, keep?: KeepColumns): Promise<ReadSheet> {
  await checkXlsxArchive(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as StreamedWorkbook;
  const collected = new RowCollector(keep);
  const seen: string[] = [];
  let read: string | null = null;
  try {
    for await (const worksheet of reader) {
      const name = String((worksheet as unknown as { name: string }).name);
      seen.push(name);
      // The first sheet is the workbook's first (its own order, not the archive's).
      const wanted = sheetName ?? reader.model?.sheets?.[0]?.name ?? name;
      if (read !== null || name !== wanted) {
        // Read a sheet we skip to its end all the same: one that comes before the shared strings in
        // the archive is parked in a temporary file, which the reader deletes as soon as it moves
        // on; left unread, the file could be gone before its stream opened it (ENOENT).
        for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) void row;
        continue;
      }
      read = name;
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) collected.add(sheetRow(row));
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw unreadable('The Excel file is damaged and could not be opened');
  }
  const sheets = reader.model?.sheets?.map((s) => s.name) ?? seen;
  if (read === null) {
    throw new ApiError(422, 'unknown_sheet', sheetName ? `The workbook has no sheet "${sheetName}"` : 'The workbook has no sheet', {
      field: 'sheet',
      value: sheets,
    });
  }
  const [headRow, ...rows] = collected.rows;
  if (!headRow) throw unreadable('The sheet holds no header line');
  return {
    kind: 'xlsx',
    headers: headRow.cells.map(headerText),
    rows,
    sheets,
    sheet: read,
  };
}

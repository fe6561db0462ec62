import { open } from 'node:fs/promises';
import { MAX_IMPORT_ROWS } from '@/lib/domain/member-import';
import { ApiError } from '../../http/errors';

/** An uploaded member list as rows of cells, whatever file it came from (read-csv.ts, read-xlsx.ts). */

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

export const unreadable = (message: string) => new ApiError(400, 'unreadable_file', message, { field: 'file' });
const tooManyRows = () =>
  new ApiError(413, 'too_many_rows', `The file has more than ${MAX_IMPORT_ROWS} rows; split it into smaller files`, {
    field: 'file',
    value: MAX_IMPORT_ROWS,
  });

/** The first bytes read: the file kind, the byte-order mark and the CSV header line (for its delimiter). */
const HEAD_BYTES = 64 * 1024;

export async function head(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const isEmpty = (cells: readonly Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** A header cell as text. */
export const headerText = (c: Cell | undefined) =>
  (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString() : String(c)).trim();

/**
 * Which columns (by index) the reader keeps, decided from the header row; the others' cells are
 * dropped as they are read, so a file's unused columns (notes, long comments) take no memory.
 */
export type KeepColumns = (headers: readonly string[]) => ReadonlySet<number>;

/** Collects the filled rows (header first), refusing the first one over MAX_IMPORT_ROWS data rows. */
export class RowCollector {
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

  /** The header row's texts and the data rows; a file without a header row is refused with `noHeader`. */
  headersAndRows(noHeader: string): Pick<ReadSheet, 'headers' | 'rows'> {
    const [headRow, ...rows] = this.rows;
    if (!headRow) throw unreadable(noHeader);
    return { headers: headRow.cells.map(headerText), rows };
  }
}

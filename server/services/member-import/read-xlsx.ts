import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { ApiError } from '../../http/errors';
import { RowCollector, unreadable, type Cell, type KeepColumns, type ReadSheet, type SheetRow } from './sheet-rows';

/**
 * A member list as an .xlsx workbook (the first sheet or a named one), read as a stream. An .xlsx
 * is a ZIP archive: checkXlsxArchive inflates and counts it before the spreadsheet reader sees it.
 */

/** What the unpacked entries of an .xlsx may add up to. */
const MAX_UNPACKED_BYTES = 120 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2_000;

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
  return {
    kind: 'xlsx',
    ...collected.headersAndRows('The sheet holds no header line'),
    sheets,
    sheet: read,
  };
}

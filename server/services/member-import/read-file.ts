import { ApiError } from '../../http/errors';
import { readCsv } from './read-csv';
import { readXlsx } from './read-xlsx';
import { head, type KeepColumns, type ReadSheet } from './sheet-rows';

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

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
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

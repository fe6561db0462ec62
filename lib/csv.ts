/**
 * CSV for spreadsheets used in German-speaking offices: semicolon delimiter, CRLF line
 * ends and a UTF-8 byte-order mark so Excel opens umlauts correctly.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_DELIMITER = ';';
export const CSV_LINE_END = '\r\n';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  return String(value);
}

/*
 * A text cell starting with = + - @ is run as a formula by spreadsheet programs (CSV injection).
 * Such text gets a leading apostrophe. Numbers and phone-like text ("+43 664 1234567", "-5",
 * "-") are left alone so ordinary data is not changed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBERISH = /^[+-][\d\s().,/-]*$/;

function neutralise(text: string): string {
  if (FORMULA_START.test(text) && !PLAIN_NUMBERISH.test(text)) return `'${text}`;
  return text;
}

function escapeCell(value: unknown): string {
  const raw = cellText(value);
  const text = typeof value === 'string' ? neutralise(raw) : raw;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (without line end) of cell values, escaped and formula-neutralised. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(escapeCell).join(CSV_DELIMITER);
}

/** Rows to CSV text: BOM, header line, one line per row. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [csvLine(columns.map((c) => c.header))];
  for (const row of rows) {
    lines.push(csvLine(columns.map((c) => c.value(row))));
  }
  return CSV_BOM + lines.join(CSV_LINE_END) + CSV_LINE_END;
}

/** Offers the CSV text as a file download in the browser. */
export function downloadCsv(filename: string, csv: string): void {
  const name = filename.toLowerCase().endsWith('.csv') ? filename : `${filename}.csv`;
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // revoke later: some browsers start reading the blob only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { ApiError } from '../../http/errors';
import { head, RowCollector, unreadable, type KeepColumns, type ReadSheet } from './sheet-rows';

/**
 * A member list as CSV: `;` or `,`, UTF-8 with or without byte-order mark, or Windows-1252 as
 * German Excel saves it (a file that is not valid UTF-8 is read as Windows-1252), read as a stream.
 */

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
  return {
    kind: 'csv',
    ...collected.headersAndRows('The file holds no header line'),
    sheets: [],
    sheet: null,
    encoding,
    delimiter,
  };
}

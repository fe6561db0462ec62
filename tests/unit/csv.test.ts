import { CSV_BOM, downloadCsv, toCsv } from '@/lib/csv';

type Member = { name: string; city: string | null; age: number; note?: string };

const columns = [
  { header: 'Name', value: (m: Member) => m.name },
  { header: 'Ort', value: (m: Member) => m.city },
  { header: 'Alter', value: (m: Member) => m.age },
];

describe('toCsv', () => {
  it('starts with the byte-order mark and uses ; and CRLF', () => {
    const csv = toCsv([{ name: 'Anna Huber', city: 'Graz', age: 34 }], columns);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Name;Ort;Alter\r\nAnna Huber;Graz;34\r\n');
  });

  it('quotes cells holding ;, " or line breaks and doubles inner quotes', () => {
    const csv = toCsv(
      [
        { name: 'Huber; Anna', city: 'Wien', age: 1 },
        { name: 'Der "Pfeil" BSV', city: 'Linz\nUrfahr', age: 2 },
        { name: 'Zeile\r\nzwei', city: null, age: 3 },
      ],
      columns,
    );
    const lines = csv.slice(1);
    expect(lines).toContain('"Huber; Anna";Wien;1\r\n');
    expect(lines).toContain('"Der ""Pfeil"" BSV";"Linz\nUrfahr";2\r\n');
    expect(lines).toContain('"Zeile\r\nzwei";;3\r\n');
  });

  it('writes empty cells for null and undefined, keeps umlauts', () => {
    const csv = toCsv(
      [{ name: 'Jürgen Größ', city: null, age: 0, note: undefined }],
      [...columns, { header: 'Notiz', value: (m: Member) => m.note }],
    );
    expect(csv.slice(1)).toBe('Name;Ort;Alter;Notiz\r\nJürgen Größ;;0;\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula, but keeps phone numbers and numbers', () => {
    const csv = toCsv(
      [
        { name: '=HYPERLINK("http://x")', city: '+43 664 1234567', age: -5 },
        { name: '@SUM(A1)', city: '-', age: 1 },
      ],
      columns,
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://x"")";+43 664 1234567;-5');
    expect(lines[2]).toBe("'@SUM(A1);-;1");
  });

  it('gives only the header line for no rows', () => {
    expect(toCsv([], columns)).toBe(`${CSV_BOM}Name;Ort;Alter\r\n`);
  });
});

/** jsdom's Blob has no arrayBuffer(); FileReader gives the raw bytes (readAsText would drop the BOM). */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('downloadCsv', () => {
  it('hands a UTF-8 CSV blob with the BOM to a download link', async () => {
    const created: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv-1';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    jest.useFakeTimers();
    try {
      downloadCsv('mitglieder', toCsv([{ name: 'Ä', city: 'Wien', age: 1 }], columns));

      expect(clicks).toHaveLength(1);
      expect(clicks[0].download).toBe('mitglieder.csv');
      expect(clicks[0].href).toBe('blob:csv-1');
      expect(created[0].type).toBe('text/csv;charset=utf-8');
      const bytes = await blobBytes(created[0]);
      expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      expect(Buffer.from(bytes.subarray(3)).toString('utf8')).toBe('Name;Ort;Alter\r\nÄ;Wien;1\r\n');

      jest.runAllTimers();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv-1');
    } finally {
      jest.useRealTimers();
      click.mockRestore();
    }
  });
});

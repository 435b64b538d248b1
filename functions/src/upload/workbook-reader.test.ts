import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sheetName, wholeCharactersEnd, workbookReader } from './workbook-reader';

/** A workbook of exceljs's writer, its zip's parts stored in `order` (the rest after them, then the worksheets). */
async function workbookInOrder(sheets: Record<string, unknown[][]>, order: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  const written = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const names = Object.keys(written.files).filter((n) => !written.files[n]!.dir);
  const isSheet = (n: string) => n.startsWith('xl/worksheets/');
  const ordered = [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n) && !isSheet(n)), ...names.filter(isSheet).sort()];
  const zip = new JSZip();
  for (const n of ordered) zip.file(n, await written.files[n]!.async('nodebuffer'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The fractions a read of `bytes` reports (the bytes coming in chunks of 8 kB, as from S3), its rows read. */
async function progressOf(bytes: Buffer): Promise<number[]> {
  const fractions: number[] = [];
  const chunks = Array.from({ length: Math.ceil(bytes.length / 8192) }, (_, i) => bytes.subarray(i * 8192, (i + 1) * 8192));
  for await (const sheet of workbookReader(Readable.from(chunks), { size: bytes.length, report: (f) => fractions.push(f) })) {
    for await (const _row of sheet) {
      // read
    }
  }
  return fractions;
}

/** Each sheet's name and rows, read as the parse job reads them; a slow reader of rows waits `pause` ms after each sheet (its checks and writes). */
async function readAll(bytes: Buffer, pause: number): Promise<{ name: string; rows: unknown[][] }[]> {
  const out: { name: string; rows: unknown[][] }[] = [];
  for await (const sheet of workbookReader(Readable.from([bytes]))) {
    const rows: unknown[][] = [];
    for await (const row of sheet) rows.push(row.values.slice(1));
    out.push({ name: sheetName(sheet).name, rows });
    await new Promise((r) => setTimeout(r, pause));
  }
  return out;
}

const SHEETS = {
  Amendments: [['Contract ID', 'Amendment #', 'Field Name'], [700001, 1, 'Term']],
  Accounts: [['CAMS Account ID', 'Field Name', 'New Value'], [5, 'Contract Rate', 0.2]],
};
const EXPECTED = Object.entries(SHEETS).map(([name, rows]) => ({ name, rows }));

/**
 * A workbook's rows as stock exceljs's streaming reader reads them (the reference of the comparison
 * below). That reader walks the zip with its own stream iterator (exceljs's utils/iterate-stream.js),
 * which now and then loses an entry under load: in one of about seven full runs it lost xl/workbook.xml
 * and threw "Cannot read properties of undefined (reading 'sheets')". A read that throws is read
 * again (at most three times); what the product reads is not retried.
 */
async function stockExceljsRows(bytes: Buffer): Promise<{ number: number; values: unknown[] }[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const rows: { number: number; values: unknown[] }[] = [];
      for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore' })) {
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) rows.push({ number: row.number, values: row.values as unknown[] });
      }
      return rows;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

describe('workbookReader', () => {
  it("reads every sheet with its shared strings when the sheets come last and the rows' reader is slow", async () => {
    // Prepare: the workbook's relationships, workbook part and shared strings before its sheets (Excel's own order varies)
    const bytes = await workbookInOrder(SHEETS, ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']);
    // Act
    const read = await readAll(bytes, 30);
    // Assess
    expect(read).toEqual(EXPECTED);
  });

  it('reads sheets stored before the shared strings and the workbook part, as exceljs writes them, with their names and texts', async () => {
    // Prepare: exceljs's own order (the sheets, then the shared strings, then xl/workbook.xml)
    const wb = new ExcelJS.Workbook();
    for (const [name, rows] of Object.entries(SHEETS)) wb.addWorksheet(name).addRows(rows);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    // Act
    const read = await readAll(bytes, 30);
    // Assess
    expect(read).toEqual(EXPECTED);
  });

  it.each([
    ['copied to a file until its shared strings come (exceljs\'s order)', false],
    ['read in place (its parts stored before it)', true],
  ])('fails when its input fails part-way (a dropped S3 connection) while its sheet is %s, instead of waiting for the rest', async (_how, inPlace) => {
    // Prepare: a workbook cut in its sheet (the first 8 kB of exceljs's order, all but the last 2 kB of the other)
    const rows = Array.from({ length: 5000 }, (_, i) => [i + 1, `Account number ${i + 1}`]);
    const bytes = inPlace
      ? await workbookInOrder({ Accounts: rows }, ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'])
      : await (async () => {
          const wb = new ExcelJS.Workbook();
          wb.addWorksheet('Accounts').addRows(rows);
          return Buffer.from(await wb.xlsx.writeBuffer());
        })();
    // the cut part first; the connection drops when the reader asks for more (no timer: the reader is
    // listening by then, and is in the middle of the sheet)
    let sent = false;
    const input = new Readable({
      read() {
        if (sent) this.destroy(new Error('socket hang up'));
        else {
          sent = true;
          this.push(bytes.subarray(0, inPlace ? bytes.length - 2048 : 8192));
        }
      },
    });
    // Act
    const read = (async () => {
      for await (const sheet of workbookReader(input)) for await (const _row of sheet) void _row;
    })();
    // Assess
    await expect(read).rejects.toThrow('socket hang up');
  });

  it('reads every kind of cell as exceljs reads it: texts, rich texts, numbers, dates, booleans, formulas, errors, empty cells and rows', async () => {
    // Prepare: a workbook of exceljs's writer, with shared strings and a date style
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Accounts');
    ws.addRow(['Name', 'Count', 'Rate', 'Start', 'Active', 'Total', 'Label', 'Check', 'Note']);
    ws.addRow(['Acme & Sons <East>', 12, 0.0825, new Date(Date.UTC(2026, 10, 1)), true, { formula: 'B2*2', result: 24 }, { formula: '"x"&A2', result: 'xAcme' }, { error: '#N/A' }, { richText: [{ text: 'Bold ', font: { bold: true } }, { text: 'plain' }] }]);
    ws.getRow(3).getCell(2).value = 7; // a row of one cell
    ws.getRow(5).getCell(9).value = 'far right'; // row 4 missing
    ws.addRow(['Zoë Ñúñez', -1.5, 0, new Date(Date.UTC(1999, 11, 31)), false, null, null, null, '']);
    ws.getColumn(4).numFmt = 'mm/dd/yyyy';
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const exceljsRows = await stockExceljsRows(bytes);
    // Act
    const rows: { number: number; values: unknown[] }[] = [];
    for await (const sheet of workbookReader(Readable.from([bytes]))) for await (const row of sheet) rows.push(row);
    // Assess
    expect(rows).toEqual(exceljsRows);
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 5, 6]);
    expect(rows[1]!.values[4]).toEqual(new Date(Date.UTC(2026, 10, 1)));
    expect(rows[1]!.values[1]).toBe('Acme & Sons <East>');
  });

  it('keeps accented texts whole, whichever chunks of the zip their bytes come in (exceljs decodes each chunk alone)', async () => {
    // Prepare: 20,000 shared strings of accented and CJK letters (some of their characters fall across the zip's output chunks)
    const names = Array.from({ length: 20_000 }, (_, i) => `Zoë Ñúñez-Šťastný ${i} 東京`);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Contacts').addRows(names.map((n) => [n]));
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    // Act
    const read: unknown[] = [];
    for await (const sheet of workbookReader(Readable.from([bytes]))) for await (const row of sheet) read.push(row.values[1]);
    // Assess
    expect(read.filter((v, i) => v !== names[i])).toEqual([]);
  });

  it.each([
    ['ASCII', [0x41, 0x42], 2],
    ['a whole two-byte letter', [0x41, 0xc3, 0xab], 3],
    ['the first byte of a two-byte letter', [0x41, 0xc3], 1],
    ['two bytes of a three-byte letter', [0x41, 0xe6, 0x9d], 1],
    ['a whole three-byte letter', [0xe6, 0x9d, 0xb1], 3],
    ['three bytes of a four-byte letter', [0x41, 0xf0, 0x9f, 0x98], 1],
    ['a whole four-byte letter', [0xf0, 0x9f, 0x98, 0x80], 4],
  ])('cuts a chunk after its last whole UTF-8 character: %s', (_what, bytes, end) => {
    expect(wholeCharactersEnd(Uint8Array.from(bytes))).toBe(end);
  });

  describe('progress', () => {
    // 20,000 rows of distinct texts: a sheet and shared strings of many chunks each (more than the zip reader reads ahead)
    const BIG = { Accounts: [['CAMS Account ID', 'Account Name'], ...Array.from({ length: 20_000 }, (_, i) => [i + 1, `Account number ${i + 1}`])] };

    it('reports how much of the workbook has been read, only forward, up to the whole of it, when its sheet is read in place', async () => {
      // Prepare: the parts a sheet needs stored before it
      const bytes = await workbookInOrder(BIG, ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']);
      // Act
      const fractions = await progressOf(bytes);
      // Assess
      expect(fractions.length).toBeGreaterThan(3);
      expect(fractions.every((f, i) => i === 0 || f > fractions[i - 1]!)).toBe(true);
      expect(fractions.at(-1)).toBe(1);
    });

    it("counts the copy of a sheet stored before its shared strings for a tenth, and the reading of its rows afterwards for the rest", async () => {
      // Prepare: exceljs's own order (the sheet first: kept in a file until the shared strings are read)
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('Accounts').addRows(BIG.Accounts);
      const bytes = Buffer.from(await wb.xlsx.writeBuffer());
      // Act
      const fractions = await progressOf(bytes);
      // Assess: the zip's bytes within the first tenth, past it only as the kept sheet's rows are read, then the whole
      expect(fractions.every((f, i) => i === 0 || f > fractions[i - 1]!)).toBe(true);
      expect(fractions.filter((f) => f <= 0.1).length).toBeGreaterThan(1);
      expect(fractions.filter((f) => f > 0.1 && f < 1).length).toBeGreaterThan(1);
      expect(fractions.at(-1)).toBe(1);
    });
  });
});

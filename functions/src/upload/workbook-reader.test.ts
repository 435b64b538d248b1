import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sheetName, workbookReader } from './workbook-reader';

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
    for await (const _row of sheet as AsyncIterable<ExcelJS.Row>) {
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
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) rows.push((row.values as unknown[]).slice(1));
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
      for await (const sheet of workbookReader(input)) for await (const _row of sheet as AsyncIterable<ExcelJS.Row>) void _row;
    })();
    // Assess
    await expect(read).rejects.toThrow('socket hang up');
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

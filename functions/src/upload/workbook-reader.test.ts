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
});

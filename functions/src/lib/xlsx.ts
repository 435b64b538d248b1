import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { HttpResult } from './http';

/**
 * Spreadsheet downloads (agents, contracts, ...): an .xlsx written with exceljs's streaming writer
 * (no shared strings), a bold frozen header row, dates as Excel dates. Text that a spreadsheet would
 * take for a formula (starting with = + - @, a tab or a carriage return) is prefixed with a single
 * quote. Exports are bounded by MAX_RECORD_COUNT rows, so the file (tens of kilobytes) is answered
 * inline, base64-encoded; a larger export would go through S3 and a presigned GET (ARCHITECTURE "Files").
 */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface XlsxColumn {
  header: string;
  /** the column holds transfer-format dates (shown mm/dd/yyyy) */
  date?: boolean;
}

/** A download's file name with the day it was written ('accounts-2026-11-26.xlsx'; issue 28: files of different days keep apart). */
export const datedXlsxName = (stem: string, day: Date = new Date()): string => `${stem}-${day.toISOString().slice(0, 10)}.xlsx`;

/**
 * The columns of a grid download chosen by the grid's visible fields, in their order (`columns`:
 * comma-joined field names; absent or none known: every column).
 */
export function pickColumns<C extends { field: string }>(all: readonly C[], columns: string | undefined): readonly C[] {
  if (!columns) return all;
  const picked = columns.split(',').map((f) => all.find((c) => c.field === f)).filter((c): c is C => c !== undefined);
  return picked.length ? picked : all;
}

/** A text cell that cannot be read as a formula (CSV/formula injection). */
export function escapeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A transfer-format date as an Excel date (a calendar day: no time-zone shift). */
export function excelDate(transfer: string): Date {
  const [y, m, d] = transfer.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A value as a cell: numbers and booleans as they are, dates of date columns as dates, text escaped. */
function cellOf(value: unknown, column: XlsxColumn): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value;
  if (column.date) return excelDate(String(value));
  return escapeCell(String(value));
}

/** A sheet written row by row to a stream (exceljs's streaming writer: memory stays flat). */
export interface XlsxSheetWriter {
  add(row: readonly unknown[]): void;
  /** finish the sheet and the workbook (the stream ends) */
  commit(): Promise<void>;
}

/** A sheet of a streaming workbook: its header row written, rows added one by one. */
function sheetOf(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheetName: string, columns: readonly XlsxColumn[]) {
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: `c${i}`,
    width: Math.max(10, Math.min(40, c.header.length + 2)),
    ...(c.date ? { style: { numFmt: 'mm/dd/yyyy' } } : {}),
  }));
  // a filter button on every column's header (autofilter)
  if (columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  return {
    add: (row: readonly unknown[]) => sheet.addRow(row.map((v, i) => cellOf(v, columns[i]!))).commit(),
    end: () => sheet.commit(),
  };
}

/** An .xlsx of one sheet written to `out` as rows are added. */
export function xlsxSheetWriter(out: NodeJS.WritableStream, sheetName: string, columns: readonly XlsxColumn[]): XlsxSheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as unknown as import('node:stream').Stream, useSharedStrings: false, useStyles: true });
  const sheet = sheetOf(workbook, sheetName, columns);
  return {
    add: sheet.add,
    async commit() {
      sheet.end();
      await workbook.commit();
    },
  };
}

/** Write the rows to an .xlsx in memory (streamed through the writer) and answer its bytes. */
export function xlsxWorkbook(sheetName: string, columns: readonly XlsxColumn[], rows: Iterable<readonly unknown[]>): Promise<Buffer> {
  return xlsxSheets([{ name: sheetName, columns, rows }]);
}

/** A workbook of several sheets in memory (a SingleFile template: a sheet per type). */
export async function xlsxSheets(sheets: readonly { name: string; columns: readonly XlsxColumn[]; rows: Iterable<readonly unknown[]> }[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  for (const s of sheets) {
    const writer = sheetOf(workbook, s.name, s.columns);
    for (const row of s.rows) writer.add(row);
    writer.end();
  }
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** The HTTP answer of a file download (the API client names the file from content-disposition). */
export function xlsxResult(bytes: Buffer, filename: string): HttpResult {
  return {
    statusCode: 200,
    headers: {
      'content-type': XLSX_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
  };
}

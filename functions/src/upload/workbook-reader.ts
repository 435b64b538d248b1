import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs's streaming reader over an uploaded workbook. Spreadsheet writers order a zip's parts
 * differently, and exceljs's reader crashes on a worksheet that comes after the workbook's
 * relationships but before `xl/workbook.xml` (its model is not there yet). It starts here with an
 * empty model: such a sheet is then read under its default name ('Sheet2'), and `sheetName` answers
 * the name it has, or that default.
 */
export function workbookReader(body: Readable): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(body, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'emit' });
  const model = reader as unknown as { model?: { sheets: unknown[] } };
  model.model ??= { sheets: [] };
  return reader;
}

/** A worksheet's name, and its number in the workbook ('Sheet2' -> 2). */
export function sheetName(sheet: unknown): { name: string; number: number | null } {
  const s = sheet as { name?: string; id?: string | number };
  const name = s.name ?? '';
  const n = Number(/^Sheet(\d+)$/.exec(name)?.[1] ?? s.id);
  return { name, number: Number.isFinite(n) ? n : null };
}

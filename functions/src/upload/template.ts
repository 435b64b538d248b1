import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { SINGLE_FILE_ORDER, UPLOAD_COLUMNS, type UploadType } from '@eb/shared/upload/columns';
import { xlsxWorkbook } from '../lib/xlsx';

/**
 * GET upload/DownloadTemplate?uploadType: an .xlsx whose header row is the type's columns in order
 * (a SingleFile template: a sheet per type, named by the type, in import order).
 */
export const templateFileName = (type: UploadType) => `${type}-template.xlsx`;

export async function uploadTemplate(type: UploadType): Promise<Buffer> {
  if (type !== 'SingleFile') return xlsxWorkbook(type, UPLOAD_COLUMNS[type].map((c) => ({ header: c.header })), []);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  for (const t of SINGLE_FILE_ORDER) {
    const sheet = workbook.addWorksheet(t, { views: [{ state: 'frozen', ySplit: 1 }] });
    const header = sheet.addRow(UPLOAD_COLUMNS[t].map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    sheet.commit();
  }
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

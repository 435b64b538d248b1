import { EXCEPTION_REASON_HEADER, UPLOAD_COLUMNS, type RowType } from '@eb/shared/upload/columns';
import { EXCEPTION_REASONS, type UploadException } from '@eb/shared/upload/exceptions';
import { xlsxWorkbook } from '../lib/xlsx';
import { uploadRows } from './rows';

/**
 * The uploader's downloads (spec 3 section 7): the exceptions workbook — the rejected rows with
 * the type's columns as read and an 'Exception Reason' column, which can be corrected in a
 * spreadsheet and uploaded again as it is (the reason column is skipped) — and the imported rows.
 */
export const exceptionsFileName = (type: RowType) => `${type}-exceptions.xlsx`;
export const importedFileName = (type: RowType) => `${type}-imported.xlsx`;

async function rowsWorkbook(type: RowType, state: 'withExceptions' | 'imported', batchId: number | undefined, withReasons: boolean): Promise<Buffer> {
  const columns = UPLOAD_COLUMNS[type];
  const out: unknown[][] = [];
  for await (const batch of uploadRows().batches({ filter: (r) => r.uploadType === type && r.rowState === state && (batchId === undefined || r.uploadBatchId === batchId), orderBy: 'objectId Ascending' }, 1000)) {
    for (const r of batch) {
      const data = JSON.parse(r.data) as Record<string, unknown>;
      const cells: unknown[] = columns.map((c) => data[c.field] ?? null);
      if (withReasons) cells.push((JSON.parse(r.exceptions) as UploadException[]).map((e) => `${e.uiHeader}: ${EXCEPTION_REASONS[e.type]}`).join('; '));
      out.push(cells);
    }
  }
  const headers = columns.map((c) => ({ header: c.header, ...(c.kind === 'date' ? { date: true } : {}) }));
  return xlsxWorkbook(type, withReasons ? [...headers, { header: EXCEPTION_REASON_HEADER }] : headers, out.map((cells) => cells.map((v, i) => (headers[i]?.date && typeof v === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(v) ? null : v))));
}

export const exceptionsWorkbook = (type: RowType, batchId?: number) => rowsWorkbook(type, 'withExceptions', batchId, true);
export const importedWorkbook = (type: RowType, batchId?: number) => rowsWorkbook(type, 'imported', batchId, false);

import { EXCEPTION_REASON_HEADER } from '@eb/shared/upload/columns';
import { EXCEPTION_REASONS, type UploadException } from '@eb/shared/upload/exceptions';
import { xlsxSheets, xlsxWorkbook } from '../lib/xlsx';
import type { RowPipeline } from './pipeline';

/**
 * A pipeline's downloads (spec 3 section 7): the template (the type's columns in order, and any
 * sheets the pipeline adds), the exceptions workbook — the rejected rows with the type's columns as
 * read and an 'Exception Reason' column, which can be corrected in a spreadsheet and uploaded again
 * as it is (the reason column is skipped) — and the imported rows.
 */
export const templateFileName = (type: string) => `${type}-template.xlsx`;
export const exceptionsFileName = (type: string) => `${type}-exceptions.xlsx`;
export const importedFileName = (type: string) => `${type}-imported.xlsx`;

/** The template of row types: a sheet per type named by it, then `more` sheets (a list of field names). */
export const templateWorkbook = (p: RowPipeline, types: readonly string[], more: { name: string; columns: { header: string }[]; rows: unknown[][] }[] = []) =>
  xlsxSheets([...types.map((t) => ({ name: t, columns: p.columns(t).map((c) => ({ header: c.header })), rows: [] as unknown[][] })), ...more]);

async function rowsWorkbook(p: RowPipeline, type: string, state: 'withExceptions' | 'imported', batchId: number | undefined, withReasons: boolean): Promise<Buffer> {
  const columns = p.columns(type);
  const out: unknown[][] = [];
  for await (const batch of p.store.rows().batches({ filter: (r) => r.rowType === type && r.rowState === state && (batchId === undefined || r.batchId === batchId), orderBy: 'objectId Ascending' }, 1000)) {
    const full = await p.store.readMany(batch.map((r) => r.objectId));
    for (const r of batch.flatMap((b) => (full.has(b.objectId) ? [full.get(b.objectId)!] : []))) {
      const data = JSON.parse(r.data) as Record<string, unknown>;
      const cells: unknown[] = columns.map((c) => data[c.field] ?? null);
      if (withReasons) cells.push((JSON.parse(r.exceptions) as UploadException[]).map((e) => `${e.uiHeader}: ${EXCEPTION_REASONS[e.type]}`).join('; '));
      out.push(cells);
    }
  }
  const headers = columns.map((c) => ({ header: c.header, ...(c.kind === 'date' ? { date: true } : {}) }));
  return xlsxWorkbook(type, withReasons ? [...headers, { header: EXCEPTION_REASON_HEADER }] : headers, out.map((cells) => cells.map((v, i) => (headers[i]?.date && typeof v === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(v) ? null : v))));
}

export const exceptionsWorkbook = (p: RowPipeline, type: string, batchId?: number) => rowsWorkbook(p, type, 'withExceptions', batchId, true);
export const importedWorkbook = (p: RowPipeline, type: string, batchId?: number) => rowsWorkbook(p, type, 'imported', batchId, false);

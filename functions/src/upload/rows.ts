import type { UploadException } from '@eb/shared/upload/exceptions';
import type { RowType, UploadType } from '@eb/shared/upload/columns';
import type { RowState, UploadedRow, UploadListBody } from '@eb/shared/upload/schemas';
import type { PagedResult } from '@eb/shared/paging';
import { toTransferDate } from '@eb/shared/validation';
import { batchPut } from '../lib/db';
import { feedAttributes, nextSeq } from '../lib/feed';
import { listEngine, pageParams, type ListSpec } from '../lib/list-engine';

/**
 * Uploaded rows (spec 3 "Uploaded row"), one item each (UPLOADROW#id), listed by the list engine
 * (type 'uploadRow': by upload type, state and batch, paged and counted). A row's id is its batch's
 * id times ROWS_PER_BATCH plus its row number, so a parse job delivered again writes the same items
 * (nothing twice). Rows are written in batches of 25 with their feed stamps reserved once per
 * batch (one counter update per 25 rows, not per row).
 */
export const ROWS_PER_BATCH = 1_000_000;
export const uploadRowId = (batchId: number, rowNumber: number) => batchId * ROWS_PER_BATCH + rowNumber;
export const UPLOAD_ROW_TYPE = 'uploadRow';
const key = (id: number) => ({ pk: `UPLOADROW#${id}`, sk: 'UPLOADROW' });

export interface NewUploadRow {
  uploadType: RowType;
  uploadBatchId: number;
  rowNumber: number;
  uploadUser: string;
  data: Record<string, unknown>;
  exceptions: UploadException[];
}

interface RowOwn {
  objectId: number;
  uploadType: string;
  uploadBatchId: number;
  rowNumber: number;
  uploadDate: string;
  uploadUser: string;
  rowState: string;
  data: string;
  exceptions: string;
}

export const uploadRowListSpec: ListSpec<RowOwn> = {
  type: UPLOAD_ROW_TYPE,
  project: (s) => ({
    objectId: Number(s.objectId),
    uploadType: String(s.uploadType),
    uploadBatchId: Number(s.uploadBatchId),
    rowNumber: Number(s.rowNumber),
    uploadDate: String(s.uploadDate ?? ''),
    uploadUser: String(s.uploadUser ?? ''),
    rowState: String(s.rowState),
    data: String(s.data ?? '{}'),
    exceptions: String(s.exceptions ?? '[]'),
  }),
  id: (r) => r.objectId,
  searchText: () => '',
  sortKeys: { objectId: 'objectId', rowNumber: 'rowNumber', uploadBatchId: 'uploadBatchId', uploadDate: 'uploadDate' },
  defaultSort: { field: 'objectId', direction: 'Ascending' },
};
export const uploadRows = () => listEngine(uploadRowListSpec);

const toRow = (r: RowOwn): UploadedRow => ({
  objectId: r.objectId,
  uploadType: r.uploadType as UploadType,
  uploadBatchId: r.uploadBatchId,
  rowNumber: r.rowNumber,
  uploadDate: r.uploadDate,
  uploadUser: r.uploadUser,
  rowState: r.rowState as RowState,
  uploadDataRow: r.data,
  uploadExceptions: JSON.parse(r.exceptions) as UploadException[],
});

/** Upload rows are written eight batches in flight. */
const batchWrite = (items: Record<string, unknown>[]) => batchPut(items, 8);

/** Writes rows (their state from their exceptions), their feed stamps reserved in one range. */
export async function writeUploadRows(rows: readonly NewUploadRow[]): Promise<void> {
  if (!rows.length) return;
  const first = await nextSeq(UPLOAD_ROW_TYPE, rows.length);
  const now = toTransferDate(new Date());
  await batchWrite(
    rows.map((r, i) => {
      const objectId = uploadRowId(r.uploadBatchId, r.rowNumber);
      return {
        ...key(objectId),
        objectId,
        uploadType: r.uploadType,
        uploadBatchId: r.uploadBatchId,
        rowNumber: r.rowNumber,
        uploadDate: now,
        uploadUser: r.uploadUser,
        rowState: r.exceptions.length ? 'withExceptions' : 'validated',
        data: JSON.stringify(r.data),
        exceptions: JSON.stringify(r.exceptions),
        version: 1,
        ...feedAttributes(UPLOAD_ROW_TYPE, objectId, first + i),
      };
    }),
  );
}

const filterOf = (b: Pick<UploadListBody, 'rowState' | 'uploadType' | 'batchId'>) => (r: RowOwn) =>
  r.uploadType === b.uploadType && r.rowState === b.rowState && (b.batchId === undefined || r.uploadBatchId === b.batchId);

/** POST upload/GetList: a type's rows of a state (and batch), by batch and row number; with rowCountOnly, the count alone. */
export async function listUploadRows(body: UploadListBody, query: Record<string, string | undefined>): Promise<PagedResult<UploadedRow>> {
  const page = pageParams(query);
  const result = await uploadRows().query({
    ...page,
    ...(body.rowCountOnly ? { limit: 0 } : {}),
    orderBy: page.orderBy ?? 'objectId Ascending',
    getTotalCount: true,
    filter: filterOf(body),
  });
  return { data: result.data.map(toRow), totalCount: result.totalCount };
}

/** POST upload/GetBatchIds: the batch ids of a type's valid (validated) or exception rows, newest first. */
export async function uploadBatchIds(uploadType: UploadType, isValid: boolean): Promise<{ batchIds: number[] }> {
  const state = isValid ? 'validated' : 'withExceptions';
  const ids = new Set<number>();
  for await (const rows of uploadRows().batches({ filter: (r) => r.uploadType === uploadType && r.rowState === state }, 10_000)) for (const r of rows) ids.add(r.uploadBatchId);
  return { batchIds: [...ids].sort((a, b) => b - a) };
}

/** DELETE upload/DeleteRows: the rows as tombstones (the list sees the removal). */
export async function deleteUploadRows(ids: readonly number[]): Promise<void> {
  const first = await nextSeq(UPLOAD_ROW_TYPE, ids.length);
  await batchWrite(ids.map((objectId, i) => ({ ...key(objectId), objectId, deleted: true, version: 2, ...feedAttributes(UPLOAD_ROW_TYPE, objectId, first + i) })));
}

/** The rows of these ids (after a write). */
export async function listUploadRowsByIds(ids: readonly number[]): Promise<UploadedRow[]> {
  return (await uploadRows().rowsOf(ids)).map(toRow);
}

import type { RowType, UploadType } from '@eb/shared/upload/columns';
import type { RowState } from '@eb/shared/upload/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';
import { rowsPageOf, sendSpreadsheet, type WorkbenchApi } from './workbench';

/** The uploader's calls (spec 3 section 7), keyed by the route table. */
export interface UploadListParams {
  uploadType: RowType;
  rowState: RowState;
  batchId: number | null;
  skip: number;
  limit: number;
}

/** POST upload/GetList: a page of a type's rows of a state (and batch), with the total. */
export const uploadRowsQuery = (p: UploadListParams) =>
  routeQuery(endpoint('POST', 'upload', 'GetList'), {
    query: { limit: p.limit, skip: p.skip, getTotalCount: true },
    body: { uploadType: p.uploadType, rowState: p.rowState, ...(p.batchId ? { batchId: p.batchId } : {}) },
  });
/** The count alone (rowCountOnly), for the tabs. */
export const uploadCountQuery = (uploadType: RowType, rowState: RowState, batchId: number | null) =>
  routeQuery(endpoint('POST', 'upload', 'GetList'), { query: { limit: 0, getTotalCount: true }, body: { uploadType, rowState, rowCountOnly: true, ...(batchId ? { batchId } : {}) } });
/** POST upload/GetBatchIds: the batch filter's options of a tab (its rows' state), newest first. */
export const batchIdsQuery = (uploadType: RowType, rowState: RowState) =>
  routeQuery(endpoint('POST', 'upload', 'GetBatchIds'), { body: { uploadType, isValid: rowState !== 'withExceptions', ...(rowState === 'imported' ? { rowState } : {}) } });

/**
 * GET upload/GetSingleFileJobs: 'Select job' on the SingleFile tab, the user's last completed
 * SingleFile uploads; `newest` (the newest such job the job list knows) asks again when one ends.
 */
export const singleFileJobsQuery = (newest: string | null) => routeQuery(endpoint('GET', 'upload', 'GetSingleFileJobs'), {}, { scope: newest ?? '' });

export const downloadTemplate = (uploadType: UploadType) => call(endpoint('GET', 'upload', 'DownloadTemplate'), { query: { uploadType } });
export const downloadExceptions = (uploadType: RowType, batchId: number | null) =>
  call(endpoint('GET', 'upload', 'DownloadExceptions'), { query: { uploadType, ...(batchId ? { batchId } : {}) } });
export const downloadImported = (uploadType: RowType, batchId: number | null) =>
  call(endpoint('GET', 'upload', 'DownloadImported'), { query: { uploadType, ...(batchId ? { batchId } : {}) } });
export const importRows = (uploadType: RowType, ids: number[]) => call(endpoint('POST', 'upload', 'ImportRows'), { body: { uploadType, ids } });
export const saveAll = (uploadType: RowType, batchId: number | null) => call(endpoint('POST', 'upload', 'SaveAll'), { body: { uploadType, ...(batchId ? { batchId } : {}) } });
export const deleteRows = (ids: number[]) => call(endpoint('DELETE', 'upload', 'DeleteRows'), { body: ids });
export const deleteAll = (uploadType: RowType, rowState: 'validated' | 'withExceptions', batchId: number | null) =>
  call(endpoint('DELETE', 'upload', 'DeleteAll'), { body: { uploadType, rowState, ...(batchId ? { batchId } : {}) } });
export const resolveRows = (fixes: { objectId: number; exceptions: { uiHeader: string; newValue: string | null }[] }[]) => call(endpoint('POST', 'upload', 'Resolve'), { body: fixes });

/**
 * Upload Spreadsheet: a presigned form for the .xlsx, the file posted straight to S3 (progress from
 * 0 to 1), then Upload registers it and answers its parse job.
 */
export const uploadSpreadsheet = (uploadType: UploadType, file: File, onProgress: (done: number) => void, resumeKey?: string) =>
  sendSpreadsheet(
    file,
    onProgress,
    () => call(endpoint('POST', 'upload', 'GetUploadForm'), { body: { uploadType, fileName: file.name, size: file.size } }),
    (key) => call(endpoint('POST', 'upload', 'Upload'), { body: { uploadType, key, fileName: file.name, ...(resumeKey ? { resumeKey } : {}) } }),
  );

/** The uploader's calls as its screen uses them (entities/upload/workbench.ts). */
export const UPLOAD_WORKBENCH_API: WorkbenchApi = {
  resource: 'upload',
  rowsQuery: (p) => ({ ...uploadRowsQuery({ ...p, uploadType: p.type as RowType }), select: rowsPageOf('upload') }),
  countQuery: (type, rowState, batchId) => ({ ...uploadCountQuery(type as RowType, rowState, batchId), select: rowsPageOf('upload') }),
  batchIdsQuery: (type, state) => batchIdsQuery(type as RowType, state),
  downloadTemplate: (type) => downloadTemplate(type as UploadType),
  downloadExceptions: (type, batchId) => downloadExceptions(type as RowType, batchId),
  downloadImported: (type, batchId) => downloadImported(type as RowType, batchId),
  importRows: (type, ids) => importRows(type as RowType, ids),
  saveAll: (type, batchId) => saveAll(type as RowType, batchId),
  deleteRows,
  deleteAll: (type, rowState, batchId) => deleteAll(type as RowType, rowState, batchId),
  resolve: resolveRows,
  upload: (type, file, onProgress, resumeKey) => uploadSpreadsheet(type as UploadType, file, onProgress, resumeKey),
};

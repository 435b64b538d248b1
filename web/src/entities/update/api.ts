import type { UpdateType } from '@eb/shared/update/columns';
import type { RowState } from '@eb/shared/upload/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';
import { rowsPageOf, sendSpreadsheet, type WorkbenchApi } from '../upload/workbench';

/** The updater's calls (spec 3 section 7 "Updater calls"), keyed by the route table, as its screen uses them. */
const t = (type: string) => type as UpdateType;
const batch = (batchId: number | null) => (batchId ? { batchId } : {});

export const UPDATE_WORKBENCH_API: WorkbenchApi = {
  resource: 'update',
  rowsQuery: (p) => ({
    ...routeQuery(endpoint('POST', 'update', 'GetList'), { query: { limit: p.limit, skip: p.skip, getTotalCount: true }, body: { updateType: t(p.type), rowState: p.rowState, ...batch(p.batchId) } }),
    select: rowsPageOf('update'),
  }),
  countQuery: (type, rowState: RowState, batchId) => ({
    ...routeQuery(endpoint('POST', 'update', 'GetList'), { query: { limit: 0, getTotalCount: true }, body: { updateType: t(type), rowState, rowCountOnly: true, ...batch(batchId) } }),
    select: rowsPageOf('update'),
  }),
  // the Validated tab also lists the batches with imported rows: the updater's Undo of a batch's import starts there
  batchIdsQuery: (type, state) =>
    routeQuery(endpoint('POST', 'update', 'GetUpdateFilterHints'), { body: { updateType: t(type), isValid: state !== 'withExceptions', ...(state === 'validated' ? { withImported: true } : {}) } }),
  downloadTemplate: (type) => call(endpoint('GET', 'update', 'DownloadTemplate'), { query: { updateType: t(type) } }),
  downloadExceptions: (type, batchId) => call(endpoint('GET', 'update', 'DownloadExceptions'), { query: { updateType: t(type), ...batch(batchId) } }),
  importRows: (type, ids) => call(endpoint('POST', 'update', 'ImportRows'), { body: { updateType: t(type), ids } }),
  saveAll: (type, batchId) => call(endpoint('POST', 'update', 'importAllRows'), { body: { updateType: t(type), ...batch(batchId) } }),
  deleteRows: (ids) => call(endpoint('DELETE', 'update', 'DeleteRows'), { body: ids }),
  deleteAll: (type, rowState, batchId) => call(endpoint('DELETE', 'update', 'deleteAllRows'), { body: { updateType: t(type), rowState, ...batch(batchId) } }),
  resolve: (fixes) => call(endpoint('POST', 'update', 'Resolve'), { body: fixes }),
  /** Upload Spreadsheet: a presigned form, the file posted straight to S3, then Upload registers it (its parse job). */
  upload: (type, file, onProgress) =>
    sendSpreadsheet(
      file,
      onProgress,
      () => call(endpoint('POST', 'update', 'GetUploadForm'), { body: { updateType: t(type), fileName: file.name, size: file.size } }),
      (key) => call(endpoint('POST', 'update', 'Upload'), { body: { updateType: t(type), key, fileName: file.name } }),
    ),
};

import { SINGLE_FILE_ORDER, type RowType, type UploadType } from '@eb/shared/upload/columns';
import type { RowState, UploadListBody } from '@eb/shared/upload/schemas';
import { FILE_SIZE_LIMIT_BYTES } from '@eb/shared/constants';
import { config } from '../lib/config';
import { nextId } from '../lib/db';
import { uploadForm } from '../lib/files';
import { registerUpload } from './incoming';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { xlsxResult } from '../lib/xlsx';
import { exceptionsFileName, exceptionsWorkbook, importedFileName, importedWorkbook, templateFileName, templateWorkbook } from './downloads';
import { lastSaveJob, startImport } from './import';
import { startParse } from './parse';
import { startRemoveAll } from './remove-job';
import { listSingleFileJobs, startSingleFile } from './single-file';
import { resolveRows, type ResolveInput } from './resolve';
import { UPLOADS } from './uploads';
import { startUndo } from './undo';
import type { UndoBody } from '@eb/shared/upload/undo';

type Query = Record<string, string | undefined>;

/**
 * The uploader's Lambda (spec 3 section 7 "Uploader calls"; administrators only, the route table).
 * The file goes to S3 with a presigned form (GetUploadForm); Upload checks what arrived — its size,
 * that it is a workbook and not a zip bomb — and answers at once with a clear refusal, or takes a
 * batch id and queues the parse job.
 */
export const handler = resourceHandler('upload', {
  /** GET upload/DownloadTemplate?uploadType -> {type}-template.xlsx */
  'GET downloadtemplate': async ({ query }: ActionContext<{ uploadType: UploadType }>) =>
    xlsxResult(await templateWorkbook(UPLOADS, query.uploadType === 'SingleFile' ? SINGLE_FILE_ORDER : [query.uploadType]), templateFileName(query.uploadType)),
  /** GET upload/DownloadExceptions?uploadType[&batchId] -> the rejected rows with their reasons (to correct and upload again) */
  'GET downloadexceptions': async ({ query }: ActionContext<{ uploadType: RowType; batchId?: number }>) =>
    xlsxResult(await exceptionsWorkbook(UPLOADS, query.uploadType, query.batchId), exceptionsFileName(query.uploadType)),
  /** GET upload/DownloadImported?uploadType[&batchId] -> the imported rows */
  'GET downloadimported': async ({ query }: ActionContext<{ uploadType: RowType; batchId?: number }>) =>
    xlsxResult(await importedWorkbook(UPLOADS, query.uploadType, query.batchId), importedFileName(query.uploadType)),
  /** POST upload/GetUploadForm, body: { uploadType, fileName, size } -> a presigned POST form (.xlsx, at most 30 MB) */
  'POST getuploadform': ({ user }: ActionContext) => uploadForm('uploads', FILE_SIZE_LIMIT_BYTES, user!.objectId, config.uploadsBucket),
  /** GET upload/GetSingleFileJobs -> the caller's last completed SingleFile uploads, newest first */
  'GET getsinglefilejobs': ({ user }: ActionContext) => listSingleFileJobs(user!.objectId),
  /** POST upload/Upload, body: { uploadType, key, fileName } -> the parse job */
  'POST upload': async ({ body, user }: ActionContext<unknown, { uploadType: UploadType; key: string; fileName: string; resumeKey?: string }>) => {
    await registerUpload(body.key, user!.objectId);
    const uploadUser = `${user!.firstName} ${user!.lastName}`;
    if (body.uploadType === 'SingleFile') {
      // a batch per sheet, in import order
      const firstBatchId = (await nextId('uploadBatch', SINGLE_FILE_ORDER.length)) - SINGLE_FILE_ORDER.length + 1;
      return startSingleFile({ key: body.key, fileName: body.fileName, uploadUser, userName: uploadUser, firstBatchId, ...(body.resumeKey ? { resumeKey: body.resumeKey } : {}) }, user!.objectId);
    }
    const uploadBatchId = await nextId('uploadBatch');
    return startParse(UPLOADS, { rowType: body.uploadType, batchId: uploadBatchId, key: body.key, fileName: body.fileName, user: uploadUser }, user!.objectId);
  },
  /** POST upload/GetList?limit&skip&orderBy&getTotalCount, body: { rowState, uploadType, batchId?, rowCountOnly? } -> { data, totalCount } */
  'POST getlist': async ({ query, body }: ActionContext<Query, UploadListBody>) => {
    // the last-save tab (imported rows, no batch chosen): the rows of the type's last Save or Save All
    const lastSave = body.rowState === 'imported' && body.batchId === undefined ? ((await lastSaveJob('upload', body.uploadType)) ?? '-') : undefined;
    return UPLOADS.store.list({ ...body, rowType: body.uploadType, ...(lastSave ? { importJob: lastSave } : {}) }, query);
  },
  /** POST upload/GetBatchIds, body: { uploadType, isValid, rowState? } -> { batchIds } newest first (rowState 'imported': the last-save tab's) */
  'POST getbatchids': ({ body }: ActionContext<unknown, { uploadType: UploadType; isValid: boolean; rowState?: RowState }>) =>
    UPLOADS.store.batchIds(body.uploadType, body.rowState ?? (body.isValid ? 'validated' : 'withExceptions')),
  /** POST upload/Resolve, body: [{ objectId, exceptions: [{ uiHeader, newValue }] }] -> the rows checked again (fixUser: the caller) */
  'POST resolve': ({ body, user }: ActionContext<unknown, ResolveInput[]>) => resolveRows(UPLOADS, body, user!.objectId),
  /** POST upload/ImportRows, body: { uploadType, ids } -> the Save job */
  'POST importrows': ({ body, user }: ActionContext<unknown, { uploadType: RowType; ids: number[] }>) =>
    startImport(UPLOADS, { rowType: body.uploadType, ids: body.ids, userName: `${user!.firstName} ${user!.lastName}` }, user!.objectId),
  /** POST upload/SaveAll, body: { uploadType, batchId? } -> the Save All job */
  'POST saveall': ({ body, user }: ActionContext<unknown, { uploadType: RowType; batchId?: number }>) =>
    startImport(UPLOADS, { rowType: body.uploadType, ...(body.batchId ? { batchId: body.batchId } : {}), userName: `${user!.firstName} ${user!.lastName}` }, user!.objectId),
  /** DELETE upload/DeleteAll, body: { uploadType, rowState?, batchId? } -> the Remove All job */
  'DELETE deleteall': ({ body, user }: ActionContext<unknown, { uploadType: RowType; rowState?: 'validated' | 'withExceptions'; batchId?: number }>) =>
    startRemoveAll(UPLOADS, { rowType: body.uploadType, ...(body.rowState ? { rowState: body.rowState } : {}), ...(body.batchId ? { batchId: body.batchId } : {}) }, user!.objectId),
  /** POST upload/Undo, body: { jobId } | { rowType } | { batchId } -> the undo job of an import job (a type's last save, a batch's latest) (issue 29) */
  'POST undo': ({ body, user }: ActionContext<unknown, UndoBody>) => startUndo(UPLOADS, body, `${user!.firstName} ${user!.lastName}`, user!.objectId),
  /** DELETE upload/DeleteRows, body: [ids] -> 204 */
  'DELETE deleterows': async ({ body }: ActionContext<unknown, number[]>) => {
    await UPLOADS.store.remove(body);
  },
});

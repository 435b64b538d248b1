import { FILE_SIZE_LIMIT_BYTES } from '@eb/shared/constants';
import { FIELD_NAME_HEADER, UPDATABLE_FIELDS, type UpdateType } from '@eb/shared/update/columns';
import type { UpdateListBody } from '@eb/shared/update/schemas';
import { config } from '../lib/config';
import { nextId } from '../lib/db';
import { uploadForm } from '../lib/files';
import { registerUpload, exceptionsFileName, exceptionsWorkbook, templateFileName, templateWorkbook, startImport, startParse, startRemoveAll, resolveRows, type ResolveInput, startUndo } from '../upload/service';
import { resourceHandler, type ActionContext } from '../lib/handler';
import { xlsxResult } from '../lib/xlsx';
import { UPDATES } from './pipeline';
import type { UndoBody } from '@eb/shared/upload/undo';

type Query = Record<string, string | undefined>;
type AllRows = { updateType: UpdateType; rowState?: 'validated' | 'withExceptions'; batchId?: number };
const userName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/**
 * The updater's Lambda (spec 3 section 7 "Updater calls"; administrators only, the route table):
 * the uploader's pipeline with the updater's declaration (./pipeline.ts). Its template has the
 * type's columns and a second sheet listing the field names the type may change.
 */
export const handler = resourceHandler('update', {
  /** GET update/DownloadTemplate?updateType -> {type}-update-template.xlsx */
  'GET downloadtemplate': async ({ query }: ActionContext<{ updateType: UpdateType }>) =>
    xlsxResult(
      await templateWorkbook(UPDATES, [query.updateType], [
        { name: 'Field Names', columns: [{ header: FIELD_NAME_HEADER }, { header: 'Kind' }], rows: UPDATABLE_FIELDS[query.updateType].map((c) => [c.header, c.itemType ? `${c.kind} (${c.itemType})` : c.kind]) },
      ]),
      templateFileName(`${query.updateType}-update`),
    ),
  /** GET update/DownloadExceptions?updateType[&batchId] -> the rejected rows with their reasons */
  'GET downloadexceptions': async ({ query }: ActionContext<{ updateType: UpdateType; batchId?: number }>) =>
    xlsxResult(await exceptionsWorkbook(UPDATES, query.updateType, query.batchId), exceptionsFileName(`${query.updateType}-update`)),
  /** POST update/GetUploadForm, body: { updateType, fileName, size } -> a presigned POST form (.xlsx, at most 30 MB) */
  'POST getuploadform': ({ user }: ActionContext) => uploadForm('uploads', FILE_SIZE_LIMIT_BYTES, user!.objectId, config.uploadsBucket),
  /** POST update/Upload, body: { updateType, key, fileName } -> the parse job */
  'POST upload': async ({ body, user }: ActionContext<unknown, { updateType: UpdateType; key: string; fileName: string }>) => {
    await registerUpload(body.key, user!.objectId);
    return startParse(UPDATES, { rowType: body.updateType, batchId: await nextId('updateBatch'), key: body.key, fileName: body.fileName, user: userName(user!) }, user!.objectId);
  },
  /** POST update/GetList?limit&skip&orderBy&getTotalCount, body: { rowState, updateType, batchId?, rowCountOnly? } -> { data, totalCount } */
  'POST getlist': ({ query, body }: ActionContext<Query, UpdateListBody>) => UPDATES.store.list({ ...body, rowType: body.updateType }, query),
  /** POST update/GetUpdateFilterHints, body: { updateType | uploadType, isValid, withImported? } -> { batchIds } newest first */
  'POST getupdatefilterhints': async ({ body }: ActionContext<unknown, { updateType: UpdateType; isValid: boolean; withImported: boolean }>) => {
    if (!body.isValid) return UPDATES.store.batchIds(body.updateType, 'withExceptions');
    const validated = await UPDATES.store.batchIds(body.updateType, 'validated');
    if (!body.withImported) return validated;
    // the Validated tab's filter also offers the batches with imported rows: Undo of a batch's import starts there
    const imported = await UPDATES.store.batchIds(body.updateType, 'imported');
    return { batchIds: [...new Set([...validated.batchIds, ...imported.batchIds])].sort((a, b) => b - a) };
  },
  /** POST update/Resolve, body: [{ objectId, exceptions: [{ uiHeader, newValue }] }] -> the rows checked again (fixUser: the caller) */
  'POST resolve': ({ body, user }: ActionContext<unknown, ResolveInput[]>) => resolveRows(UPDATES, body, user!.objectId),
  /** POST update/Undo, body: { jobId } | { rowType } | { batchId } -> the undo job of an import job (a type's last save, a batch's latest) (issue 29) */
  'POST undo': ({ body, user }: ActionContext<unknown, UndoBody>) => startUndo(UPDATES, body, userName(user!), user!.objectId),
  /** POST update/ImportRows, body: { updateType, ids } -> the Save job */
  'POST importrows': ({ body, user }: ActionContext<unknown, { updateType: UpdateType; ids: number[] }>) => startImport(UPDATES, { rowType: body.updateType, ids: body.ids, userName: userName(user!) }, user!.objectId),
  /** POST update/importAllRows, body: { updateType, batchId? } -> the Save All job */
  'POST importallrows': ({ body, user }: ActionContext<unknown, AllRows>) =>
    startImport(UPDATES, { rowType: body.updateType, ...(body.batchId ? { batchId: body.batchId } : {}), userName: userName(user!) }, user!.objectId),
  /** DELETE update/deleteAllRows, body: { updateType, rowState?, batchId? } -> the Remove All job */
  'DELETE deleteallrows': ({ body, user }: ActionContext<unknown, AllRows>) =>
    startRemoveAll(UPDATES, { rowType: body.updateType, ...(body.rowState ? { rowState: body.rowState } : {}), ...(body.batchId ? { batchId: body.batchId } : {}) }, user!.objectId),
  /** DELETE update/DeleteRows, body: [ids] -> 204 */
  'DELETE deleterows': async ({ body }: ActionContext<unknown, number[]>) => {
    await UPDATES.store.remove(body);
  },
});

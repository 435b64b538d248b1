import { z } from 'zod';
import { MSG } from '../messages';
import { pageQuerySchema } from '../page-query';
import type { UploadException } from '../upload/exceptions';
import { importRowsBodySchema, ROW_STATES, uploadBodySchema, uploadFormBodySchema, uploadListBodySchema, type RowState } from '../upload/schemas';
import { UPDATE_TYPES, type UpdateType } from './columns';

/**
 * The updater's calls (spec 3 section 7 "Updater calls"; issue 11): the uploader's, with an
 * updateType. The file goes to S3 with a presigned form as the uploader's does (GetUploadForm),
 * then Upload registers it and queues its parse job.
 */
const updateType = z.enum(UPDATE_TYPES, { error: MSG.invalidOption });
const batchId = uploadListBodySchema.shape.batchId;

export const updateTypeQuerySchema = z.object({ updateType });
/** GET update/DownloadExceptions?updateType[&batchId] */
export const updateRowsDownloadQuerySchema = z.object({ updateType, batchId });
/** POST update/GetUploadForm */
export const updateFormBodySchema = uploadFormBodySchema.omit({ uploadType: true }).extend({ updateType });
/** POST update/Upload */
export const updateBodySchema = uploadBodySchema.omit({ uploadType: true, resumeKey: true }).extend({ updateType });
/** POST update/GetList body (spec 3: rowState, updateType, batchId, rowCountOnly); paging in the query. */
export const updateListBodySchema = z.object({ rowState: z.enum(ROW_STATES, { error: MSG.invalidOption }), updateType, batchId, rowCountOnly: uploadListBodySchema.shape.rowCountOnly });
export type UpdateListBody = z.output<typeof updateListBodySchema>;
export const updateListQuerySchema = pageQuerySchema;
/**
 * POST update/GetUpdateFilterHints (spec 3: "uploadType, isValid; returns batchIds"): the batch ids
 * of a type's valid or exception rows, newest first. The type comes as updateType or, as the spec's
 * table has it, uploadType.
 */
export const updateFilterHintsBodySchema = z
  .object({
    updateType: updateType.optional(),
    uploadType: updateType.optional(),
    isValid: z.boolean({ error: MSG.invalidInput }),
    /** with isValid: also the batches with imported rows (the Validated tab, where Undo of a batch's import starts; the updater has no last-save tab) */
    withImported: z.boolean({ error: MSG.invalidInput }).optional(),
  })
  .refine((b) => (b.updateType ?? b.uploadType) !== undefined, { message: MSG.required, path: ['updateType'] })
  .transform((b) => ({ updateType: (b.updateType ?? b.uploadType)!, isValid: b.isValid, withImported: b.withImported === true }));
/** POST update/ImportRows: the chosen rows (Save). */
export const updateImportRowsBodySchema = importRowsBodySchema.omit({ uploadType: true }).extend({ updateType });
/** POST update/importAllRows and DELETE update/deleteAllRows: the search body (a type's rows, of a state and batch). */
export const updateAllRowsBodySchema = z.object({ updateType, rowState: z.enum(['validated', 'withExceptions'], { error: MSG.invalidOption }).optional(), batchId });

/** An update row (spec 3 "Update row"); updateDataRow is the row's data as JSON text (UpdateDataRow). */
export interface UpdateRow {
  objectId: number;
  updateType: UpdateType;
  updateBatchId: number;
  rowNumber: number;
  updateDate: string;
  updateUser: string;
  rowState: RowState;
  updateDataRow: string;
  /** each names its row (spec 3 "Update row": objectId) */
  updateExceptions: (UploadException & { objectId?: number })[];
  /** who fixed the row last (a Validate's user), and when: kept once the row is validated (beyond the spec's fields) */
  fixUser?: number;
  fixDate?: string;
}

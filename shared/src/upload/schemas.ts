import { z } from 'zod';
import { FILE_SIZE_LIMIT_BYTES, MAX_RECORD_COUNT } from '../constants';
import { DOCUMENT_TEXTS } from '../file/schemas';
import { MSG } from '../messages';
import { pageQuerySchema } from '../page-query';
import type { UploadException } from './exceptions';
import { UPLOAD_TYPES, type RowType, type UploadType } from './columns';

/**
 * The uploader's calls (spec 3 section 7 "Uploader calls"; issue 10): the template, the upload (the
 * browser posts the .xlsx straight to S3 with a presigned form, then Upload registers it and queues
 * its parse job), the rows by state, type and batch, the batch ids, and removal.
 */
export const ROW_STATES = ['withExceptions', 'validated', 'imported'] as const;
export type RowState = (typeof ROW_STATES)[number];

export const UPLOAD_TEXTS = {
  onlyXlsx: 'Only .xlsx files can be uploaded.',
  notXlsx: 'This file is not an Excel workbook (.xlsx).',
  zipBomb: 'This workbook cannot be opened safely: it expands to far more than its size.',
  // a workbook whose zip or sheets cannot be read (damaged in transfer, or crafted): its parse fails at once
  corrupt: 'This workbook is damaged and cannot be read. Save it again in Excel and upload it again.',
  /** the documents' text: one text for a post to S3 that did not arrive */
  notUploaded: DOCUMENT_TEXTS.notUploaded,
  removeSelected: 'Please confirm to remove selected records',
  removeAll: 'Please confirm to remove all records',
} as const;

const uploadType = z.enum(UPLOAD_TYPES, { error: MSG.invalidOption });
export const uploadTypeQuerySchema = z.object({ uploadType });
/** GET upload/DownloadExceptions and DownloadImported: a row type's rows (of a batch). */
export const rowsDownloadQuerySchema = z.object({
  uploadType: z.enum(UPLOAD_TYPES.filter((t) => t !== 'SingleFile') as [RowType, ...RowType[]], { error: MSG.invalidOption }),
  batchId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput).optional()),
});

/** POST upload/GetUploadForm: the file about to be posted to S3. */
export const uploadFormBodySchema = z.object({
  uploadType,
  fileName: z.string({ error: MSG.invalidInput }).trim().min(1, MSG.invalidInput).max(255, MSG.invalidInput).refine((n) => /\.xlsx$/i.test(n), UPLOAD_TEXTS.onlyXlsx),
  size: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput).max(FILE_SIZE_LIMIT_BYTES, MSG.fileTooLarge),
});
/** POST upload/Upload: the posted file to register and parse (a SingleFile upload may resume from an amendment key). */
export const uploadBodySchema = z.object({
  uploadType,
  key: z.string({ error: MSG.invalidInput }).regex(/^incoming\/uploads\/[0-9a-f-]{36}\.\d+$/, MSG.invalidInput),
  fileName: uploadFormBodySchema.shape.fileName,
  resumeKey: z.string({ error: MSG.invalidInput }).regex(/^\d{1,10}-\d{1,4}$/, MSG.invalidInput).optional(),
});

/** A SingleFile job's result (spec 3 "Job"): errors and uploaded rows per type, and the amendment key to resume from. */
export interface SingleFileResult {
  errors: { uploadType: RowType; message: string }[];
  uploadedRows: { uploadType: RowType; rowInfos: number[]; uploadBatchId: number }[];
  currentKey: string | null;
}

/** POST upload/GetList body (spec 3: rowState, uploadType, batchId, rowCountOnly); paging in the query. */
export const uploadListBodySchema = z.object({
  rowState: z.enum(ROW_STATES, { error: MSG.invalidOption }),
  uploadType,
  batchId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput).optional()),
  rowCountOnly: z.boolean({ error: MSG.invalidInput }).optional(),
});
export type UploadListBody = z.output<typeof uploadListBodySchema>;
export const uploadListQuerySchema = pageQuerySchema;

/** POST upload/GetBatchIds: the batch ids of a type's valid (or exception) rows, newest first. */
export const batchIdsBodySchema = z.object({ uploadType, isValid: z.boolean({ error: MSG.invalidInput }), rowState: z.enum(ROW_STATES, { error: MSG.invalidOption }).optional() });

/** DELETE upload/DeleteRows: the ids of the rows to remove. */
export const rowIdsBodySchema = z.array(z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput), { error: MSG.invalidInput }).min(1, MSG.invalidInput).max(MAX_RECORD_COUNT, MSG.tooManyToDelete);

/** An uploaded row (spec 3 "Uploaded row"); uploadDataRow is the row's data as JSON text, as the spec has it. */
export interface UploadedRow {
  objectId: number;
  uploadType: UploadType;
  uploadBatchId: number;
  rowNumber: number;
  uploadDate: string;
  uploadUser: string;
  rowState: RowState;
  uploadDataRow: string;
  uploadExceptions: UploadException[];
  /** who fixed the row last (a Validate's user), and when: kept once the row is validated (beyond the spec's fields) */
  fixUser?: number;
  fixDate?: string;
}

/** The parse job's result. */
export interface ParseResult {
  uploadBatchId: number;
  rows: number;
  validated: number;
  withExceptions: number;
  /** headers of the sheet that name no column (reported, not dropped silently) */
  unknownHeaders: string[];
  /** required columns the sheet lacks */
  missingColumns: string[];
}

/** POST upload/GetUploadForm's answer: where the browser posts the file, with the form's fields. */
export interface UploadForm {
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** POST upload/Resolve: the chosen rows' fixes (each exception's New Value); the server sets fixUser. */
export const resolveBodySchema = z
  .array(
    z.object({
      objectId: z.number({ error: MSG.invalidInput }).int(MSG.invalidInput).positive(MSG.invalidInput),
      exceptions: z.array(z.object({ uiHeader: z.string({ error: MSG.invalidInput }).max(200, MSG.invalidInput), newValue: z.string({ error: MSG.invalidInput }).max(10_000, MSG.invalidInput).nullable() }), { error: MSG.invalidInput }).max(500, MSG.invalidInput),
    }),
    { error: MSG.invalidInput },
  )
  .min(1, MSG.invalidInput)
  .max(MAX_RECORD_COUNT, MSG.invalidInput);

/** POST upload/ImportRows: the chosen rows' ids and their type (Save). */
export const importRowsBodySchema = z.object({ uploadType, ids: rowIdsBodySchema });
/** POST upload/SaveAll and DELETE upload/DeleteAll: a type's rows, of a batch (the spec's enabling rule needs one). */
export const allRowsBodySchema = z.object({
  uploadType,
  rowState: z.enum(['validated', 'withExceptions'], { error: MSG.invalidOption }).optional(),
  batchId: uploadListBodySchema.shape.batchId,
});

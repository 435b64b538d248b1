import type { UseQueryOptions } from '@tanstack/react-query';
import type { Job } from '@eb/shared/job/schemas';
import type { FileResponse, Resource } from '@eb/shared/route-def';
import type { UploadColumn } from '@eb/shared/upload/columns';
import type { UploadException } from '@eb/shared/upload/exceptions';
import type { RowState, UploadForm } from '@eb/shared/upload/schemas';
import { postForm } from '../../lib/presigned-post';


/**
 * A spreadsheet pipeline as its screen uses it (the Uploader's and the Updater's, issue 11: "a
 * second configuration of the uploader's pipeline, not a copy of it"): its calls, with its rows in
 * one shape whichever pipeline (uploadBatchId or updateBatchId, ...), and what its screen shows.
 */
export interface WorkbenchRow {
  objectId: number;
  batchId: number;
  rowNumber: number;
  date: string;
  user: string;
  rowState: RowState;
  /** the row's data (JSON text) */
  dataRow: string;
  exceptions: UploadException[];
}
export interface RowsPage {
  data: WorkbenchRow[];
  totalCount: number;
}
export interface RowsParams {
  type: string;
  rowState: RowState;
  batchId: number | null;
  skip: number;
  limit: number;
}
export interface Fix {
  objectId: number;
  exceptions: { uiHeader: string; newValue: string | null }[];
}

export interface WorkbenchApi {
  /** the route resource (its queries are reloaded after a change) */
  resource: Resource;
  rowsQuery(p: RowsParams): UseQueryOptions<any, Error, RowsPage, any>;
  countQuery(type: string, rowState: RowState, batchId: number | null): UseQueryOptions<any, Error, RowsPage, any>;
  /** the batches with rows of the type in this state (the batch filter of its tab) */
  batchIdsQuery(type: string, state: RowState): UseQueryOptions<any, Error, { batchIds: number[] }, any>;
  downloadTemplate(type: string): Promise<FileResponse>;
  downloadExceptions(type: string, batchId: number | null): Promise<FileResponse>;
  downloadImported?(type: string, batchId: number | null): Promise<FileResponse>;
  importRows(type: string, ids: number[]): Promise<Job>;
  saveAll(type: string, batchId: number | null): Promise<Job>;
  deleteRows(ids: number[]): Promise<unknown>;
  deleteAll(type: string, rowState: 'validated' | 'withExceptions', batchId: number | null): Promise<Job>;
  resolve(fixes: Fix[]): Promise<unknown>;
  upload(type: string, file: File, onProgress: (done: number) => void, resumeKey?: string): Promise<Job>;
}

/** A pipeline's row in the workbench's shape, from the spec's names (`prefix` 'upload' or 'update'). */
export function workbenchRow(r: Record<string, unknown>, prefix: 'upload' | 'update'): WorkbenchRow {
  return {
    objectId: Number(r.objectId),
    batchId: Number(r[`${prefix}BatchId`]),
    rowNumber: Number(r.rowNumber),
    date: String(r[`${prefix}Date`] ?? ''),
    user: String(r[`${prefix}User`] ?? ''),
    rowState: r.rowState as RowState,
    dataRow: String(r[`${prefix}DataRow`] ?? '{}'),
    exceptions: (r[`${prefix}Exceptions`] ?? []) as UploadException[],
  };
}
export const rowsPageOf = (prefix: 'upload' | 'update') => (page: { data: object[]; totalCount: number }): RowsPage => ({
  data: page.data.map((r) => workbenchRow(r as Record<string, unknown>, prefix)),
  totalCount: page.totalCount,
});

/** What a pipeline's screen shows: its title, types, columns, texts and the parts a type hides. */
export interface WorkbenchConfig {
  title: string;
  api: WorkbenchApi;
  types: readonly string[];
  /** a type as the picker shows it (the type itself when absent) */
  typeLabel?: (type: string) => string;
  columns(type: string): readonly UploadColumn[];
  texts: WorkbenchTexts;
  /** the types with a third, last-save tab (the uploader's Amendments, Accounts and SingleFile) */
  lastSaveTypes?: readonly string[];
  /** a type whose rows the screen does not show (the uploader's SingleFile: the last-save tab only) */
  onlyLastSave?: string;
  /** a type without Save, Remove, Download Template and row selection (the uploader's PriceReport) */
  saveless?: string;
}

/** The texts a pipeline's screen names its parts with. */
export interface WorkbenchTexts {
  pickType: string;
  type: string;
  chooseType: string;
  validatedTab(n: number): string;
  exceptionTab(n: number): string;
  lastSaveTab(n: number): string;
  common: { batchId: string; rowNumber: string; date: string; user: string };
}

/**
 * Upload Spreadsheet, whichever pipeline: a presigned form for the .xlsx, the file posted straight
 * to S3 (progress from 0 to 1), then the pipeline's Upload registers it and answers its parse job.
 */
export async function sendSpreadsheet(file: File, onProgress: (done: number) => void, form: () => Promise<UploadForm>, register: (key: string) => Promise<Job>): Promise<Job> {
  const f = await form();
  // registered either way: a post that did not arrive is refused there ('did not reach the server'), as the documents' are
  await postForm(f, file, onProgress);
  return register(f.key);
}

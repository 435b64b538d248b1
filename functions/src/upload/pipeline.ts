import type { HeaderMatch, UploadColumn } from '@eb/shared/upload/columns';
import type { UploadException } from '@eb/shared/upload/exceptions';
import type { TransactItem } from '../lib/db';
import type { Actor } from '../lib/change-log';
import type { ApiRow, RowKind, RowStore, StoredRow } from './rows';

/**
 * A spreadsheet pipeline (issue 10 "The pipeline", issue 11 "a second configuration of the
 * uploader's pipeline"): the uploader and the updater are two declarations of this — their rows'
 * store, their columns, the row check (shared rules), the cross-record checks and how a validated
 * row is written — and share everything else: the parse job (streamed read, header matching, rows
 * in batches), Resolve, Save / Save All (exactly once), Remove All and the downloads.
 */
export interface Pending {
  rowNumber: number;
  cells: Record<string, unknown>;
  data: Record<string, unknown>;
  exceptions: UploadException[];
}

export interface ImportContext {
  actor: Actor;
  /** the change log's source: 'Upload batch 12', 'Update batch 3' */
  source: string;
  /** the row's conditional move to 'imported', for the record's own transaction */
  extra: TransactItem[];
}

export interface RowPipeline<A extends ApiRow = ApiRow> {
  kind: RowKind;
  store: RowStore<A>;
  /** 'Upload' or 'Update': names the batch in the change log and the jobs */
  label: string;
  /** a row type's columns, in the template's order */
  columns(rowType: string): readonly UploadColumn[];
  match(rowType: string, headers: readonly (string | null | undefined)[]): HeaderMatch;
  /** a row's cells converted and checked by the shared rules */
  validate(rowType: string, cells: Readonly<Record<string, unknown>>): { data: Record<string, unknown>; exceptions: UploadException[] };
  /** the cross-record checks of a chunk of rows (in place); `seen` spans the batch */
  crossCheck(rowType: string, rows: Pending[], seen: Set<string>): Promise<void>;
  /** the data kept with a row (without what the cross-record checks added for themselves) */
  keep(data: Record<string, unknown>): Record<string, unknown>;
  /** the cell a Resolve fix of an exception changes */
  fieldOf(rowType: string, uiHeader: string): string | undefined;
  /**
   * the record a row writes (rows of one record are imported in order, one at a time; rows of
   * different records side by side); absent: every row its own
   */
  groupOf?(rowType: string, data: Record<string, unknown>): string;
  /** the table keys a row's write reads first (read ahead for the chunk in one BatchGet, each taken once; asked in the chunk's scope) */
  readAhead?(rowType: string, data: Record<string, unknown>): Record<string, unknown>[] | Promise<Record<string, unknown>[]>;
  /**
   * writes a validated row's record, its `extra` in the same transaction (inside the chunk's bulk
   * scope: ids and feed seqs come from the chunk's ranges, lib/bulk-scope.ts)
   */
  importRow(rowType: string, row: StoredRow, data: Record<string, unknown>, ctx: ImportContext): Promise<void>;
}

const pipelines = new Map<RowKind, RowPipeline>();
export function registerPipeline<A extends ApiRow>(p: RowPipeline<A>): RowPipeline<A> {
  pipelines.set(p.kind, p as unknown as RowPipeline);
  return p;
}
export function pipelineOf(kind: RowKind): RowPipeline {
  const p = pipelines.get(kind);
  if (!p) throw new Error(`No ${kind} pipeline`);
  return p;
}

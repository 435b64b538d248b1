import type { HeaderMatch } from '@eb/shared/upload/columns';
import type { UploadException } from '@eb/shared/upload/exceptions';
import type { ParseResult } from '@eb/shared/upload/schemas';
import { cellValue } from '@eb/shared/upload/validate';
import { createJob, type JobRecord, type JobType } from '../job/service';
import { withSharedReads } from '../lib/bulk-scope';
import { getItem, table } from '../lib/db';
import { workbookContentError } from '../lib/xlsx-guard';
import { pipelineOf, type Pending, type RowPipeline } from './pipeline';
import type { NewRow, RowKind } from './rows';
import type { SheetRow } from './sheet-rows';
import { uploadedWorkbook } from './workbook-reader';

/**
 * The parse job of a pipeline's workbook (issue 10 "The pipeline"): its first sheet is read with
 * exceljs's streaming reader (never whole), the header row matched to the type's columns (unknown
 * headers and missing required columns reported in the result), and each row converted and checked
 * by the shared rules (the pipeline's validate), then, a thousand rows at a time, by its
 * cross-record checks. The rows are written with their exceptions in batches; their ids come from
 * the batch id and row number, so a redelivered job writes the same rows.
 */
export const parseJobType = (kind: RowKind) => `${kind}Parse`;
const CHUNK_ROWS = 1000;
const batchKey = (kind: RowKind, id: number) => ({ pk: `${kind.toUpperCase()}BATCH#${id}`, sk: `${kind.toUpperCase()}BATCH` });

export interface ParseParams {
  kind: RowKind;
  rowType: string;
  batchId: number;
  key: string;
  fileName: string;
  user: string;
}

/** A row with no value in any cell (passed over). */
export function isBlankRow(values: unknown[]): boolean {
  // a row's values are 1-based (sheet-rows.ts, as exceljs's row.values)
  for (let i = 1; i < values.length; i++) if (cellValue(values[i]) !== null) return false;
  return true;
}

/** A sheet's empty row of cells (its matched fields laid out once: a row's cells are a copy, not built key by key). */
const emptyCells = new WeakMap<HeaderMatch, Readonly<Record<string, null>>>();

/** A worksheet's cells of a row by the matched columns (their texts are strings of their own: sheet-rows.ts). */
export function cellsOf(values: unknown[], match: HeaderMatch): Record<string, unknown> {
  let empty = emptyCells.get(match);
  if (!empty) emptyCells.set(match, (empty = Object.fromEntries(match.columns.map(({ column }) => [column.field, null]))));
  const cells: Record<string, unknown> = { ...empty };
  // a row's values are 1-based (sheet-rows.ts, as exceljs's row.values)
  for (const { column, index } of match.columns) {
    cells[column.field] = values[index + 1];
  }
  return cells;
}

/** A sheet's outcome: the batch's counts, and the rows that failed with their exceptions. */
export interface SheetResult extends ParseResult {
  /** the rows that failed, with their data (only when asked: `opts.details`) */
  failed: { rowNumber: number; exceptions: UploadException[]; data: Record<string, unknown> }[];
  /** the keys of every row, by row number (the single-file upload's resume keys; only when asked: `opts.details`) */
  keys: Map<number, Record<string, unknown>>;
}

/**
 * Reads one worksheet of a type: the header row matched, each row converted and checked by the
 * shared rules, the cross-record checks a thousand rows at a time, the rows written with their
 * exceptions under `batchId`.
 */
export function parseSheet(p: RowPipeline, rowType: string, sheet: AsyncIterable<SheetRow>, batchId: number, user: string, opts: { details?: boolean } = {}): Promise<SheetResult> {
  // the batch's lookups of reference records are shared by its chunks (checks.ts)
  return withSharedReads(() => parseRows(p, rowType, sheet, batchId, user, opts));
}

async function parseRows(p: RowPipeline, rowType: string, sheet: AsyncIterable<SheetRow>, batchId: number, user: string, opts: { details?: boolean }): Promise<SheetResult> {
  const result: SheetResult = { uploadBatchId: batchId, rows: 0, validated: 0, withExceptions: 0, unknownHeaders: [], missingColumns: [], failed: [], keys: new Map() };
  const seen = new Set<string>();
  let pending: Pending[] = [];
  // Three stages side by side: the sheet read and checked by the shared rules (here), a chunk's
  // cross-record checks (one at a time, in order: the batch's duplicates), and the rows' writes
  // (one at a time). A chunk is checked while the one before is written and the next one read.
  let checking: Promise<void> = Promise.resolve();
  let writing: Promise<void> = Promise.resolve();
  let wrote: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  const flush = async () => {
    const chunk = pending;
    pending = [];
    // the reader waits for the previous chunk's check and the write of the one before it: at most
    // three chunks in memory (one read, one checked or being written, one being written)
    await checking;
    await wrote.catch(() => undefined);
    if (failure) throw failure.error;
    if (!chunk.length) return;
    const before = writing;
    wrote = before;
    checking = p.crossCheck(rowType, chunk, seen);
    writing = checking.then(async () => {
      await before;
      await write(chunk);
    });
    // a failure is thrown by the next flush or at the end, not as an unhandled rejection meanwhile
    writing.catch((error: unknown) => (failure ??= { error }));
  };
  const write = async (chunk: Pending[]) => {
    const rows: NewRow[] = chunk.map((r) => ({ rowType, batchId, rowNumber: r.rowNumber, user, data: p.keep(r.data), exceptions: r.exceptions }));
    await p.store.write(rows);
    for (const r of rows) {
      if (opts.details) result.keys.set(r.rowNumber, { contractId: r.data.contractId, amendmentNumber: r.data.amendmentNumber, accountId: r.data.accountId });
      if (r.exceptions.length) {
        result.withExceptions++;
        // a batch of a hundred thousand failed rows is not held in memory: only the single-file upload asks
        if (opts.details) result.failed.push({ rowNumber: r.rowNumber, exceptions: r.exceptions, data: r.data });
      } else result.validated++;
    }
  };
  let match: HeaderMatch | null = null;
  for await (const row of sheet) {
    const values = (row.values as unknown[]) ?? [];
    if (!match) {
      match = p.match(rowType, values.slice(1).map((v) => (cellValue(v) === null ? null : String(cellValue(v)))));
      result.unknownHeaders = match.unknown;
      result.missingColumns = match.missing.map((c) => c.header);
      continue;
    }
    if (isBlankRow(values)) continue;
    const cells = cellsOf(values, match);
    const { data, exceptions } = p.validate(rowType, cells);
    pending.push({ rowNumber: row.number, cells, data, exceptions });
    result.rows++;
    if (pending.length >= CHUNK_ROWS) await flush();
  }
  await flush();
  await checking;
  await writing;
  return result;
}

/** Registers a pipeline's parse job. */
/** The parse job of a pipeline's kind (registered by the worker). */
export function parseJob(kind: RowKind): JobType {
  return {
    jobType: parseJobType(kind),
    def: {
      plan: async () => 1,
      async runChunk(job: JobRecord, _index, progress) {
        const params = job.params as unknown as ParseParams;
        const p = pipelineOf(kind);
        // the job's progress: how much of the workbook has been read (its one chunk is the whole read)
        const reader = await uploadedWorkbook(params.key, progress);
        let result: ParseResult | null = null;
        try {
          for await (const sheet of reader) {
            result = await parseSheet(p, params.rowType, sheet, params.batchId, params.user);
            break; // the first sheet is the type's
          }
        } catch (e) {
          // a bomb or a damaged file fails the job now, with its message; a store's fault is retried
          throw workbookContentError(e);
        }
        result ??= { uploadBatchId: params.batchId, rows: 0, validated: 0, withExceptions: 0, unknownHeaders: [], missingColumns: [] };
        // the batch's summary, committed with the job's checkpoint
        const { failed: _f, keys: _k, ...summary } = result as SheetResult;
        return { writes: [{ Put: { TableName: table(), Item: { ...batchKey(kind, params.batchId), ...summary, rowType: params.rowType, fileName: params.fileName } } }] };
      },
      async finish(job: JobRecord) {
        const params = job.params as unknown as ParseParams;
        const item = await getItem<ParseResult & Record<string, unknown>>(batchKey(kind, params.batchId));
        const { uploadBatchId, rows, validated, withExceptions, unknownHeaders, missingColumns } = item!;
        return { uploadBatchId, rows, validated, withExceptions, unknownHeaders, missingColumns } satisfies ParseResult;
      },
    },
  };
}

/** Queues the parse job of a registered upload. */
export const startParse = (p: RowPipeline, params: Omit<ParseParams, 'kind'>, userId: number) =>
  createJob({ jobType: parseJobType(p.kind), name: `${p.label} ${params.rowType} (${params.fileName})`, createdBy: userId, params: { ...params, kind: p.kind } as unknown as Record<string, unknown> });

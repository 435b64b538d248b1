import type { ExceptionType, UploadException } from '@eb/shared/upload/exceptions';
import { ZodError } from 'zod';
import { MSG } from '@eb/shared/messages';
import { createJob, type JobRecord, getJobPlan, putJobPlan, type JobType } from '../job/service';
import type { Actor } from '../lib/change-log';
import { inBulkScope, reservedRanges } from '../lib/bulk-scope';
import { addToCounter, getItem, keys, readAhead, sendTransaction, table, transact, type TransactItem } from '../lib/db';
import { GroupCommit } from '../lib/group-commit';
import { AppError, ConflictError } from '../lib/errors';
import { feedAttributes, nextSeq, RESERVATION_MAX_AGE_MS } from '../lib/feed';
import { pipelineOf, type ImportContext, type RowPipeline } from './pipeline';
import type { RowKind, RowStore, StoredRow } from './rows';

/**
 * Save and Save All of a pipeline's rows (spec 3 section 4; issues 10 and 11): a job that imports
 * validated rows 1,000 at a time (a checkpoint each) through the same versioned write path as the forms, each
 * change's log naming the batch ('Upload batch 12', 'Update batch 3'). Exactly once: the row's move
 * to 'imported' is a conditional update (it must still be 'validated') in the same transaction as
 * the record's write, so a chunk run again after a crash or a redelivered message finds its rows
 * imported and writes nothing twice. A row the write path refuses at import (its amendment number
 * taken meanwhile, an overlapping account, a value the changed record no longer takes) goes back to
 * 'withExceptions' with the reason.
 */
export const importJobType = (kind: RowKind) => `${kind}Import`;
/** Fault injection for the crash tests: called before and after each row's write, and after a contact a row creates (a throw is a worker killed there). */
export const importFaults: { at: ((when: 'before' | 'contact' | 'after', rowId: number) => void) | null } = { at: null };
/**
 * Rows per chunk of an import job (a checkpoint each; the chunk reports its rows' progress as it
 * goes). Measured: 1,000 rows a chunk saved a quarter of a 1,000-row Save All against 250 (each
 * chunk starts with its reads and ends with its slowest transactions, where the table writes
 * nothing else). A job's plan keeps the size it was planned with (a job planned before a change of
 * it runs on with its own); the restart test plans smaller chunks to checkpoint sooner.
 */
export const importTuning = { chunk: 1000 };
/** What a job's plan keeps in S3: its rows' ids and the size of its chunks. */
interface ImportPlan {
  chunk: number;
  ids: number[];
}
const idsKey = (kind: RowKind, jobId: string) => `jobs/${kind}-import/${jobId}/ids.json`;

export interface ImportParams {
  rowType: string;
  /** the rows chosen (Save), else every validated row of the type (and batch: Save All) */
  ids?: number[];
  batchId?: number;
  userName: string;
}

/** The conditional move of a row to 'imported', for the record's own transaction. */
function importedUpdate(store: RowStore, row: StoredRow, seq: number, importJob: string | undefined): TransactItem {
  const feed = feedAttributes(store.type, row.objectId, seq);
  return {
    Update: {
      TableName: table(),
      Key: store.key(row.objectId),
      UpdateExpression: `SET rowState = :imported, seq = :seq, feedpk = :fpk, etype = :et, version = version + :one${importJob ? ', importJob = :job' : ''}`,
      ConditionExpression: 'rowState = :validated',
      ExpressionAttributeValues: {
        ':imported': 'imported',
        ':validated': 'validated',
        ':seq': feed.seq,
        ':fpk': feed.feedpk,
        ':et': feed.etype,
        ':one': 1,
        ...(importJob ? { ':job': importJob } : {}),
      },
    },
  };
}

/** A row the write path refused at import: back to 'withExceptions' with the reasons. */
export async function refuseRow(store: RowStore, row: StoredRow, seq: number, added: UploadException[]): Promise<void> {
  const exceptions: UploadException[] = [...(JSON.parse(row.exceptions) as UploadException[]), ...added];
  const feed = feedAttributes(store.type, row.objectId, seq);
  await transact([
    {
      Update: {
        TableName: table(),
        Key: store.key(row.objectId),
        UpdateExpression: 'SET rowState = :w, #exceptions = :e, seq = :seq, feedpk = :fpk, etype = :et, version = version + :one',
        ConditionExpression: 'rowState = :validated',
        // 'exceptions' is a DynamoDB reserved word
        ExpressionAttributeNames: { '#exceptions': 'exceptions' },
        ExpressionAttributeValues: { ':w': 'withExceptions', ':e': JSON.stringify(exceptions), ':validated': 'validated', ':seq': feed.seq, ':fpk': feed.feedpk, ':et': feed.etype, ':one': 1 },
      },
    },
  ]).catch((e) => {
    if (!(e instanceof ConflictError)) throw e;
  });
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const exception = (uiHeader: string, value: unknown, type: ExceptionType): UploadException => ({ uiHeader, oldValue: text(value), newValue: text(value), type, fixUser: null });

/** A refusal's reasons, raised by a pipeline's importRow (the row goes back to the Exception tab). */
export class RowRefused extends Error {
  constructor(readonly exceptions: UploadException[]) {
    super('Row refused');
  }
}

/** Registers a pipeline's import job. */
/** The import job of a pipeline's kind (registered by the worker). */
export function importJob(kind: RowKind): JobType {
  return {
    jobType: importJobType(kind),
    def: {
      async plan(job: JobRecord) {
        const params = job.params as unknown as ImportParams;
        const chosen = params.ids ? new Set(params.ids) : null;
        const ids = await pipelineOf(kind).store.rows().idsOf({
          filter: (r) => r.rowType === params.rowType && r.rowState === 'validated' && (chosen ? chosen.has(r.objectId) : params.batchId === undefined || r.batchId === params.batchId),
          orderBy: 'objectId Ascending',
        });
        const planned: ImportPlan = { chunk: importTuning.chunk, ids };
        await putJobPlan(idsKey(kind, job.jobId), planned);
        return Math.max(1, Math.ceil(ids.length / planned.chunk));
      },
      async runChunk(job: JobRecord, index: number, progress) {
        const params = job.params as unknown as ImportParams;
        const { chunk, ids: all } = await getJobPlan<ImportPlan>(idsKey(kind, job.jobId));
        const ids = all.slice(index * chunk, (index + 1) * chunk);
        if (!ids.length) return {};
        await importIds(pipelineOf(kind), params.rowType, ids, { objectId: job.createdBy ?? 0, name: params.userName || kind }, { progress, importJob: job.jobId });
        return {};
      },
    },
  };
}

/**
 * Rows of different records imported side by side: their transactions, waiting together, go as one
 * TransactWriteItems (group-commit.ts; an account row's is 4 actions, so up to 25 rows in one, and
 * two such batches in flight).
 */
const IMPORT_CONCURRENCY = 48;

/**
 * Imports these validated rows, each exactly once (the rows already imported or removed are passed
 * over); answers the row numbers imported and those refused at import. Rows of one record (the
 * pipeline's groupOf) go in order, one at a time; 48 records at a time, in the chunk's bulk scope
 * (lib/bulk-scope.ts). A record changed under a row's write, or a simulated crash, throws once the
 * rows in flight are done: the caller's job runs again.
 */
export interface ImportOptions {
  /** the chunk's progress, 0 to 1 */
  progress?: (fraction: number) => void;
  /** actions written in each row's own transaction besides its record's (the SingleFile upload's markers) */
  alsoWrite?: (row: StoredRow) => TransactItem[];
  /** the Save or Save All job importing the rows: kept on each row (its type's last-save tab lists the last one's) */
  importJob?: string;
}

export async function importIds(p: RowPipeline, rowType: string, ids: readonly number[], actor: Actor, opts: ImportOptions = {}): Promise<{ imported: number[]; refused: number[] }> {
  // the chunk's writes draw ids and seqs from ranges, share reference reads and take what was read ahead
  const commit = new GroupCommit(sendTransaction);
  const job = opts.importJob;
  return inBulkScope({ reserve: reservedRanges(ids.length, addToCounter, { maxAgeMs: RESERVATION_MAX_AGE_MS }), memo: new Map(), ahead: new Map(), commit, ...(job ? { job } : {}) }, () =>
    importChunk(p, rowType, ids, actor, commit, opts),
  );
}

async function importChunk(
  p: RowPipeline,
  rowType: string,
  ids: readonly number[],
  actor: Actor,
  commit: GroupCommit,
  { progress, alsoWrite, importJob }: ImportOptions,
): Promise<{ imported: number[]; refused: number[] }> {
  const out = { imported: [] as number[], refused: [] as number[] };
  const rows = await p.store.readMany(ids);
  // each row's data parsed once (grouping, read-ahead and the write take it)
  const groups = new Map<string, Parsed[]>();
  ids.forEach((id) => {
    const row = rows.get(id);
    if (!row || row.rowState !== 'validated') return; // imported by an earlier run, or removed
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const group = p.groupOf?.(rowType, data) ?? `row#${id}`;
    const list = groups.get(group) ?? [];
    list.push({ row, data });
    groups.set(group, list);
  });
  // the records the rows will read before writing (an LDC number's marker, an account's amendment), in one round trip
  if (p.readAhead) await readAhead((await Promise.all([...groups.values()].flat().map(({ data }) => p.readAhead!(rowType, data)))).flat());
  const queue = [...groups.values()];
  // the chunk's progress counts its rows done by an earlier run (a crash, a redelivery) as done
  let done = ids.length - queue.reduce((n, g) => n + g.length, 0);
  let failure: { error: unknown } | null = null;
  const runner = async () => {
    try {
      await runRows();
    } finally {
      commit.leave();
    }
  };
  const runRows = async () => {
    while (queue.length && !failure) {
      for (const { row, data } of queue.shift()!) {
        if (failure) return;
        try {
          const outcome = await importRow(p, rowType, row, data, { actor }, alsoWrite?.(row) ?? [], importJob);
          if (outcome) out[outcome].push(row.rowNumber);
          progress?.(++done / ids.length);
        } catch (error) {
          failure ??= { error };
          return;
        }
      }
    }
  };
  const writers = Math.min(IMPORT_CONCURRENCY, queue.length);
  commit.enter(writers);
  await Promise.all(Array.from({ length: writers }, runner));
  if (failure) throw (failure as { error: unknown }).error;
  out.imported.sort((a, b) => a - b);
  out.refused.sort((a, b) => a - b);
  return out;
}

/** A stored row and its data, parsed. */
interface Parsed {
  row: StoredRow;
  data: Record<string, unknown>;
}

/** One row: its record written and the row imported, or the row refused with its reason (null: another run did it). */
async function importRow(
  p: RowPipeline,
  rowType: string,
  row: StoredRow,
  data: Record<string, unknown>,
  ctx: Pick<ImportContext, 'actor'>,
  also: TransactItem[],
  importJob: string | undefined,
): Promise<'imported' | 'refused' | null> {
  // the row's new feed position, drawn as it is written (the chunk's range: one counter update)
  const seq = await nextSeq(p.store.type);
  importFaults.at?.('before', row.objectId);
  try {
    await p.importRow(rowType, row, data, { ...ctx, source: `${p.label} batch ${row.batchId}`, extra: [importedUpdate(p.store, row, seq, importJob), ...also] });
    importFaults.at?.('after', row.objectId);
    return 'imported';
  } catch (e) {
    if (e instanceof SimulatedCrash) throw e;
    if (e instanceof RowRefused) {
      await refuseRow(p.store, row, seq, e.exceptions);
      return 'refused';
    }
    if (e instanceof ConflictError) {
      // the row moved on meanwhile (imported by a run before): done
      if ((await p.store.read(row.objectId))?.rowState !== 'validated') return null;
      // a record that must be unique exists already (a participant added twice): the row's exception
      if (e.message !== MSG.staleVersion) {
        await refuseRow(p.store, row, seq, [exception('Row', null, 'duplicateRecord')]);
        return 'refused';
      }
      // a record changed under us: run again
      throw e;
    }
    if (e instanceof ZodError) {
      // a rule across fields the row's own checks do not know (dates out of order: date-order.ts)
      const field = String(e.issues[0]?.path[0] ?? '');
      const header = p.columns(rowType).find((c) => c.field === field)?.header ?? (field || 'Row');
      await refuseRow(p.store, row, seq, [exception(header, field ? data[field] : null, 'genericError')]);
      return 'refused';
    }
    if (e instanceof AppError && e.status < 500) {
      const field = Object.keys(e.fieldErrors ?? {})[0] ?? '';
      const reason: ExceptionType = /Overlapping/.test(e.message) || /Overlapping/.test(JSON.stringify(e.fieldErrors ?? {})) ? 'overlappedAccounts' : /exists|already/.test(e.message) ? 'duplicateRecord' : 'genericError';
      await refuseRow(p.store, row, seq, [exception(field || 'Row', field ? data[field] : null, reason)]);
      return 'refused';
    }
    throw e;
  }
}

/** What a fault injection throws (never caught as a row's refusal). */
export class SimulatedCrash extends Error {}

/** Save (selected rows) or Save All (a type's validated rows, of a batch or all): the import job. */
export async function startImport(p: RowPipeline, params: ImportParams, userId: number) {
  return createJob({
    jobType: importJobType(p.kind),
    name: `Save ${params.rowType}`,
    createdBy: userId,
    params: params as unknown as Record<string, unknown>,
    // the type's last Save or Save All, in the job's own transaction: its last-save tab lists the rows this job imports
    also: (jobId) => [{ Put: { TableName: table(), Item: { ...keys.lastSave(p.kind, params.rowType), jobId } } }],
  });
}

/** The last Save or Save All job of a row type (undefined: none yet). */
export async function lastSaveJob(kind: RowKind, rowType: string): Promise<string | undefined> {
  return (await getItem<{ jobId: string }>(keys.lastSave(kind, rowType)))?.jobId;
}

import { createHash } from 'node:crypto';
import { SINGLE_FILE_SHOWN_JOBS } from '@eb/shared/constants';
import type { Job } from '@eb/shared/job/schemas';
import { headerKey, SINGLE_FILE_ORDER, type RowType } from '@eb/shared/upload/columns';
import { EXCEPTION_REASONS } from '@eb/shared/upload/exceptions';
import type { SingleFileResult } from '@eb/shared/upload/schemas';
import { createJob, toJob, type JobRecord, type JobType } from '../job/service';
import type { Actor } from '../lib/change-log';
import { batchGet, getItem, keys, queryAll, table, type TransactItem } from '../lib/db';
import { workbookContentError } from '../lib/xlsx-guard';
import { importIds } from './import';
import { parseSheet } from './parse';
import { rowIdOf, type StoredRow } from './rows';
import { UPLOADS } from './uploads';
import { sheetName, uploadedWorkbook, type Worksheet } from './workbook-reader';

/**
 * SingleFile upload (spec 3 section 4, issue 10): one workbook with a sheet per type (named by the
 * type, as the SingleFile template has them), read and imported in dependency order (amendments,
 * accounts, addresses, volumes, participants, CRM). Each sheet's rows get a batch of their own; its
 * valid rows are imported at once through the forms' write path (exactly once), its failures become
 * the type's error block. The result holds the errors and uploaded rows per type and the currentKey:
 * the first amendment ('contractId-amendmentNumber') whose rows failed, to resume from with the next
 * file ('Continue upload': rows of amendments before that key are passed over).
 */
export const SINGLE_FILE_JOB = 'singleFileUpload';

interface Params {
  key: string;
  fileName: string;
  uploadUser: string;
  userName: string;
  firstBatchId: number;
  resumeKey?: string;
}

const amendmentKey = (data: Record<string, unknown>) =>
  typeof data.contractId === 'number' && typeof data.amendmentNumber === 'number' ? `${data.contractId}-${data.amendmentNumber}` : null;
const resultKey = (jobId: string) => ({ pk: `SINGLEFILE#${jobId}`, sk: 'RESULT' });
/** A user's SingleFile jobs, newest first: written with the job's result, read by 'Select job'. */
const userJobKey = (userId: number, job: JobRecord) => keys.singleFileJobs(userId, job.gsi1sk);

/**
 * A row a SingleFile upload imported, by its type and values (its data as stored, keys in order):
 * written in the row's own transaction, so a later run of a corrected file (a resume, or the same
 * job run again after its worker died) recognises the row and passes over it instead of writing
 * its record again or reporting it as a duplicate.
 */
const importedMarkerKey = (type: string, data: string) => {
  const parsed = JSON.parse(data) as Record<string, unknown>;
  const canonical = JSON.stringify(Object.keys(parsed).sort().map((k) => [k, parsed[k]]));
  return keys.singleFileRow(type, createHash('sha256').update(canonical).digest('base64url'));
};

/** What a SingleFile run gathers as it reads the sheets. */
interface RunState {
  result: SingleFileResult;
  /** the amendments in the order of the Amendments sheet */
  amendmentOrder: string[];
  /** the amendments with rows not imported */
  notAllImported: Set<string>;
  /** the resume key still to be met (the Amendments sheet's rows before it are passed over) */
  resuming: boolean;
}

/** Reads the workbook's sheets in turn, each parsed into its batch and its valid rows imported at once. */
async function readSheets(reader: AsyncIterable<Worksheet>, p: Params, actor: Actor, run: RunState): Promise<void> {
  const { result, amendmentOrder, notAllImported } = run;
  for await (const sheet of reader) {
    // by its name; a sheet read before the workbook's part names (see workbook-reader.ts) by its place in the template
    const { name, number } = sheetName(sheet);
    const type = (SINGLE_FILE_ORDER.find((t) => headerKey(t) === headerKey(name)) ?? (/^Sheet\d+$/.test(name) && number ? SINGLE_FILE_ORDER[number - 1] : undefined)) as RowType | undefined;
    if (!type) continue;
    const batchId = p.firstBatchId + SINGLE_FILE_ORDER.indexOf(type as (typeof SINGLE_FILE_ORDER)[number]);
    const sheetResult = await parseSheet(UPLOADS, type, sheet, batchId, p.uploadUser, { details: true });
    const rowNumbers = [...sheetResult.keys.keys()].sort((a, b) => a - b);
    if (type === 'Amendments') for (const n of rowNumbers) amendmentOrder.push(amendmentKey(sheetResult.keys.get(n)!) ?? '');
    // resume: the rows of amendments before the key are passed over
    const skip = new Set<number>();
    if (run.resuming && type === 'Amendments') {
      for (const n of rowNumbers) {
        if (amendmentKey(sheetResult.keys.get(n)!) === p.resumeKey) break;
        skip.add(n);
      }
      run.resuming = false;
    }
    // rows an earlier run imported (this job's before its worker died: counted as imported here)
    const stored = await UPLOADS.store.readMany(rowNumbers.map((n) => rowIdOf(batchId, n)));
    const markers = new Map<number, Record<string, unknown>>();
    for (const row of stored.values()) markers.set(row.rowNumber, importedMarkerKey(type, row.data));
    const found = new Map((await batchGet([...markers.values()])).map((m) => [`${String(m.pk)}`, Number(m.batchId)]));
    const importedBefore = new Set<number>();
    const importedHere: number[] = [];
    for (const [n, key] of markers) {
      const by = found.get(String(key.pk));
      if (by === undefined) continue;
      importedBefore.add(n);
      if (by === batchId) importedHere.push(n);
    }
    const isFailed = new Set(sheetResult.failed.map((f) => f.rowNumber));
    const failed = sheetResult.failed.filter((f) => !skip.has(f.rowNumber) && !importedBefore.has(f.rowNumber));
    const validIds = rowNumbers.filter((n) => !skip.has(n) && !isFailed.has(n) && !importedBefore.has(n)).map((n) => rowIdOf(batchId, n));
    const marker = (row: StoredRow): TransactItem[] => [{ Put: { TableName: table(), Item: { ...markers.get(row.rowNumber)!, batchId, rowNumber: row.rowNumber } } }];
    const imported = await importIds(UPLOADS, type, validIds, actor, { alsoWrite: marker });
    const lines = [
      ...failed.map((f) => `Row ${f.rowNumber}: ${f.exceptions.map((e) => `${e.uiHeader}: ${EXCEPTION_REASONS[e.type]}`).join('; ')}`),
      ...imported.refused.map((n) => `Row ${n}: refused at import (see the Exception tab, batch ${batchId})`),
      ...(sheetResult.unknownHeaders.length ? [`Columns not recognised: ${sheetResult.unknownHeaders.join(', ')}`] : []),
      ...(sheetResult.missingColumns.length ? [`Required columns missing: ${sheetResult.missingColumns.join(', ')}`] : []),
    ];
    if (lines.length) result.errors.push({ uploadType: type, message: lines.join('\n') });
    result.uploadedRows.push({ uploadType: type, rowInfos: [...importedHere, ...imported.imported].sort((a, b) => a - b), uploadBatchId: batchId });
    for (const n of [...failed.map((f) => f.rowNumber), ...imported.refused]) {
      const k = amendmentKey(sheetResult.keys.get(n) ?? {});
      if (k) notAllImported.add(k);
    }
  }
}

/** The SingleFile job (registered by the worker). */
export const singleFileJob: JobType = {
  jobType: SINGLE_FILE_JOB,
  def: {
    plan: async () => 1,
    async runChunk(job: JobRecord, _index, progress) {
      const p = job.params as unknown as Params;
      const actor = { objectId: job.createdBy ?? 0, name: p.userName };
      // the job's progress: how much of the workbook has been read (its sheets are imported as they are read)
      const reader = await uploadedWorkbook(p.key, progress);
      const run: RunState = { result: { errors: [], uploadedRows: [], currentKey: null }, amendmentOrder: [], notAllImported: new Set(), resuming: !!p.resumeKey };
      // a bomb or a damaged file fails the job now, with its message; a store's fault is retried
      try {
        await readSheets(reader, p, actor, run);
      } catch (e) {
        throw workbookContentError(e);
      }
      const { result, amendmentOrder, notAllImported } = run;
      // the key: the first amendment (in the Amendments sheet's order, then the others') whose rows did not all import
      const rank = (k: string) => {
        const i = amendmentOrder.indexOf(k);
        return i < 0 ? amendmentOrder.length : i;
      };
      result.currentKey = [...notAllImported].sort((a, b) => rank(a) - rank(b))[0] ?? null;
      return {
        writes: [
          { Put: { TableName: table(), Item: { ...resultKey(job.jobId), result: JSON.stringify(result) } } },
          { Put: { TableName: table(), Item: { ...userJobKey(job.createdBy ?? 0, job), jobId: job.jobId } } },
        ],
      };
    },
    async finish(job: JobRecord) {
      const item = await getItem<{ result: string }>(resultKey(job.jobId));
      return item ? (JSON.parse(item.result) as SingleFileResult) : null;
    },
  },
};

export const startSingleFile = (params: Params, userId: number) =>
  createJob({ jobType: SINGLE_FILE_JOB, name: `SingleFile upload (${params.fileName})`, createdBy: userId, params: params as unknown as Record<string, unknown> });

/**
 * 'Select job': the user's last SINGLE_FILE_SHOWN_JOBS completed SingleFile uploads, newest first,
 * with their results (however many jobs of other types or users finished since).
 */
export async function listSingleFileJobs(userId: number): Promise<Job[]> {
  const index = await queryAll<{ jobId: string }>(
    { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': keys.singleFileJobs(userId).pk }, ScanIndexForward: false },
    SINGLE_FILE_SHOWN_JOBS * 2,
  );
  const records = new Map((await batchGet(index.map((i) => keys.job(i.jobId)))).map((r) => [String(r.jobId), r as unknown as JobRecord]));
  const done = index.map((i) => records.get(i.jobId)).filter((r): r is JobRecord => r?.status === 'completed').slice(0, SINGLE_FILE_SHOWN_JOBS);
  return done.map(toJob);
}

import { headerKey, SINGLE_FILE_ORDER, type RowType } from '@eb/shared/upload/columns';
import { EXCEPTION_REASONS } from '@eb/shared/upload/exceptions';
import type { SingleFileResult } from '@eb/shared/upload/schemas';
import { createJob, type JobRecord } from '../job/repository';
import { registerJobType } from '../job/registry';
import { getItem, table } from '../lib/db';
import { importIds } from './import';
import { parseSheet } from './parse';
import { rowIdOf } from './rows';
import { UPLOADS } from './uploads';
import { sheetName, uploadedWorkbook } from './workbook-reader';

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

registerJobType(SINGLE_FILE_JOB, {
  plan: async () => 1,
  async runChunk(job: JobRecord, _index, progress) {
    const p = job.params as unknown as Params;
    const actor = { objectId: job.createdBy ?? 0, name: p.userName };
    // the job's progress: how much of the workbook has been read (its sheets are imported as they are read)
    const reader = await uploadedWorkbook(p.key, progress);
    const result: SingleFileResult = { errors: [], uploadedRows: [], currentKey: null };
    let resuming = !!p.resumeKey;
    for await (const sheet of reader) {
      // by its name; a sheet read before the workbook's part names (see workbook-reader.ts) by its place in the template
      const { name, number } = sheetName(sheet);
      const type = (SINGLE_FILE_ORDER.find((t) => headerKey(t) === headerKey(name)) ?? (/^Sheet\d+$/.test(name) && number ? SINGLE_FILE_ORDER[number - 1] : undefined)) as RowType | undefined;
      if (!type) continue;
      const batchId = p.firstBatchId + SINGLE_FILE_ORDER.indexOf(type as (typeof SINGLE_FILE_ORDER)[number]);
      const sheetResult = await parseSheet(UPLOADS, type, sheet, batchId, p.uploadUser, { details: true });
      // resume: the rows of amendments before the key are passed over
      const skip = new Set<number>();
      if (resuming && type === 'Amendments') {
        for (const [rowNumber, data] of [...sheetResult.keys.entries()].sort((a, b) => a[0] - b[0])) {
          if (amendmentKey(data) === p.resumeKey) break;
          skip.add(rowNumber);
        }
        resuming = false;
      }
      const failed = sheetResult.failed.filter((f) => !skip.has(f.rowNumber));
      const validIds = [...sheetResult.keys.keys()].filter((n) => !skip.has(n) && !sheetResult.failed.some((f) => f.rowNumber === n)).sort((a, b) => a - b).map((n) => rowIdOf(batchId, n));
      const imported = await importIds(UPLOADS, type, validIds, actor);
      const lines = [
        ...failed.map((f) => `Row ${f.rowNumber}: ${f.exceptions.map((e) => `${e.uiHeader}: ${EXCEPTION_REASONS[e.type]}`).join('; ')}`),
        ...imported.refused.map((n) => `Row ${n}: refused at import (see the Exception tab, batch ${batchId})`),
        ...(sheetResult.unknownHeaders.length ? [`Columns not recognised: ${sheetResult.unknownHeaders.join(', ')}`] : []),
        ...(sheetResult.missingColumns.length ? [`Required columns missing: ${sheetResult.missingColumns.join(', ')}`] : []),
      ];
      if (lines.length) result.errors.push({ uploadType: type, message: lines.join('\n') });
      result.uploadedRows.push({ uploadType: type, rowInfos: imported.imported, uploadBatchId: batchId });
      if (!result.currentKey) {
        const firstFailed = [...failed].sort((a, b) => a.rowNumber - b.rowNumber).map((f) => amendmentKey(f.data)).find((k) => k !== null);
        if (firstFailed) result.currentKey = firstFailed;
      }
    }
    return { writes: [{ Put: { TableName: table(), Item: { ...resultKey(job.jobId), result: JSON.stringify(result) } } }] };
  },
  async finish(job: JobRecord) {
    const item = await getItem<{ result: string }>(resultKey(job.jobId));
    return item ? (JSON.parse(item.result) as SingleFileResult) : null;
  },
});

export const startSingleFile = (params: Params, userId: number) =>
  createJob({ jobType: SINGLE_FILE_JOB, name: `SingleFile upload (${params.fileName})`, createdBy: userId, params: params as unknown as Record<string, unknown> });

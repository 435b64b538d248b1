import type { RowType } from '@eb/shared/upload/columns';
import { createJob, type JobRecord } from '../job/repository';
import { registerJobType } from '../job/registry';
import { deleteUploadRows, uploadRows } from './rows';

/**
 * Remove All (spec 3 section 4: "all at once, with or without a batch filter"; a job): a type's rows
 * of a state (and batch), removed 500 at a time. Each chunk takes the rows still there, so a chunk
 * run again removes what is left and nothing else.
 */
export const UPLOAD_REMOVE_JOB = 'uploadRemoveAll';
const CHUNK = 500;

interface Params {
  uploadType: RowType;
  rowState?: 'validated' | 'withExceptions';
  batchId?: number;
}
const filterOf = (p: Params) => (r: { uploadType: string; rowState: string; uploadBatchId: number }) =>
  r.uploadType === p.uploadType && r.rowState !== 'imported' && (p.rowState === undefined || r.rowState === p.rowState) && (p.batchId === undefined || r.uploadBatchId === p.batchId);

registerJobType(UPLOAD_REMOVE_JOB, {
  async plan(job: JobRecord) {
    const count = (await uploadRows().idsOf({ filter: filterOf(job.params as unknown as Params) })).length;
    return Math.max(1, Math.ceil(count / CHUNK));
  },
  async runChunk(job: JobRecord) {
    const ids = (await uploadRows().idsOf({ filter: filterOf(job.params as unknown as Params) })).slice(0, CHUNK);
    if (ids.length) await deleteUploadRows(ids);
    return {};
  },
});

export const startRemoveAll = (params: Params, userId: number) =>
  createJob({ jobType: UPLOAD_REMOVE_JOB, name: `Remove ${params.uploadType}`, createdBy: userId, params: params as unknown as Record<string, unknown> });

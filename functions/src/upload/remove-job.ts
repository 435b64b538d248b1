import { createJob, type JobRecord, type JobType } from '../job/service';
import { pipelineOf, type RowPipeline } from './pipeline';
import type { RowKind } from './rows';

/**
 * Remove All (spec 3 section 4: "all at once, with or without a batch filter"; a job) of a
 * pipeline: a type's rows of a state (and batch), removed 500 at a time. Each chunk takes the rows
 * still there, so a chunk run again removes what is left and nothing else.
 */
export const removeJobType = (kind: RowKind) => `${kind}RemoveAll`;
const CHUNK = 500;

export interface RemoveParams {
  rowType: string;
  rowState?: 'validated' | 'withExceptions';
  batchId?: number;
}
const filterOf = (p: RemoveParams) => (r: { rowType: string; rowState: string; batchId: number }) =>
  r.rowType === p.rowType && r.rowState !== 'imported' && (p.rowState === undefined || r.rowState === p.rowState) && (p.batchId === undefined || r.batchId === p.batchId);

/** The remove job of a pipeline's kind (registered by the worker). */
export function removeJob(kind: RowKind): JobType {
  return {
    jobType: removeJobType(kind),
    def: {
      async plan(job: JobRecord) {
        const count = (await pipelineOf(kind).store.rows().idsOf({ filter: filterOf(job.params as unknown as RemoveParams) })).length;
        return Math.max(1, Math.ceil(count / CHUNK));
      },
      async runChunk(job: JobRecord) {
        const store = pipelineOf(kind).store;
        const ids = (await store.rows().idsOf({ filter: filterOf(job.params as unknown as RemoveParams) })).slice(0, CHUNK);
        if (ids.length) await store.remove(ids);
        return {};
      },
    },
  };
}

export const startRemoveAll = (p: RowPipeline, params: RemoveParams, userId: number) =>
  createJob({ jobType: removeJobType(p.kind), name: `Remove ${params.rowType}`, createdBy: userId, params: params as unknown as Record<string, unknown> });

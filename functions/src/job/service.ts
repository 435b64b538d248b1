/**
 * The job runner's use cases other resources call: create a job, read its record, keep its plan in
 * the exports bucket, define an export job. A resource's job types are registered by the worker's
 * entry (job/worker.ts, the composition root), which takes them from the resource's service.
 */
export { defineExportJob, type ExportJob } from './export-job';
export { getJobPlan, putJobPlan } from './plan';
export { createJob, getJobRecord, toJob, type JobRecord } from './repository';
export type { ChunkProgress, JobType, JobTypeDef } from './types';

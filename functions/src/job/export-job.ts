import { PassThrough } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { MAX_RECORD_COUNT } from '@eb/shared/constants';
import { createJob, getJobRecord, type JobRecord } from './repository';
import type { Job } from '@eb/shared/job/schemas';
import { getJobJson, getJobPlan, putJobJson, putJobPlan } from './plan';
import type { JobType } from './types';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { NotFoundError } from '../lib/errors';
import { presignedDownload } from '../lib/files';
import { XLSX_CONTENT_TYPE, pickColumns, xlsxSheetWriter, type XlsxColumn } from '../lib/xlsx';

/**
 * A spreadsheet written by a job, with no row cap (Export all of contracts and accounts, the
 * reports). The plan takes the ordered ids once (a consistent set, kept in S3); each chunk writes the
 * cells of MAX_RECORD_COUNT ids in the chosen columns only (a column left out is never computed nor
 * stored) as a part of its own (a redelivered chunk writes the same part again); the finish streams the parts in order through the .xlsx streaming writer into a multipart
 * upload, so neither the rows nor the file are ever whole in memory. The file stays in the exports
 * bucket (expired after two days); `link` hands a short-lived presigned link to the job's creator.
 */
export const EXPORT_LINK_SECONDS = 300;

type ExportColumn = XlsxColumn & { field?: string };

export interface ExportJobSpec<P, C extends ExportColumn = ExportColumn> {
  jobType: string;
  /** the job's name in the task panel */
  name: string;
  /** its folder in the exports bucket */
  folder: string;
  fileName: string;
  /** the name the file downloads under (default fileName), e.g. with the day's date */
  downloadName?: () => string;
  sheetName: string;
  /** every column, in order; an export started with `columns` (comma-joined fields) writes those, in their order */
  columns: readonly C[];
  /** the ordered ids of the export */
  ids(params: P): Promise<number[]>;
  /** the cells of these ids' rows, in their order, of these columns (the chosen ones, in their order) */
  cells(ids: number[], columns: readonly C[]): Promise<unknown[][]>;
}

export interface ExportJob<P> {
  /** what the worker registers */
  job: JobType;
  /** `columns`: the grid's visible columns (comma-joined fields, in its order); none: every column */
  start(params: P, userId: number, columns?: string): Promise<Job>;
  link(jobId: string, userId: number): Promise<{ downloadInfo: { link: string } }>;
}

export function defineExportJob<P, C extends ExportColumn = ExportColumn>(spec: ExportJobSpec<P, C>): ExportJob<P> {
  const base = (jobId: string) => `exports/${spec.folder}/${jobId}`;
  const part = (jobId: string, i: number) => `${base(jobId)}/part-${String(i).padStart(5, '0')}.json`;
  const fileKey = (jobId: string) => `${base(jobId)}/${spec.fileName}`;
  /** the columns the export was started with (`exportColumns`, in their order), else every column */
  const chosenOf = (job: JobRecord): readonly C[] =>
    pickColumns(spec.columns as readonly (C & { field: string })[], (job.params as { exportColumns?: string }).exportColumns);
  const def: JobType['def'] = {
    async plan(job: JobRecord) {
      const ids = await spec.ids(job.params as P);
      await putJobPlan(`${base(job.jobId)}/ids.json`, ids);
      return Math.max(1, Math.ceil(ids.length / MAX_RECORD_COUNT));
    },
    async runChunk(job: JobRecord, index: number) {
      const ids = await getJobPlan<number[]>(`${base(job.jobId)}/ids.json`);
      await putJobJson(part(job.jobId, index), await spec.cells(ids.slice(index * MAX_RECORD_COUNT, (index + 1) * MAX_RECORD_COUNT), chosenOf(job)));
      return {};
    },
    async finish(job: JobRecord) {
      const body = new PassThrough();
      const upload = new Upload({
        client: s3Client(),
        params: { Bucket: config.exportsBucket, Key: fileKey(job.jobId), Body: body, ContentType: XLSX_CONTENT_TYPE },
        queueSize: 2,
      });
      const uploaded = upload.done();
      const writer = xlsxSheetWriter(body, spec.sheetName, chosenOf(job));
      let rows = 0;
      try {
        for (let i = 0; i < (job.totalChunks ?? 1); i++) {
          for (const row of (await getJobJson<unknown[][]>(part(job.jobId, i))).value) {
            writer.add(row);
            rows++;
          }
        }
        await writer.commit();
      } catch (e) {
        body.destroy(e as Error);
        await uploaded.catch(() => undefined);
        throw e;
      }
      await uploaded;
      return { fileName: spec.fileName, rows };
    },
  };
  return {
    job: { jobType: spec.jobType, def },
    start: (params, userId, columns) =>
      createJob({ jobType: spec.jobType, name: spec.name, createdBy: userId, params: { ...(params as Record<string, unknown>), ...(columns ? { exportColumns: columns } : {}) } }),
    async link(jobId, userId) {
      const job = await getJobRecord(jobId);
      if (!job || job.jobType !== spec.jobType || job.createdBy !== userId || job.status !== 'completed') throw new NotFoundError();
      const link = await presignedDownload({ bucket: config.exportsBucket, key: fileKey(jobId), fileName: spec.downloadName?.() ?? spec.fileName, contentType: XLSX_CONTENT_TYPE, seconds: EXPORT_LINK_SECONDS });
      return { downloadInfo: { link } };
    },
  };
}

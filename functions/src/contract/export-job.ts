import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MAX_RECORD_COUNT } from '@eb/shared/constants';
import type { ContractListFilter } from '@eb/shared/contract/schemas';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { NotFoundError } from '../lib/errors';
import { presignedDownload } from '../lib/files';
import { XLSX_CONTENT_TYPE } from '../lib/xlsx';
import { createJob, getJobRecord, type JobRecord } from '../job/repository';
import { registerJobType } from '../job/registry';
import { CONTRACTS_EXPORT_FILENAME, contractsWorkbook } from './export';
import { contractIds, lightList } from './repository';

/**
 * Export all (beyond the spec: the whole filtered contract list, no row cap) as a job: the plan
 * takes the ordered ids of the filter once (a consistent set, kept in S3), each chunk writes the
 * rows of MAX_RECORD_COUNT ids as a part (a key of its own: a redelivered chunk writes the same
 * part again), and the finish writes the .xlsx from the parts in order with the streaming writer.
 * The file stays in the exports bucket (expired after two days) and GetExportLink hands a
 * short-lived presigned link to the job's creator.
 */
export const CONTRACTS_EXPORT_JOB = 'contractsExport';
export const EXPORT_LINK_SECONDS = 300;
const base = (jobId: string) => `exports/contracts/${jobId}`;

async function putJson(key: string, value: unknown): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: config.exportsBucket, Key: key, Body: JSON.stringify(value), ContentType: 'application/json' }));
}
async function getJson<T>(key: string): Promise<T> {
  const r = await s3Client().send(new GetObjectCommand({ Bucket: config.exportsBucket, Key: key }));
  return JSON.parse(await r.Body!.transformToString()) as T;
}

registerJobType(CONTRACTS_EXPORT_JOB, {
  async plan(job: JobRecord) {
    const { filter, orderBy } = job.params as { filter: ContractListFilter; orderBy?: string };
    const ids = await contractIds(filter, orderBy);
    await putJson(`${base(job.jobId)}/ids.json`, ids);
    return Math.max(1, Math.ceil(ids.length / MAX_RECORD_COUNT));
  },
  async runChunk(job: JobRecord, index: number) {
    const ids = await getJson<number[]>(`${base(job.jobId)}/ids.json`);
    const slice = ids.slice(index * MAX_RECORD_COUNT, (index + 1) * MAX_RECORD_COUNT);
    await putJson(`${base(job.jobId)}/part-${String(index).padStart(5, '0')}.json`, await lightList(slice.map((objectId) => ({ objectId }))));
    return {};
  },
  async finish(job: JobRecord) {
    const parts = job.totalChunks ?? 1;
    const rows = [];
    for (let i = 0; i < parts; i++) rows.push(...(await getJson<Parameters<typeof contractsWorkbook>[0]>(`${base(job.jobId)}/part-${String(i).padStart(5, '0')}.json`)));
    const key = `${base(job.jobId)}/${CONTRACTS_EXPORT_FILENAME}`;
    await s3Client().send(
      new PutObjectCommand({ Bucket: config.exportsBucket, Key: key, Body: await contractsWorkbook(rows), ContentType: XLSX_CONTENT_TYPE }),
    );
    return { fileName: CONTRACTS_EXPORT_FILENAME, rows: rows.length };
  },
});

/** POST contract/ExportAll: the job exporting every row of the filter. */
export function startContractsExport(filter: ContractListFilter, orderBy: string | undefined, userId: number) {
  return createJob({ jobType: CONTRACTS_EXPORT_JOB, name: 'Export all contracts', createdBy: userId, params: { filter, orderBy } });
}

/** GET contract/GetExportLink?id: the finished export's link, for the user who started it. */
export async function exportLink(jobId: string, userId: number): Promise<{ downloadInfo: { link: string } }> {
  const job = await getJobRecord(jobId);
  if (!job || job.jobType !== CONTRACTS_EXPORT_JOB || job.createdBy !== userId || job.status !== 'completed') throw new NotFoundError();
  const link = await presignedDownload({
    bucket: config.exportsBucket,
    key: `${base(jobId)}/${CONTRACTS_EXPORT_FILENAME}`,
    fileName: CONTRACTS_EXPORT_FILENAME,
    contentType: XLSX_CONTENT_TYPE,
    seconds: EXPORT_LINK_SECONDS,
  });
  return { downloadInfo: { link } };
}

import { randomUUID } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COMPLETED_JOBS_SHOWN } from '@eb/shared/constants';
import type { Job, JobList, JobStatus } from '@eb/shared/job/schemas';
import { toTransferDate } from '@eb/shared/formats';
import { dynamo, sqsClient } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, keys, queryAll, table, transact, type TransactItem } from '../lib/db';
import { recordJobStatus } from '../lib/metrics';

/** The job item: the public Job plus the worker's checkpoint. */
export interface JobRecord extends Job {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  params: Record<string, unknown>;
  totalChunks?: number;
  nextChunk: number;
}

export const JOB_GROUP = 'jobs';
/** Active (queued, running) and finished jobs live under two index partitions. */
export const groupOf = (status: JobStatus): string =>
  status === 'queued' || status === 'running' ? 'JOBS#active' : 'JOBS#done';

export function toJob(r: JobRecord): Job {
  return {
    jobId: r.jobId,
    jobType: r.jobType,
    name: r.name,
    status: r.status,
    progress: r.progress,
    created: r.created,
    updated: r.updated,
    createdBy: r.createdBy,
    result: r.result ?? null,
  };
}

export const getJobRecord = (jobId: string) => getItem<JobRecord>(keys.job(jobId));

async function enqueue(jobId: string, dedup: string): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: config.jobsQueueUrl,
      MessageBody: JSON.stringify({ jobId }),
      MessageGroupId: JOB_GROUP,
      MessageDeduplicationId: dedup,
    }),
  );
}

/**
 * Record a job (queued) and put its message on the FIFO queue: one job runs at a time. `also`: items
 * written in the same transaction as the job's record (e.g. the uploader's last-save pointer).
 */
export async function createJob(input: {
  jobType: string;
  name: string;
  createdBy: number | null;
  params?: Record<string, unknown>;
  also?: (jobId: string) => TransactItem[];
}): Promise<Job> {
  const jobId = randomUUID();
  const now = toTransferDate(new Date());
  const created = new Date().toISOString();
  const record: JobRecord = {
    ...keys.job(jobId),
    gsi1pk: groupOf('queued'),
    gsi1sk: `${created}#${jobId}`,
    jobId,
    jobType: input.jobType,
    name: input.name,
    status: 'queued',
    progress: 0,
    created: now,
    updated: now,
    createdBy: input.createdBy,
    result: null,
    params: input.params ?? {},
    nextChunk: 0,
  };
  const put = { TableName: table(), Item: record, ConditionExpression: 'attribute_not_exists(pk)' };
  const also = input.also?.(jobId) ?? [];
  if (also.length) await transact([{ Put: put }, ...also]);
  else await dynamo().send(new PutCommand(put));
  await enqueue(jobId, `${jobId}:0`);
  return toJob(record);
}

/** A group's jobs, newest or oldest first; only those `createdBy` created when it is given. */
function queryGroup(group: string, ascending: boolean, limit?: number, createdBy?: number): Promise<JobRecord[]> {
  const mine = createdBy === undefined ? {} : { FilterExpression: 'createdBy = :u' };
  return queryAll<JobRecord>(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :g',
      ExpressionAttributeValues: { ':g': group, ...(createdBy === undefined ? {} : { ':u': createdBy }) },
      ScanIndexForward: ascending,
      ...mine,
    },
    limit,
  );
}

/**
 * GET job: the running job, the queued ones in order, the latest finished ones. `createdBy`: only
 * that user's jobs (issue 26 item 6: a job's name carries its file's name, its result the outcome;
 * everyone but the administrators sees their own jobs only).
 */
export async function listJobs(createdBy?: number): Promise<JobList> {
  const [active, done] = await Promise.all([
    queryGroup('JOBS#active', true, undefined, createdBy),
    queryGroup('JOBS#done', false, COMPLETED_JOBS_SHOWN, createdBy),
  ]);
  const running = active.find((j) => j.status === 'running');
  return {
    completedJobs: done.map(toJob),
    currentJob: running ? toJob(running) : null,
    jobsInQueue: active.filter((j) => j.status === 'queued').map(toJob),
  };
}

/** Move a job to a new status (conditional on its current one). Returns false if it was not in `from`. */
export async function setStatus(
  jobId: string,
  from: JobStatus[],
  to: JobStatus,
  extra: { progress?: number; result?: unknown; totalChunks?: number } = {},
): Promise<boolean> {
  const names: Record<string, string> = { '#s': 'status' };
  const values: Record<string, unknown> = { ':to': to, ':g': groupOf(to), ':u': toTransferDate(new Date()) };
  from.forEach((f, i) => (values[`:f${i}`] = f));
  let set = '#s = :to, gsi1pk = :g, updated = :u';
  if (extra.progress !== undefined) {
    set += ', progress = :p';
    values[':p'] = extra.progress;
  }
  if (extra.result !== undefined) {
    set += ', #r = :r';
    values[':r'] = extra.result;
    names['#r'] = 'result';
  }
  if (extra.totalChunks !== undefined) {
    set += ', totalChunks = :t';
    values[':t'] = extra.totalChunks;
  }
  try {
    const updated = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.job(jobId),
        UpdateExpression: `SET ${set}`,
        ConditionExpression: `#s IN (${from.map((_, i) => `:f${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    // The jobs started / completed / failed metrics (EMF; the JobsFailed alarm), where the status changes.
    recordJobStatus(to, { jobId, jobType: (updated.Attributes as Partial<JobRecord> | undefined)?.jobType });
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

export const cancelJob = (jobId: string) => setStatus(jobId, ['queued', 'running'], 'cancelled');

/**
 * After a restart of the local stack (its queue lives in memory) put every unfinished job back on
 * the queue, oldest first; the worker resumes each from its checkpoint.
 */
export async function resumeJobs(): Promise<number> {
  const active = await queryGroup('JOBS#active', true);
  for (const j of active) await enqueue(j.jobId, `${j.jobId}:${j.nextChunk}:resume`);
  return active.length;
}

import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { MSG } from '@eb/shared/messages';
import { toTransferDate } from '@eb/shared/formats';
import { dynamo, sqsClient } from '../lib/aws';
import { config } from '../lib/config';
import { keys, table, transact } from '../lib/db';
import { AppError, ConflictError, PermanentJobError } from '../lib/errors';
import { log, withLogContext } from '../lib/log';
import { accountJobTypes } from '../account/service';
import { amendmentJobTypes } from '../amendment/service';
import { reportJobTypes } from '../report/service';
import { updateJobTypes } from '../update/service';
import { uploadJobTypes } from '../upload/service';
import { jobTypeDef, registerJobTypes } from './registry';
import { getJobRecord, setStatus, type JobRecord } from './repository';

// The composition root of the jobs: the product's job types, from the services of the resources that own them
registerJobTypes([
  // Contracts: Export all
  ...amendmentJobTypes(),
  // Accounts: Export all
  ...accountJobTypes(),
  // Reports: Export To P2C
  ...reportJobTypes(),
  // Uploads: the parse of an uploaded workbook, Save / Save All, Remove All, undo; SingleFile
  ...uploadJobTypes(),
  // Updates: the parse of an update workbook, Save / Save All, Remove All, undo
  ...updateJobTypes(),
]);

/** Leave this much time before the Lambda's deadline: stop between chunks and continue later. */
const SAFETY_MS = 15_000;

/**
 * After a transient failure the message comes back in 2, 4, 8, 16… seconds (at most 5 minutes),
 * not after the queue's visibility timeout (six worker timeouts, 12 minutes): the jobs queue is one
 * FIFO group, so until the failed message is back every user's job waits behind it.
 */
export function retryDelaySeconds(receives: number): number {
  return Math.min(2 ** Math.max(1, receives), 300);
}

function showAgainIn(record: SQSRecord, seconds: number): Promise<unknown> {
  return sqsClient()
    .send(new ChangeMessageVisibilityCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }))
    .catch(() => undefined);
}

type Outcome = 'done' | 'continue';

/** A chunk's own progress is written at most this often. */
export const CHUNK_PROGRESS_EVERY_MS = 1000;

/**
 * The progress a chunk reports as it goes (`runChunk`'s third argument): the job's progress between
 * its checkpoints, written at most once every CHUNK_PROGRESS_EVERY_MS and only forward, while the
 * job still runs this chunk (a late report after the checkpoint, or of a cancelled job, changes
 * nothing). A report's write is not waited for; one fails quietly.
 */
function chunkProgress(jobId: string, index: number, total: number): (fraction: number) => void {
  let shown = Math.floor((index / Math.max(total, 1)) * 100);
  let lastAt = 0;
  let writing = false;
  return (fraction) => {
    const part = Math.min(Math.max(Number.isFinite(fraction) ? fraction : 0, 0), 1);
    const progress = Math.min(Math.floor(((index + part) / Math.max(total, 1)) * 100), 99);
    const now = Date.now();
    if (progress <= shown || writing || now - lastAt < CHUNK_PROGRESS_EVERY_MS) return;
    shown = progress;
    lastAt = now;
    writing = true;
    dynamo()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.job(jobId),
          UpdateExpression: 'SET progress = :p, updated = :u',
          ConditionExpression: 'nextChunk = :c AND #s = :running AND progress < :p',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':p': progress, ':c': index, ':u': toTransferDate(new Date()), ':running': 'running' },
        }),
      )
      .catch(() => undefined)
      .finally(() => (writing = false));
  };
}

async function runJob(jobId: string, context: Context): Promise<Outcome> {
  let job = await getJobRecord(jobId);
  if (!job || job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled') return 'done';
  const def = jobTypeDef(job.jobType);
  if (!def) {
    await setStatus(jobId, ['queued', 'running'], 'failed', { result: { message: `Unknown job type ${job.jobType}` } });
    return 'done';
  }
  if (job.status === 'queued') {
    const total = await def.plan(job);
    if (!(await setStatus(jobId, ['queued'], 'running', { totalChunks: total }))) return 'done'; // cancelled meanwhile
    job = { ...job, status: 'running', totalChunks: total };
  } else if (job.totalChunks === undefined) {
    const total = await def.plan(job);
    await dynamo().send(
      new UpdateCommand({ TableName: table(), Key: keys.job(jobId), UpdateExpression: 'SET totalChunks = :t', ExpressionAttributeValues: { ':t': total } }),
    );
    job = { ...job, totalChunks: total };
  }

  const total = job.totalChunks ?? 0;
  let index = job.nextChunk;
  while (index < total) {
    // Cancellation is checked between chunks.
    const fresh = await getJobRecord(jobId);
    if (!fresh || fresh.status !== 'running') return 'done';
    index = fresh.nextChunk;
    if (index >= total) break;
    const { writes = [] } = await def.runChunk(fresh, index, chunkProgress(jobId, index, total));
    const progress = Math.floor(((index + 1) / Math.max(total, 1)) * 100);
    try {
      await transact([
        ...writes,
        {
          Update: {
            TableName: table(),
            Key: keys.job(jobId),
            UpdateExpression: 'SET nextChunk = :n, progress = :p, updated = :u',
            ConditionExpression: 'nextChunk = :c AND #s = :running',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':n': index + 1,
              ':c': index,
              ':p': Math.min(progress, 99),
              ':u': toTransferDate(new Date()),
              ':running': 'running',
            },
          },
        },
      ]);
    } catch (e) {
      // Another delivery did this chunk, or the job was cancelled: re-read and go on from there.
      if (!(e instanceof ConflictError)) throw e;
    }
    index += 1;
    if (context.getRemainingTimeInMillis() < SAFETY_MS) return 'continue';
  }
  const latest = await getJobRecord(jobId);
  if (!latest || latest.status !== 'running' || latest.nextChunk < total) return latest?.status === 'running' ? 'continue' : 'done';
  const result = def.finish ? await def.finish(latest) : null;
  await setStatus(jobId, ['running'], 'completed', { progress: 100, result });
  return 'done';
}

async function handleRecord(record: SQSRecord, context: Context): Promise<boolean> {
  const { jobId } = JSON.parse(record.body) as { jobId: string };
  try {
    // every line the job writes carries its id (the saved 'follow one job' query)
    const outcome = await withLogContext({ jobId }, () => runJob(jobId, context));
    if (outcome === 'continue') {
      // Out of time: make the message visible again at once; it stays first in its FIFO group.
      await showAgainIn(record, 0);
      return false;
    }
    return true;
  } catch (e) {
    const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    // Permanent: the job's input is at fault (PermanentJobError: a bomb, a damaged file) or the
    // request was (an AppError): failed now, with its message, never delivered again.
    const permanent = e instanceof PermanentJobError || e instanceof AppError;
    log.error('job chunk failed', { jobId, receives, permanent, err: e });
    if (permanent || receives >= config.jobsMaxReceiveCount) {
      await setStatus(jobId, ['queued', 'running'], 'failed', {
        result: { message: permanent ? (e as Error).message : MSG.somethingWentWrong },
      });
      return true;
    }
    await showAgainIn(record, retryDelaySeconds(receives)); // redelivered soon; resumes from the checkpoint
    return false;
  }
}

/** SQS FIFO worker: batch size 1 as deployed; reports partial batch failures. */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const ok = await handleRecord(record, context);
    if (!ok) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
};

export type { JobRecord };

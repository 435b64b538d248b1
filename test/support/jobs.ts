import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { lambdaContext } from '../../infra/local/events';
import { sqsClient } from '../../functions/src/lib/aws';
import { config } from '../../functions/src/lib/config';
import { jobTypeDef } from '../../functions/src/job/registry';
import { getJobRecord } from '../../functions/src/job/repository';
import { handler } from '../../functions/src/job/worker';
import { QUEUES } from '../../infra/src/definitions';

/**
 * Drive the jobs queue like Lambda's SQS event source, in this test process: receive, invoke the
 * worker, delete what succeeded; a reported failure is made visible again at once (as if its
 * visibility timeout had passed). Stops when the queue is empty or after `maxInvocations`.
 */
export async function drainJobs(opts: { maxInvocations?: number; timeoutMs?: number } = {}): Promise<number> {
  const max = opts.maxInvocations ?? 50;
  let invocations = 0;
  while (invocations < max) {
    const r = await sqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: config.jobsQueueUrl,
        MaxNumberOfMessages: 1,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    const m = r.Messages?.[0];
    if (!m) return invocations;
    invocations++;
    const event = sqsEvent(m.MessageId!, m.ReceiptHandle!, m.Body!, Number(m.Attributes?.ApproximateReceiveCount ?? 1));
    const res = await handler(event, lambdaContext('worker', opts.timeoutMs ?? 120_000));
    if (res.batchItemFailures.length) {
      await sqsClient().send(
        new ChangeMessageVisibilityCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: m.ReceiptHandle!, VisibilityTimeout: 0 }),
      );
    } else {
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
  return invocations;
}

export function sqsEvent(messageId: string, receiptHandle: string, body: string, receiveCount = 1): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle,
        body,
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
          MessageGroupId: 'jobs',
        } as SQSEvent['Records'][number]['attributes'],
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:eb-jobs.fifo',
        awsRegion: 'us-east-1',
      },
    ],
  };
}

/**
 * One delivery of a job's message to the worker, without taking messages from the shared queue
 * (files running side by side drain it for their own jobs). Answers the worker's result.
 */
export function deliverOnce(jobId: string, timeoutMs = 120_000, receiveCount = 1) {
  return handler(sqsEvent(`run-${jobId}`, `run-${jobId}`, JSON.stringify({ jobId }), receiveCount), lambdaContext('worker', timeoutMs));
}

/**
 * Run one job now, as the queue and the worker would: a delivery the worker reports failed (a
 * transient error, or out of time) is delivered again, up to the queue's receive count, the last
 * of which the worker marks failed. Answers the last delivery's result.
 */
export async function runJobNow(jobId: string, timeoutMs = 120_000) {
  let result = await deliverOnce(jobId, timeoutMs, 1);
  for (let receives = 2; result.batchItemFailures.length > 0 && receives <= QUEUES.jobs.maxReceiveCount; receives++) {
    result = await deliverOnce(jobId, timeoutMs, receives);
  }
  return result;
}

/**
 * Runs one chunk of a job straight through its job type, past the worker's checkpoints: as a
 * redelivered message runs a chunk again, even of a job already done. `report` gets the chunk's
 * progress.
 */
export async function runChunkOf(jobId: string, index = 0, report: (fraction: number) => void = () => undefined) {
  const job = (await getJobRecord(jobId))!;
  return jobTypeDef(job.jobType)!.runChunk(job, index, report);
}

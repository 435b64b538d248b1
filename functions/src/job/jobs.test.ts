import { ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { drainJobs, runJobNow, sqsEvent } from '../../../test/support/jobs';
import { signedInBeforeAll } from '../../../test/support/users';
import { dynamo, sqsClient } from '../lib/aws';
import { config } from '../lib/config';
import { table } from '../lib/db';
import { lambdaContext } from '../../../infra/local/events';
import { registerJobType } from './registry';
import { cancelJob, createJob, getJobRecord, resumeJobs } from './repository';
import { handler, retryDelaySeconds } from './worker';

/**
 * A job type that exists only in these tests: each chunk writes one row keyed by job and chunk.
 * Behaviour switches per job via params: `crashOnce` (throw the first time a chunk runs),
 * `cancelAt` (the user cancels while that chunk runs).
 */
const crashed = new Set<string>();
registerJobType('testRows', {
  plan: async (job) => Number(job.params.chunks ?? 3),
  runChunk: async (job, index) => {
    if (job.params.crashOnce === index && !crashed.has(job.jobId)) {
      crashed.add(job.jobId);
      throw new Error('simulated worker crash');
    }
    if (job.params.cancelAt === index) await cancelJob(job.jobId);
    return {
      writes: [
        { Put: { TableName: table(), Item: { pk: `TESTROW#${job.jobId}`, sk: `ROW#${String(index).padStart(4, '0')}`, index } } },
      ],
    };
  },
  finish: async (job) => ({ rows: job.totalChunks }),
});

/**
 * A job type of two chunks that each report being half done, then wait (up to ten seconds) to see
 * the job's progress move before they end: what each saw is kept by job.
 */
const progressSeen = new Map<string, number[]>();
registerJobType('testProgress', {
  plan: async () => 2,
  runChunk: async (job, index, progress) => {
    const before = (await getJobRecord(job.jobId))!.progress;
    progress(0.5);
    let now = before;
    for (const started = Date.now(); now === before && Date.now() - started < 10_000; ) {
      await new Promise((r) => setTimeout(r, 50));
      now = (await getJobRecord(job.jobId))!.progress;
    }
    // backwards: not shown
    progress(0.1);
    progressSeen.set(job.jobId, [...(progressSeen.get(job.jobId) ?? []), now]);
    return {};
  },
});

async function rowsOf(jobId: string): Promise<number[]> {
  const r = await dynamo().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `TESTROW#${jobId}` } }),
  );
  return (r.Items ?? []).map((i) => i.index as number);
}

/**
 * These tests drive the jobs queue themselves. A stack these tests did not start (EB_STACK=external
 * or env) runs its own worker on that queue, which does not know the test job type: skipped there.
 */
const ownQueue = !inject('stack').external;

describe.runIf(ownQueue)('jobs', () => {
  beforeEach(async () => {
    await drainJobs(); // every test starts with an empty queue
  });

  it('runs a queued job chunk by chunk to completion, with its result', async () => {
    // Prepare
    const job = await createJob({ jobType: 'testRows', name: 'Five rows', createdBy: null, params: { chunks: 5 } });
    expect(job.status).toBe('queued');
    // Act
    await drainJobs();
    // Assess
    const done = await getJobRecord(job.jobId);
    expect(done).toMatchObject({ status: 'completed', progress: 100, result: { rows: 5 } });
    expect(await rowsOf(job.jobId)).toEqual([0, 1, 2, 3, 4]);
  });

  it("moves a job's progress while a chunk runs, as the chunk reports it, before its checkpoint", async () => {
    // Prepare
    const job = await createJob({ jobType: 'testProgress', name: 'Halves', createdBy: null, params: {} });
    // Act
    await runJobNow(job.jobId);
    // Assess: half of the first chunk of two, then half of the second; done at 100
    expect(progressSeen.get(job.jobId)).toEqual([25, 75]);
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('survives a worker crash mid-job with no duplicate and no missing row', async () => {
    const job = await createJob({ jobType: 'testRows', name: 'Crash', createdBy: null, params: { chunks: 6, crashOnce: 3 } });
    const invocations = await drainJobs();
    expect(invocations).toBe(2); // the failed delivery came back and resumed
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'completed', nextChunk: 6 });
    expect(await rowsOf(job.jobId)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('changes nothing when the same message is delivered twice at once', async () => {
    // Prepare: take the job's message off the queue, as Lambda would
    const job = await createJob({ jobType: 'testRows', name: 'Twice', createdBy: null, params: { chunks: 8 } });
    const m = (await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config.jobsQueueUrl, MaxNumberOfMessages: 1 }))).Messages![0]!;
    // Act: two workers handle the same delivery concurrently, then a late redelivery arrives
    const event = sqsEvent(m.MessageId!, m.ReceiptHandle!, m.Body!);
    const results = await Promise.all([handler(event, lambdaContext('w1')), handler(event, lambdaContext('w2'))]);
    await handler(event, lambdaContext('w3'));
    await sqsClient().send(new DeleteMessageCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: m.ReceiptHandle! }));
    // Assess
    expect(results.map((r) => r.batchItemFailures)).toEqual([[], []]);
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'completed', progress: 100 });
    expect(await rowsOf(job.jobId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops between chunks when the job is cancelled', async () => {
    const job = await createJob({ jobType: 'testRows', name: 'Cancel', createdBy: null, params: { chunks: 10, cancelAt: 2 } });
    await drainJobs();
    const after = await getJobRecord(job.jobId);
    expect(after?.status).toBe('cancelled');
    expect(await rowsOf(job.jobId)).toEqual([0, 1]); // chunk 2's commit lost to the cancellation
  });

  it('resumes unfinished jobs after a restart that lost the queue', async () => {
    // Prepare: a job whose message is gone (the local queue lives in memory)
    const job = await createJob({ jobType: 'testRows', name: 'Resume', createdBy: null, params: { chunks: 3 } });
    const m = (await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config.jobsQueueUrl, MaxNumberOfMessages: 1 }))).Messages![0]!;
    await sqsClient().send(new DeleteMessageCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: m.ReceiptHandle! }));
    expect(await drainJobs()).toBe(0);
    // Act
    const resumed = await resumeJobs();
    await drainJobs();
    // Assess
    expect(resumed).toBeGreaterThanOrEqual(1);
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'completed' });
    expect(await rowsOf(job.jobId)).toEqual([0, 1, 2]);
  });

  it('brings a message back within seconds after a transient failure instead of holding every job behind it for the visibility timeout', async () => {
    // Prepare: a job whose chunk 1 fails once, its message taken off the queue as Lambda would
    const job = await createJob({ jobType: 'testRows', name: 'Transient', createdBy: null, params: { chunks: 3, crashOnce: 1 } });
    const m = (await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config.jobsQueueUrl, MaxNumberOfMessages: 1, MessageSystemAttributeNames: ['All'] }))).Messages![0]!;
    // Act: the delivery fails; the queue is asked again (long poll) for what it holds
    const r = await handler(sqsEvent(m.MessageId!, m.ReceiptHandle!, m.Body!, Number(m.Attributes!.ApproximateReceiveCount)), lambdaContext('w'));
    const again = (await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config.jobsQueueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 10 }))).Messages?.[0];
    // Assess: reported failed, back on the queue (the queue's visibility timeout is 12 minutes), and it finishes the job
    expect(r.batchItemFailures).toEqual([{ itemIdentifier: m.MessageId }]);
    expect(again?.MessageId).toBe(m.MessageId);
    await handler(sqsEvent(again!.MessageId!, again!.ReceiptHandle!, again!.Body!, 2), lambdaContext('w'));
    await sqsClient().send(new DeleteMessageCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: again!.ReceiptHandle! }));
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'completed', nextChunk: 3 });
    expect(await rowsOf(job.jobId)).toEqual([0, 1, 2]);
  });

  it("finishes a job through a transient failure when the tests run it at once (runJobNow delivers again, as the queue does)", async () => {
    // Prepare: a job whose chunk 2 fails once; its message left on the queue, not taken
    const job = await createJob({ jobType: 'testRows', name: 'Run now', createdBy: null, params: { chunks: 4, crashOnce: 2 } });
    // Act
    const r = await runJobNow(job.jobId);
    // Assess
    expect(r.batchItemFailures).toEqual([]);
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'completed', nextChunk: 4 });
    expect(await rowsOf(job.jobId)).toEqual([0, 1, 2, 3]);
  });

  it('waits longer after each failed delivery, at most five minutes', () => {
    expect([1, 2, 3, 4, 5, 9, 20].map(retryDelaySeconds)).toEqual([2, 4, 8, 16, 32, 300, 300]);
  });

  it('marks a job failed when a transient error hits the last delivery the queue makes (JOBS_MAX_RECEIVE_COUNT)', async () => {
    // Prepare: a job whose chunk 0 crashes once; its message is taken off the queue, as Lambda would
    const job = await createJob({ jobType: 'testRows', name: 'Last try', createdBy: null, params: { chunks: 2, crashOnce: 0 } });
    const m = (await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config.jobsQueueUrl, MaxNumberOfMessages: 1 }))).Messages![0]!;
    await sqsClient().send(new DeleteMessageCommand({ QueueUrl: config.jobsQueueUrl, ReceiptHandle: m.ReceiptHandle! }));
    // Act: the delivery is the queue's last before the DLQ
    const r = await handler(sqsEvent(m.MessageId!, m.ReceiptHandle!, m.Body!, config.jobsMaxReceiveCount), lambdaContext('w'));
    // Assess
    expect(config.jobsMaxReceiveCount).toBe(Number(process.env.JOBS_MAX_RECEIVE_COUNT));
    expect(r.batchItemFailures).toEqual([]);
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'failed', result: { message: MSG.somethingWentWrong } });
  });

  it('fails a job of an unknown type with a message instead of retrying forever', async () => {
    const job = await createJob({ jobType: 'noSuchType', name: 'Unknown', createdBy: null });
    await drainJobs();
    expect(await getJobRecord(job.jobId)).toMatchObject({ status: 'failed', result: { message: 'Unknown job type noSuchType' } });
  });
});

describe.runIf(ownQueue)('job calls', () => {
  const [viewer, agentUser, owner, other, agent] = signedInBeforeAll('viewOnly', 'agent', 'admin', 'admin', 'agent');
  beforeEach(async () => {
    await drainJobs();
  });

  it('lists the current job, the queue in order and the completed jobs', async () => {
    // Prepare
    // (a user sees their own jobs: issue 26 item 6)
    const { user } = viewer;
    const session = viewer;
    const done = await createJob({ jobType: 'testRows', name: 'Done', createdBy: user.objectId, params: { chunks: 1 } });
    await drainJobs();
    const first = await createJob({ jobType: 'testRows', name: 'First', createdBy: user.objectId });
    const second = await createJob({ jobType: 'testRows', name: 'Second', createdBy: user.objectId });
    // Act
    const r = await session.get('/api/job');
    // Assess
    expect(r.status).toBe(200);
    expect(r.body.currentJob).toBeNull();
    expect(r.body.jobsInQueue.map((j: { jobId: string }) => j.jobId)).toEqual([first.jobId, second.jobId]);
    expect(r.body.completedJobs[0]).toMatchObject({ jobId: done.jobId, status: 'completed' });
    expect(r.body.completedJobs[0]).not.toHaveProperty('nextChunk');
  });

  it('gets one job by id, and 404 with a message for an unknown id', async () => {
    const { user } = agentUser;
    const session = agentUser;
    const job = await createJob({ jobType: 'testRows', name: 'One', createdBy: user.objectId });
    const ok = await session.get('/api/job/getjob', { id: job.jobId });
    const missing = await session.get('/api/job/getjob', { id: 'nope' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ jobId: job.jobId, name: 'One', status: 'queued' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.jobNotFound);
  });

  it('lets the creator cancel a job, and refuses other staff and agents', async () => {
    // Prepare
    const job = await createJob({ jobType: 'testRows', name: 'Mine', createdBy: owner.user.objectId });
    // Act
    const byOther = await other.del('/api/job/Cancel', { objectId: job.jobId });
    const byAgent = await agent.del('/api/job/Cancel', { objectId: job.jobId });
    const byOwner = await owner.del('/api/job/Cancel', { objectId: job.jobId });
    // Assess
    expect(byOther.status).toBe(403);
    expect(byAgent.status).toBe(403);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.status).toBe('cancelled');
    await drainJobs();
    expect(await rowsOf(job.jobId)).toEqual([]);
  });
});

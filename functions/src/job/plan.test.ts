import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { s3Client } from '../lib/aws';
import { config } from '../lib/config';
import { getJobPlan, putJobPlan } from './plan';

const key = () => `jobs/plan-test/${Math.random().toString(36).slice(2)}/ids.json`;
/** What another process writes: straight to S3, past this process's copies. */
const putElsewhere = (k: string, value: unknown) =>
  s3Client().send(new PutObjectCommand({ Bucket: config.exportsBucket, Key: k, Body: JSON.stringify(value), ContentType: 'application/json' }));
/** Counts the reads of whole objects this process sends to S3 from now on. */
function countReads(): () => number {
  const client = s3Client();
  const send = vi.spyOn(client, 'send');
  return () => send.mock.calls.filter(([command]) => command instanceof GetObjectCommand).length;
}

describe("a job's plan", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is read from S3 once per process: each later chunk slices the process's copy", async () => {
    // Prepare: a plan another process wrote (this one has no copy)
    const k = key();
    await putElsewhere(k, { chunk: 2, ids: [5, 6, 7] });
    const reads = countReads();
    // Act: three chunks read it
    const got = [await getJobPlan(k), await getJobPlan(k), await getJobPlan(k)];
    // Assess: one read of the object, the same plan each time
    expect(got).toEqual([0, 1, 2].map(() => ({ chunk: 2, ids: [5, 6, 7] })));
    expect(reads()).toBe(1);
  });

  it('is not read back by the process that wrote it', async () => {
    // Prepare
    const k = key();
    await putJobPlan(k, [1, 2, 3]);
    const reads = countReads();
    // Act
    const got = await getJobPlan<number[]>(k);
    // Assess
    expect(got).toEqual([1, 2, 3]);
    expect(reads()).toBe(0);
  });

  it('is read again once the job was planned again elsewhere (a retried planning writes a new list)', async () => {
    // Prepare: this process planned the job and read it; another one planned it again
    const k = key();
    await putJobPlan(k, [1, 2, 3]);
    await getJobPlan(k);
    await putElsewhere(k, [1, 2, 3, 4]);
    // Act
    const got = await getJobPlan<number[]>(k);
    // Assess: the stored list, not the copy
    expect(got).toEqual([1, 2, 3, 4]);
  });
});

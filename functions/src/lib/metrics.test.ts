import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJob, setStatus } from '../job/repository';
import { METRICS, METRICS_NAMESPACE, recordFeedCatchUp, recordListColdLoad } from './metrics';

/** The Embedded Metric Format lines written to stdout while `fn` runs. */
async function emfLines(fn: () => Promise<unknown> | unknown): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"_aws"'))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

const metricNames = (line: Record<string, any>): string[] =>
  line._aws.CloudWatchMetrics.flatMap((d: { Metrics: { Name: string }[] }) => d.Metrics.map((m) => m.Name));

describe('metrics (Embedded Metric Format)', () => {
  let stage: string | undefined;
  beforeEach(() => {
    stage = process.env.EB_STAGE;
    process.env.EB_STAGE = 'teststage';
  });
  afterEach(() => {
    if (stage === undefined) delete process.env.EB_STAGE;
    else process.env.EB_STAGE = stage;
  });

  it('writes a list cold load as one EMF line in the namespace, with the stage dimension and the entity as a property', async () => {
    const [line, ...rest] = await emfLines(() => recordListColdLoad('contract', 1234));
    expect(rest).toEqual([]);
    expect(line!._aws.CloudWatchMetrics[0].Namespace).toBe(METRICS_NAMESPACE);
    expect(line!._aws.CloudWatchMetrics[0].Dimensions).toEqual([['Stage']]);
    expect(typeof line!._aws.Timestamp).toBe('number');
    expect(line!.Stage).toBe('teststage');
    expect(line!.entity).toBe('contract');
    expect(line![METRICS.listColdLoads]).toBe(1);
    expect(line![METRICS.listColdLoadMs]).toBe(1234);
    expect(metricNames(line!).sort()).toEqual([METRICS.listColdLoadMs, METRICS.listColdLoads].sort());
  });

  it('writes the feed catch-up time in milliseconds', async () => {
    const [line] = await emfLines(() => recordFeedCatchUp('account', 87, 12));
    expect(line![METRICS.feedCatchUpMs]).toBe(87);
    expect(line!.entity).toBe('account');
    expect(line!.changes).toBe(12);
  });

  it('counts a job started, completed and failed where its status changes, with the job id for Logs Insights', async () => {
    const job = await createJob({ jobType: 'metricsTest', name: 'metrics', createdBy: null });
    const started = await emfLines(() => setStatus(job.jobId, ['queued'], 'running', { totalChunks: 1 }));
    expect(started).toHaveLength(1);
    expect(started[0]![METRICS.jobsStarted]).toBe(1);
    expect(started[0]!.jobId).toBe(job.jobId);
    expect(started[0]!.jobType).toBe('metricsTest');

    const failed = await emfLines(() => setStatus(job.jobId, ['running'], 'failed', { result: { message: 'x' } }));
    expect(failed).toHaveLength(1);
    expect(failed[0]![METRICS.jobsFailed]).toBe(1);
    expect(metricNames(failed[0]!)).toEqual([METRICS.jobsFailed]);

    const other = await createJob({ jobType: 'metricsTest', name: 'metrics', createdBy: null });
    await setStatus(other.jobId, ['queued'], 'running');
    const completed = await emfLines(() => setStatus(other.jobId, ['running'], 'completed', { progress: 100 }));
    expect(completed[0]![METRICS.jobsCompleted]).toBe(1);
  });

  it('emits nothing when the status change does not happen (the job was not in the expected status)', async () => {
    const job = await createJob({ jobType: 'metricsTest', name: 'metrics', createdBy: null });
    expect(await emfLines(() => setStatus(job.jobId, ['running'], 'failed'))).toEqual([]);
  });
});

describe('metrics outside a deployed stage', () => {
  it('writes nothing without EB_STAGE (local stack, tests)', async () => {
    const before = process.env.EB_STAGE;
    delete process.env.EB_STAGE;
    try {
      expect(await emfLines(() => recordListColdLoad('contract', 5))).toEqual([]);
    } finally {
      if (before !== undefined) process.env.EB_STAGE = before;
    }
  });
});

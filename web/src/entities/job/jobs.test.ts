import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobStatus } from '@eb/shared/job/schemas';
import { installFakeApi, reply } from '../../test/fake-api';
import { JOB_LIST_POLLING_INTERVAL_MS, JOB_POLLING_INTERVAL_MS } from '@eb/shared/constants';
import { cancelJob, JobError, jobPace, jobsQuery, secondsLeft, waitForJob } from './jobs';

const job = (status: JobStatus, result: unknown = null): Job => ({
  jobId: 'job-1',
  jobType: 'singleFileUpload',
  name: 'accounts.xlsx',
  status,
  progress: status === 'completed' ? 100 : 40,
  created: '2024-05-01T09:30:00',
  updated: '2024-05-01T09:31:00',
  createdBy: 7,
  result,
});

/** A server answering the given job states in turn (the last one repeats). */
function jobServer(...states: Job[]) {
  let call = 0;
  return installFakeApi({
    'GET /api/job/getjob': () => reply(200, states[Math.min(call++, states.length - 1)]),
  });
}

describe('Jobs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('polls the job until it completes and resolves with it', async () => {
    // Prepare
    const api = jobServer(job('queued'), job('running'), job('completed', { rows: 12 }));
    const progress: JobStatus[] = [];
    // Act
    const done = await waitForJob('job-1', { intervalMs: 1, onProgress: (j) => progress.push(j.status) });
    // Assess
    expect(done.result).toEqual({ rows: 12 });
    expect(progress).toEqual(['queued', 'running', 'completed']);
    expect(api.to('GET /api/job/getjob').map((r) => r.query.get('id'))).toEqual(['job-1', 'job-1', 'job-1']);
  });

  it('waits JOB_POLLING_INTERVAL_MS between polls by default', async () => {
    // Prepare
    vi.useFakeTimers();
    try {
      const api = jobServer(job('running'), job('completed'));
      // Act
      const done = waitForJob('job-1');
      await vi.advanceTimersByTimeAsync(999);
      const beforeInterval = api.requests.length;
      await vi.advanceTimersByTimeAsync(1);
      // Assess
      await expect(done).resolves.toMatchObject({ status: 'completed' });
      expect(beforeInterval).toBe(1);
      expect(api.requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects with the result of a failed job', async () => {
    // Prepare
    jobServer(job('running'), job('failed', { errors: ['Row 3: invalid zip'] }));
    // Act
    const error = await waitForJob('job-1', { intervalMs: 1 }).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(JobError);
    expect(error).toMatchObject({ reason: 'failed', result: { errors: ['Row 3: invalid zip'] } });
  });

  it('rejects when the job is not found', async () => {
    // Prepare
    installFakeApi({ 'GET /api/job/getjob': () => reply(404, { message: 'Job not found' }) });
    // Act
    const error = await waitForJob('missing', { intervalMs: 1 }).catch((e: unknown) => e);
    // Assess
    expect(error).toMatchObject({ status: 404, message: 'Job not found' });
  });

  it('cancels a job with its id in a JSON body', async () => {
    // Prepare
    const api = installFakeApi({ 'DELETE /api/job/Cancel': () => reply(204) });
    // Act
    await cancelJob('job-1');
    // Assess
    const [sent] = api.to('DELETE /api/job/Cancel');
    expect(sent?.body).toEqual({ objectId: 'job-1' });
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
  });

  describe('job list polling', () => {
    const interval = (data: unknown) => (jobsQuery().refetchInterval as (q: { state: { data?: unknown } }) => number | false)({ state: { data } });

    it('polls the job list every 5000 ms while it holds any job', () => {
      // Prepare
      const empty = { completedJobs: [], currentJob: null, jobsInQueue: [] };
      // Act / Assess
      expect(JOB_LIST_POLLING_INTERVAL_MS).toBe(5000);
      expect(interval({ ...empty, currentJob: job('running') })).toBe(5000);
      expect(interval({ ...empty, jobsInQueue: [job('queued')] })).toBe(5000);
      expect(interval({ ...empty, completedJobs: [job('completed')] })).toBe(5000);
    });

    it('does not poll an empty or not yet loaded job list', () => {
      // Act / Assess
      expect(interval({ completedJobs: [], currentJob: null, jobsInQueue: [] })).toBe(false);
      expect(interval(undefined)).toBe(false);
    });

    it('tracks one job every 1000 ms by default', async () => {
      // Prepare
      vi.useFakeTimers();
      const api = jobServer(job('running'), job('completed'));
      try {
        // Act
        const done = waitForJob('job-1');
        await vi.advanceTimersByTimeAsync(JOB_POLLING_INTERVAL_MS - 1);
        const before = api.to('GET /api/job/getjob').length;
        await vi.advanceTimersByTimeAsync(1);
        // Assess
        expect(JOB_POLLING_INTERVAL_MS).toBe(1000);
        expect(before).toBe(1);
        expect((await done).status).toBe('completed');
        expect(api.to('GET /api/job/getjob')).toHaveLength(2);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe('The time a job has left', () => {
  it('is its pace so far: 40 % in 20 s leaves 30 s; none before it moves or once it is done', () => {
    expect(secondsLeft(20, 40)).toBe(30);
    expect(secondsLeft(20, 0)).toBeNull();
    expect(secondsLeft(20, 100)).toBeNull();
  });

  it('counts from when the page first saw the job and how far it was then, whatever the server clock or time zone says', () => {
    // Prepare: a job first seen at 30 %, its created time hours away from this browser's clock
    const pace = jobPace();
    const t0 = Date.parse('2026-11-26T15:00:00Z');
    // Act
    const first = pace({ jobId: 'job-1', progress: 30 }, t0);
    const later = pace({ jobId: 'job-1', progress: 50 }, t0 + 10_000);
    const other = pace({ jobId: 'job-2', progress: 10 }, t0 + 10_000);
    // Assess: 20 % in 10 s, 50 % to go: 25 s; a job just seen has no pace yet
    expect(first).toBeNull();
    expect(later).toBe(25);
    expect(other).toBeNull();
  });
});

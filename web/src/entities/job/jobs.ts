import { JOB_LIST_POLLING_INTERVAL_MS, JOB_POLLING_INTERVAL_MS } from '@eb/shared/constants';
import type { Job, JobList } from '@eb/shared/job/schemas';
import { call, endpoint } from '../../lib/api-client';
import { routeQuery } from '../../lib/queries';

/** True when the job list holds any job (completed, current or queued). */
export const hasJobs = (list: JobList | undefined): boolean =>
  !!list && (list.currentJob !== null || list.jobsInQueue.length > 0 || list.completedJobs.length > 0);

/**
 * The job list: completed jobs, the current job and the queue, polled every
 * JOB_LIST_POLLING_INTERVAL_MS while it holds any job (spec 3). Invalidate with `jobsQuery().queryKey`.
 */
export const jobsQuery = () => ({
  ...routeQuery(endpoint('GET', 'job', '')),
  refetchInterval: (query: { state: { data?: JobList } }) => (hasJobs(query.state.data) ? JOB_LIST_POLLING_INTERVAL_MS : false),
});

/** One job by id (null when the server has none). */
export const jobQuery = (id: string) => routeQuery(endpoint('GET', 'job', 'getjob'), { query: { id } });

export const getJob = (id: string, signal?: AbortSignal): Promise<Job | null | undefined> =>
  call(endpoint('GET', 'job', 'getjob'), { query: { id }, signal });

export const cancelJob = (objectId: string): Promise<Job> => call(endpoint('DELETE', 'job', 'Cancel'), { body: { objectId } });

export type JobErrorReason = 'failed' | 'cancelled' | 'notFound';

/** Why `waitForJob` rejected; `result` is the failed job's result. */
export class JobError extends Error {
  override readonly name = 'JobError';
  constructor(
    readonly reason: JobErrorReason,
    readonly jobId: string,
    readonly result: unknown = undefined,
  ) {
    super(`Job ${jobId} ${reason === 'notFound' ? 'was not found' : reason}`);
  }
}

export interface WaitForJobOptions {
  intervalMs?: number;
  signal?: AbortSignal;
  /** Called with every polled state (progress bars). */
  onProgress?: (job: Job) => void;
}

/**
 * Polls GET job/getjob every JOB_POLLING_INTERVAL_MS until the job completes (resolves with it).
 * Rejects with a JobError when it failed (carrying its result), was cancelled or is not found, and
 * with the ApiError of a failed call (a 404 included).
 */
export async function waitForJob(id: string, options: WaitForJobOptions = {}): Promise<Job> {
  const { intervalMs = JOB_POLLING_INTERVAL_MS, signal, onProgress } = options;
  for (;;) {
    const job = await getJob(id, signal);
    if (!job) throw new JobError('notFound', id);
    onProgress?.(job);
    if (job.status === 'completed') return job;
    if (job.status === 'failed') throw new JobError('failed', id, job.result);
    if (job.status === 'cancelled') throw new JobError('cancelled', id, job.result);
    await delay(intervalMs, signal);
  }
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The seconds a job has left at its pace so far: `elapsedSeconds` since it was at `fromProgress`
 * (0: since it started); null before it has moved or once done.
 */
export const secondsLeft = (elapsedSeconds: number, progress: number, fromProgress = 0): number | null =>
  progress > fromProgress && progress < 100 && elapsedSeconds > 0 ? Math.max(1, Math.round((elapsedSeconds * (100 - progress)) / (progress - fromProgress))) : null;

/**
 * The time left of the jobs a page lists, by their pace as this browser has seen it: each job's
 * progress when the page first saw it, and when (the server's `created` is its local time without
 * a zone, and its clock is not this one: an estimate from it was hours off, or none, away from the
 * server's time zone). `now` in milliseconds.
 */
export function jobPace(): (job: Pick<Job, 'jobId' | 'progress'>, now: number) => number | null {
  const first = new Map<string, { at: number; progress: number }>();
  return (job, now) => {
    let seen = first.get(job.jobId);
    if (!seen) first.set(job.jobId, (seen = { at: now, progress: job.progress }));
    return secondsLeft((now - seen.at) / 1000, job.progress, seen.progress);
  };
}

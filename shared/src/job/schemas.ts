import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

export interface Job {
  jobId: string;
  jobType: string;
  name: string;
  status: JobStatus;
  /** 0..100 */
  progress: number;
  created: string;
  updated: string;
  createdBy: number | null;
  result: unknown;
}

export interface JobList {
  completedJobs: Job[];
  currentJob: Job | null;
  jobsInQueue: Job[];
}

export const jobIdQuerySchema = z.object({ id: z.string().min(1).max(100) });
export const cancelJobBodySchema = z.object({ objectId: z.string().min(1).max(100) });

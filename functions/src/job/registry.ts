import type { TransactItem } from '../lib/db';
import type { JobRecord } from './repository';

/**
 * A job type: how many chunks a job has, and what one chunk does. A chunk's writes are committed
 * in one transaction with the job's checkpoint, so a redelivered message or a crashed worker never
 * applies a chunk twice nor skips one. Larger chunks must write with deterministic keys.
 */
export interface JobTypeDef {
  /** Called once when the job starts: the number of chunks. */
  plan(job: JobRecord): Promise<number>;
  /** Process chunk `index`; return writes (at most 99) to commit atomically with the checkpoint. */
  runChunk(job: JobRecord, index: number): Promise<{ writes?: TransactItem[] }>;
  /** After the last chunk: the job's result. */
  finish?(job: JobRecord): Promise<unknown>;
}

const registry = new Map<string, JobTypeDef>();

export function registerJobType(jobType: string, def: JobTypeDef): void {
  registry.set(jobType, def);
}
export function jobTypeDef(jobType: string): JobTypeDef | undefined {
  return registry.get(jobType);
}

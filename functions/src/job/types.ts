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
  /**
   * Process chunk `index`; return writes (at most 99) to commit atomically with the checkpoint. A
   * long chunk may tell how far it is (`progress`, 0 to 1 of this chunk): the job's progress moves
   * on before the checkpoint (at most once a second), so its time left can be estimated.
   */
  runChunk(job: JobRecord, index: number, progress: ChunkProgress): Promise<{ writes?: TransactItem[] }>;
  /** After the last chunk: the job's result. */
  finish?(job: JobRecord): Promise<unknown>;
}

/** How far a chunk is, from 0 to 1 (reported as it goes; never waited for). */
export type ChunkProgress = (fraction: number) => void;

/** A job type as the worker registers it: its name and what it does. */
export interface JobType {
  jobType: string;
  def: JobTypeDef;
}


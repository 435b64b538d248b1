import type { JobType, JobTypeDef } from './types';

/**
 * The job types the worker runs. The worker's entry (job/worker.ts, the composition root) registers
 * the product's job types, taken from the services of the resources that own them; the tests
 * register their own.
 */
const registry = new Map<string, JobTypeDef>();

export function registerJobType(jobType: string, def: JobTypeDef): void {
  registry.set(jobType, def);
}
export function registerJobTypes(types: readonly JobType[]): void {
  for (const t of types) registerJobType(t.jobType, t.def);
}
export function jobTypeDef(jobType: string): JobTypeDef | undefined {
  return registry.get(jobType);
}

/**
 * The alarm thresholds, in one place, each with its reason (docs/operations.md says what to do when
 * one fires). Periods are in seconds; `evaluationPeriods` consecutive periods over the threshold
 * raise the alarm.
 */
export interface Threshold {
  /** the alarm fires when the metric is at or above this (greater-than-or-equal) */
  threshold: number;
  periodSeconds: number;
  evaluationPeriods: number;
  reason: string;
}

export const THRESHOLDS = {
  lambdaErrors: {
    threshold: 5,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'Expected failures (validation, 4xx) are answered, not thrown; a Lambda error is an unhandled crash or a timeout. A single one can be a transient AWS error retried by the client; five in five minutes is a pattern.',
  },
  lambdaThrottles: {
    threshold: 1,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'No function reserves concurrency, so a throttle means the account concurrency limit is reached: users get 503s (or jobs wait). It should never happen at this product\'s volume.',
  },
  /** fraction of the function's timeout reached by its maximum duration */
  lambdaDurationOfTimeout: {
    threshold: 0.8,
    periodSeconds: 300,
    evaluationPeriods: 2,
    reason:
      'At 80 % of the timeout a slower day turns into timeouts; the worker also stops 15 s before its deadline and continues later. Two periods so that one slow cold start does not page anyone.',
  },
  /** the jobs worker: fraction of its timeout (it works until 15 s before its deadline on purpose) */
  workerDurationOfTimeout: {
    threshold: 0.95,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'The worker runs chunks until 15 s before its deadline on purpose (then continues in the next delivery), so 80 % is its normal on a long job; past 95 % a single chunk overran that margin and the next one may time out.',
  },
  api5xxPercent: {
    threshold: 5,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'The API answers expected problems with 4xx; 5 % of requests failing with 5xx over five minutes is an outage for the users, not noise (a handful of requests at night stays under it only when there are more than 20).',
  },
  apiLatencyP95Ms: {
    threshold: 3000,
    periodSeconds: 300,
    evaluationPeriods: 3,
    reason:
      'Lists and searches answer in well under a second when warm; a p95 above 3 s for 15 minutes means the list engine reloads cold, the table throttles or a dependency is slow.',
  },
  dlqMessages: {
    threshold: 1,
    periodSeconds: 60,
    evaluationPeriods: 1,
    reason:
      'A message reaches the dead-letter queue only after the worker failed it on every delivery (QUEUES.jobs.maxReceiveCount): its job is stuck and needs an operator.',
  },
  oldestJobMessageSeconds: {
    threshold: 3600,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'A long job keeps its message (it is made visible again between chunks), and the queue is one FIFO group, so the oldest message is the running job or the next one; an hour means a job is stuck or far longer than any expected upload.',
  },
  jobsFailed: {
    threshold: 1,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'A job ends failed when it hit an error on its last delivery or a permanent error: a user\'s upload, Save All or export did not happen and they see "failed". Every one deserves a look.',
  },
  dynamoThrottles: {
    threshold: 1,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'The table is on-demand: a throttle means a hot partition or the account/table limits; the SDK retries, but users see slow or failed requests.',
  },
  s3Uploads4xx: {
    threshold: 20,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason:
      'Browsers post presigned forms to the uploads bucket; a few 403s (an expired form, a file over the size condition) are normal, twenty in five minutes mean forms are wrong or the CORS origin is.',
  },
  s3Uploads5xx: {
    threshold: 5,
    periodSeconds: 300,
    evaluationPeriods: 1,
    reason: 'S3 5xx errors are on the AWS side; a burst means uploads fail for users and the AWS Health Dashboard should be checked.',
  },
} as const satisfies Record<string, Threshold>;

/**
 * Custom CloudWatch metrics, written as Embedded Metric Format (EMF) log lines: CloudWatch Logs
 * turns each line into metric data points, with no API call and no dependency (the Lambda writes
 * a JSON line to stdout, as log.ts does). The names are the ones the alarms and the dashboard read
 * (infra/src/monitoring.ts imports METRICS_NAMESPACE and METRICS from here).
 *
 * Every metric has one dimension, Stage (EB_STAGE, set by the CDK stacks), so that several copies
 * of the app in one account keep their own series. Without EB_STAGE (the local stack, the tests)
 * nothing is written: the lines would only be noise in a terminal. Anything else that helps an
 * operator (job id, job type, entity) is a property of the line: searchable in Logs Insights,
 * not a dimension (no cardinality cost).
 */
import { logContext } from './log';

export const METRICS_NAMESPACE = 'EnrollmentBackoffice';

export const METRICS = {
  jobsStarted: 'JobsStarted',
  jobsCompleted: 'JobsCompleted',
  jobsFailed: 'JobsFailed',
  jobsCancelled: 'JobsCancelled',
  /** the list engine loaded an entity type's list from the table or a snapshot (not from memory) */
  listColdLoads: 'ListColdLoads',
  listColdLoadMs: 'ListColdLoadMs',
  /** time the list engine took to apply the change feed since its last read */
  feedCatchUpMs: 'FeedCatchUpMs',
} as const;
export type MetricName = (typeof METRICS)[keyof typeof METRICS];

type Unit = 'Count' | 'Milliseconds';

/** The stage of this deployment (the metrics' only dimension). */
export const stage = (): string | undefined => process.env.EB_STAGE || undefined;

/**
 * Writes one EMF line: `values` are the metrics (name -> value, with their unit), `properties`
 * extra searchable fields. Never throws (a metric must not break the work it measures).
 */
export function emitMetrics(values: Partial<Record<MetricName, [number, Unit]>>, properties: Record<string, unknown> = {}): void {
  try {
    const entries = Object.entries(values) as [MetricName, [number, Unit]][];
    const dimension = stage();
    if (entries.length === 0 || !dimension) return;
    const line: Record<string, unknown> = {
      ...logContext(),
      ...properties,
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          { Namespace: METRICS_NAMESPACE, Dimensions: [['Stage']], Metrics: entries.map(([Name, [, Unit]]) => ({ Name, Unit })) },
        ],
      },
      Stage: dimension,
    };
    for (const [name, [value]] of entries) line[name] = value;
    process.stdout.write(JSON.stringify(line) + '\n');
  } catch {
    /* a metric is never worth a failure */
  }
}

const STATUS_METRIC: Partial<Record<string, MetricName>> = {
  running: METRICS.jobsStarted,
  completed: METRICS.jobsCompleted,
  failed: METRICS.jobsFailed,
  cancelled: METRICS.jobsCancelled,
};

/** A job moved to `status` (called by functions/src/job/repository.ts where the status changes). */
export function recordJobStatus(status: string, job: { jobId: string; jobType?: string }): void {
  const metric = STATUS_METRIC[status];
  if (!metric) return;
  emitMetrics({ [metric]: [1, 'Count'] }, { jobId: job.jobId, jobType: job.jobType, status });
}

/** The list engine loaded `entity`'s list cold (not from its in-memory copy), taking `ms`. */
export function recordListColdLoad(entity: string, ms: number): void {
  emitMetrics({ [METRICS.listColdLoads]: [1, 'Count'], [METRICS.listColdLoadMs]: [Math.round(ms), 'Milliseconds'] }, { entity });
}

/** The list engine caught up with `entity`'s change feed in `ms` (`changes` entries applied). */
export function recordFeedCatchUp(entity: string, ms: number, changes?: number): void {
  emitMetrics({ [METRICS.feedCatchUpMs]: [Math.round(ms), 'Milliseconds'] }, { entity, changes });
}

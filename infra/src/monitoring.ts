import { CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { METRICS, METRICS_NAMESPACE } from '../../functions/src/lib/metrics';
import { TABLE, UPLOADS_METRICS_FILTER } from './definitions';
import { appFunctionsOf, type AppFunction } from './stacks/lambda';
import type { StorageStack } from './stacks/storage';
import type { WebStack } from './stacks/web';
import type { WorkersStack } from './stacks/workers';
import type { StageConfig } from './stage-config';
import { THRESHOLDS, type Threshold } from './thresholds';

export interface MonitoringStackProps extends StackProps {
  config: StageConfig;
  /** Prefix of the stack names (e.g. `Eb`): alarm, dashboard and query names start with it. */
  prefix: string;
  web: WebStack;
  storage: StorageStack;
  workers: WorkersStack;
}

/** The names an operator sees: `<prefix>-<stage>-<what>`. */
const named = (props: MonitoringStackProps, what: string): string => `${props.prefix}-${props.config.stage}-${what}`;

/**
 * Operations: the alarms (every app Lambda, the HTTP API, the jobs queue and its DLQ, failed jobs,
 * the table, the uploads bucket), the SNS topic they notify, the stage's dashboard and the saved
 * Logs Insights queries. Built last, from the resources the other stacks made (appFunctionsOf: each
 * Lambda appFunction created, so a new function gets its alarms here without being listed).
 * Thresholds and their reasons: thresholds.ts; what to do for each alarm: docs/operations.md.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config, web, storage, workers } = props;
    const functions = appFunctionsOf(this);

    // ---- Topic ------------------------------------------------------------------------------------
    // CloudWatch alarms can publish to an encrypted topic only with a customer-managed key whose
    // policy lets CloudWatch use it (the AWS-managed SNS key does not).
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: `Encrypts the ${named(props, 'alarms')} topic`,
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `Enrollment back-office alarms (${config.stage})`,
      masterKey: key,
      enforceSSL: true,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn, description: 'The SNS topic every alarm notifies' });
    if (config.alarmEmail) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
      new CfnOutput(this, 'AlarmSubscription', {
        value: `${config.alarmEmail}: confirm the subscription from the email AWS sends`,
        description: 'Who the alarms notify',
      });
    } else {
      new CfnOutput(this, 'AlarmSubscription', {
        value: Fn.join('', [
          'No alarm email configured. Subscribe: aws sns subscribe --protocol email --notification-endpoint you@example.com --topic-arn ',
          this.topic.topicArn,
          '  (or deploy again with -c alarmEmail=you@example.com)',
        ]),
        description: 'How to receive the alarms',
      });
    }

    // ---- Alarms -----------------------------------------------------------------------------------
    const action = new actions.SnsAction(this.topic);
    const alarm = (name: string, metric: cloudwatch.IMetric, t: Threshold, description: string, threshold = t.threshold): cloudwatch.Alarm => {
      const a = new cloudwatch.Alarm(this, name, {
        alarmName: named(props, name),
        alarmDescription: `${description} Threshold: ${t.reason} What to do: docs/operations.md, "${name.replace(/^.*?-/, '')}".`,
        metric,
        threshold,
        evaluationPeriods: t.evaluationPeriods,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };
    const period = (t: Threshold): Duration => Duration.seconds(t.periodSeconds);

    for (const f of functions) {
      const duration = f.fn === workers.worker ? THRESHOLDS.workerDurationOfTimeout : THRESHOLDS.lambdaDurationOfTimeout;
      alarm(`${f.id}-Errors`, f.fn.metricErrors({ period: period(THRESHOLDS.lambdaErrors), statistic: 'Sum' }), THRESHOLDS.lambdaErrors, `${f.id} threw or timed out.`);
      alarm(`${f.id}-Throttles`, f.fn.metricThrottles({ period: period(THRESHOLDS.lambdaThrottles), statistic: 'Sum' }), THRESHOLDS.lambdaThrottles, `${f.id} was throttled.`);
      alarm(
        `${f.id}-Duration`,
        f.fn.metricDuration({ period: period(duration), statistic: 'Maximum' }),
        duration,
        `${f.id} ran close to its ${f.timeout.toSeconds()} s timeout.`,
        Math.round(f.timeout.toMilliseconds() * duration.threshold),
      );
    }

    const api = web.httpApi;
    const apiPeriod = period(THRESHOLDS.api5xxPercent);
    alarm(
      'Api-5xxRate',
      new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { errors: api.metricServerError({ period: apiPeriod, statistic: 'Sum' }), requests: api.metricCount({ period: apiPeriod, statistic: 'Sum' }) },
        label: 'API 5xx (% of requests)',
        period: apiPeriod,
      }),
      THRESHOLDS.api5xxPercent,
      'The HTTP API answered 5xx to too many requests.',
    );
    alarm('Api-LatencyP95', api.metricLatency({ period: period(THRESHOLDS.apiLatencyP95Ms), statistic: 'p95' }), THRESHOLDS.apiLatencyP95Ms, 'The HTTP API is slow (p95 latency, ms).');

    alarm(
      'Jobs-DlqMessages',
      storage.jobsDlq.metricApproximateNumberOfMessagesVisible({ period: period(THRESHOLDS.dlqMessages), statistic: 'Maximum' }),
      THRESHOLDS.dlqMessages,
      'A job message is in the dead-letter queue.',
    );
    alarm(
      'Jobs-OldestMessageAge',
      storage.jobsQueue.metricApproximateAgeOfOldestMessage({ period: period(THRESHOLDS.oldestJobMessageSeconds), statistic: 'Maximum' }),
      THRESHOLDS.oldestJobMessageSeconds,
      'The oldest jobs-queue message is old (seconds): a job is stuck or the worker does not run.',
    );
    alarm('Jobs-Failed', this.customMetric(props, METRICS.jobsFailed, 'Sum', period(THRESHOLDS.jobsFailed)), THRESHOLDS.jobsFailed, 'A job ended failed.');

    alarm('Table-Throttles', this.tableThrottles(storage, period(THRESHOLDS.dynamoThrottles)), THRESHOLDS.dynamoThrottles, 'DynamoDB throttled requests on the table or its indexes.');

    const uploads = storage.buckets.uploads.bucketName;
    const s3Metric = (metricName: string, p: Duration): cloudwatch.Metric =>
      new cloudwatch.Metric({ namespace: 'AWS/S3', metricName, dimensionsMap: { BucketName: uploads, FilterId: UPLOADS_METRICS_FILTER }, statistic: 'Sum', period: p });
    alarm('Uploads-4xx', s3Metric('4xxErrors', period(THRESHOLDS.s3Uploads4xx)), THRESHOLDS.s3Uploads4xx, 'The uploads bucket refused many requests (4xx).');
    alarm('Uploads-5xx', s3Metric('5xxErrors', period(THRESHOLDS.s3Uploads5xx)), THRESHOLDS.s3Uploads5xx, 'The uploads bucket failed requests (5xx).');

    // ---- Dashboard --------------------------------------------------------------------------------
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: named(props, 'operations'),
      defaultInterval: Duration.hours(3),
    });
    this.dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `# Enrollment back-office, stage ${config.stage}\nAlarms notify the SNS topic of stack ${this.stackName}; what each alarm means and what to do: docs/operations.md.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(...this.functionWidgets(functions));
    this.dashboard.addWidgets(
      graph('HTTP API: requests and 5xx', [api.metricCount({ statistic: 'Sum' }), api.metricServerError({ statistic: 'Sum' }), api.metricClientError({ statistic: 'Sum' })]),
      graph('HTTP API: latency p95 (ms)', [api.metricLatency({ statistic: 'p95' }), api.metricIntegrationLatency({ statistic: 'p95' })]),
    );
    this.dashboard.addWidgets(
      graph('Jobs: started, completed, failed', [METRICS.jobsStarted, METRICS.jobsCompleted, METRICS.jobsFailed, METRICS.jobsCancelled].map((m) => this.customMetric(props, m, 'Sum'))),
      graph('Jobs queue: depth', [
        storage.jobsQueue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', label: 'waiting' }),
        storage.jobsQueue.metricApproximateNumberOfMessagesNotVisible({ statistic: 'Maximum', label: 'in flight' }),
        storage.jobsDlq.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', label: 'dead-letter queue' }),
      ]),
      graph('Jobs queue: oldest message age (s)', [storage.jobsQueue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum' })]),
    );
    this.dashboard.addWidgets(
      graph('List engine: cold loads', [this.customMetric(props, METRICS.listColdLoads, 'Sum')]),
      graph('List engine: cold load and feed catch-up time (ms, p95)', [
        this.customMetric(props, METRICS.listColdLoadMs, 'p95'),
        this.customMetric(props, METRICS.feedCatchUpMs, 'p95'),
      ]),
    );
    this.dashboard.addWidgets(
      graph('DynamoDB: consumed capacity', [
        storage.table.metricConsumedReadCapacityUnits({ statistic: 'Sum' }),
        storage.table.metricConsumedWriteCapacityUnits({ statistic: 'Sum' }),
      ]),
      graph('DynamoDB: throttled requests', [this.tableThrottles(storage, Duration.minutes(5))]),
      graph('Uploads bucket: errors', [s3Metric('4xxErrors', Duration.minutes(5)), s3Metric('5xxErrors', Duration.minutes(5))]),
    );

    // ---- Saved Logs Insights queries ---------------------------------------------------------------
    // The API Lambdas log `requestId` (API Gateway's, also in the access logs); the worker and the
    // job metrics log `jobId`. Replace the placeholder and run.
    const allLogGroups = [...functions.map((f) => f.logGroup), web.apiAccessLogs];
    const saved = (id: string, name: string, q: { fields: string[]; filter: string; sort: string; limit: number }, logGroups: logs.ILogGroup[]) =>
      new logs.QueryDefinition(this, id, {
        queryDefinitionName: `${named(props, 'ops')}/${name}`,
        queryString: new logs.QueryString({ fields: q.fields, filterStatements: [q.filter], sort: q.sort, limit: q.limit }),
        logGroups,
      });
    saved(
      'FollowRequestQuery',
      'follow-one-request',
      { fields: ['@timestamp', '@log', 'level', 'msg', 'status', 'routeKey', 'requestId', 'jobId', 'err.message'], filter: 'requestId = "REQUEST_ID" or @requestId = "REQUEST_ID"', sort: '@timestamp asc', limit: 1000 },
      allLogGroups,
    );
    saved(
      'FollowJobQuery',
      'follow-one-job',
      { fields: ['@timestamp', '@log', 'level', 'msg', 'status', 'jobType', 'receives', 'requestId', 'err.message'], filter: 'jobId = "JOB_ID" or @message like "JOB_ID"', sort: '@timestamp asc', limit: 1000 },
      [workers.worker.logGroup, ...functions.filter((f) => f.fn !== workers.worker).map((f) => f.logGroup)],
    );
    saved(
      'RecentErrorsQuery',
      'recent-errors',
      { fields: ['@timestamp', '@log', 'msg', 'requestId', 'jobId', 'err.name', 'err.message'], filter: 'level = "error" or @message like /Task timed out|Runtime\\./', sort: '@timestamp desc', limit: 200 },
      allLogGroups,
    );
  }

  /** A custom metric the Lambdas write (functions/src/lib/metrics.ts), in this stage. */
  private customMetric(props: MonitoringStackProps, metricName: string, statistic: string, p = Duration.minutes(5)): cloudwatch.Metric {
    return new cloudwatch.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { Stage: props.config.stage }, statistic, period: p });
  }

  /** Read and write throttle events of the table and the writes of its indexes (which throttle the table's writes). */
  private tableThrottles(storage: StorageStack, p: Duration): cloudwatch.MathExpression {
    const usingMetrics: Record<string, cloudwatch.IMetric> = {
      r: storage.table.metric('ReadThrottleEvents', { statistic: 'Sum', period: p }),
      w: storage.table.metric('WriteThrottleEvents', { statistic: 'Sum', period: p }),
    };
    TABLE.globalSecondaryIndexes.forEach((g, i) => {
      usingMetrics[`g${i}`] = new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName: 'WriteThrottleEvents',
        dimensionsMap: { TableName: storage.table.tableName, GlobalSecondaryIndexName: g.indexName },
        statistic: 'Sum',
        period: p,
      });
    });
    const expression = Object.keys(usingMetrics).map((k) => `FILL(${k}, 0)`).join(' + ');
    return new cloudwatch.MathExpression({ expression, usingMetrics, label: 'throttled requests', period: p });
  }

  private functionWidgets(functions: readonly AppFunction[]): cloudwatch.IWidget[] {
    const per = (make: (f: AppFunction) => cloudwatch.IMetric): cloudwatch.IMetric[] => functions.map(make);
    return [
      graph('Lambda: invocations by function', per((f) => f.fn.metricInvocations({ statistic: 'Sum', label: f.id }))),
      graph('Lambda: errors by function', per((f) => f.fn.metricErrors({ statistic: 'Sum', label: f.id }))),
      graph('Lambda: duration p95 by function (ms)', per((f) => f.fn.metricDuration({ statistic: 'p95', label: f.id }))),
    ];
  }
}

function graph(title: string, left: cloudwatch.IMetric[]): cloudwatch.GraphWidget {
  return new cloudwatch.GraphWidget({ title, left, width: 8, height: 6 });
}

import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS, METRICS_NAMESPACE } from '../../functions/src/lib/metrics';
import { UPLOADS_METRICS_FILTER } from '../src/definitions';
import { STAGE_DEFAULTS } from '../src/stage-config';
import { THRESHOLDS } from '../src/thresholds';
import { synth, type Synthesized, SYNTH_TIMEOUT_MS } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synth();
}, SYNTH_TIMEOUT_MS);
afterAll(() => s.dispose());

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; Metadata?: Record<string, any> }>;
const resources = (t: Template, type?: string): Resources =>
  Object.fromEntries(Object.entries(t.toJSON().Resources as Resources).filter(([, r]) => !type || r.Type === type));
const everyTemplate = (): [string, Template][] => Object.entries(s.templates);

/** The alarms of `templates`' monitoring stack whose definition mentions `logicalId` (through a cross-stack import or a Ref). */
const alarmsIn = (templates: Synthesized['templates'], logicalId: string, metricName?: string): Record<string, any>[] =>
  Object.values(resources(templates.monitoring, 'AWS::CloudWatch::Alarm'))
    .map((a) => a.Properties)
    .filter((p) => JSON.stringify(p).includes(logicalId))
    .filter((p) => !metricName || JSON.stringify(p).includes(`"${metricName}"`));
const alarmsOn = (logicalId: string, metricName?: string) => alarmsIn(s.templates, logicalId, metricName);

/** The Lambdas the app deploys itself (not CDK's BucketDeployment handler, which runs only during a deployment). */
function appLambdas(templates: Synthesized['templates'] = s.templates): { stack: string; id: string; timeout: number }[] {
  return (Object.entries(templates) as [string, Template][]).flatMap(([stack, t]) =>
    Object.entries(resources(t, 'AWS::Lambda::Function'))
      .filter(([id]) => !id.startsWith('CustomCDKBucketDeployment'))
      .map(([id, r]) => ({ stack, id, timeout: r.Properties.Timeout as number })),
  );
}

/** `stack/id: metric` for every app Lambda of `templates` that lacks one of its three alarms. */
function missingAlarms(templates: Synthesized['templates']): string[] {
  return appLambdas(templates).flatMap(({ stack, id }) =>
    ['Errors', 'Throttles', 'Duration'].filter((m) => alarmsIn(templates, id, m).length !== 1).map((m) => `${stack}/${id}: ${m}`),
  );
}

describe('alarms', () => {
  it('gives every Lambda of every stack its errors, throttles and duration-near-timeout alarms', () => {
    const lambdas = appLambdas();
    expect(lambdas.length).toBeGreaterThanOrEqual(3);
    expect(missingAlarms(s.templates)).toEqual([]);
    for (const { stack, id, timeout } of lambdas) {
      const where = `${stack}/${id}`;
      const errors = alarmsOn(id, 'Errors');
      const throttles = alarmsOn(id, 'Throttles');
      const duration = alarmsOn(id, 'Duration');
      expect(errors, `${where} Errors`).toHaveLength(1);
      expect(throttles, `${where} Throttles`).toHaveLength(1);
      expect(duration, `${where} Duration`).toHaveLength(1);
      expect(errors[0]!.Threshold).toBe(THRESHOLDS.lambdaErrors.threshold);
      expect(errors[0]!.Period).toBe(300);
      const fraction = id.startsWith('JobsWorkerFn') ? THRESHOLDS.workerDurationOfTimeout.threshold : THRESHOLDS.lambdaDurationOfTimeout.threshold;
      expect(duration[0]!.Threshold, where).toBe(Math.round(timeout * 1000 * fraction));
      expect(duration[0]!.Statistic).toBe('Maximum');
    }
  });

  it('fails for a Lambda added without its alarms (one not made by appFunction)', () => {
    const extra = synth({
      withWebDist: false,
      extend: (stacks) =>
        new lambda.Function(stacks.api, 'RogueFn', {
          runtime: lambda.Runtime.NODEJS_22_X,
          handler: 'index.handler',
          code: lambda.Code.fromInline('exports.handler = async () => 1'),
          timeout: Duration.seconds(3),
        }),
    });
    try {
      const templates = extra.templates;
      expect(missingAlarms(templates)).toEqual([
        expect.stringMatching(/^api\/RogueFn[0-9A-F]{8}: Errors$/),
        expect.stringMatching(/^api\/RogueFn[0-9A-F]{8}: Throttles$/),
        expect.stringMatching(/^api\/RogueFn[0-9A-F]{8}: Duration$/),
      ]);
    } finally {
      extra.dispose();
    }
  });

  it('lets the worker run to its safety margin (15 s before its deadline) without a duration alarm', () => {
    const [worker] = appLambdas().filter((l) => l.id.startsWith('JobsWorkerFn'));
    const [alarm] = alarmsOn(worker!.id, 'Duration');
    expect(alarm!.Threshold).toBeGreaterThan((worker!.timeout - 15) * 1000);
    expect(alarm!.Threshold).toBeLessThan(worker!.timeout * 1000);
  });

  it('alarms on the jobs DLQ holding a message and on the age of the oldest jobs message', () => {
    const queues = resources(s.templates.storage, 'AWS::SQS::Queue');
    const dlqId = Object.keys(queues).find((id) => !queues[id]!.Properties.RedrivePolicy)!;
    const mainId = Object.keys(queues).find((id) => queues[id]!.Properties.RedrivePolicy)!;
    const dlq = alarmsOn(dlqId, 'ApproximateNumberOfMessagesVisible');
    expect(dlq).toHaveLength(1);
    expect(dlq[0]).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', Namespace: 'AWS/SQS' });
    const age = alarmsOn(mainId, 'ApproximateAgeOfOldestMessage');
    expect(age).toHaveLength(1);
    expect(age[0]!.Threshold).toBe(THRESHOLDS.oldestJobMessageSeconds.threshold);
  });

  it('alarms on a job ending failed, from the metric the job code emits', () => {
    const failed = Object.values(resources(s.templates.monitoring, 'AWS::CloudWatch::Alarm')).filter((a) => a.Properties.MetricName === METRICS.jobsFailed);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [{ Name: 'Stage', Value: STAGE_DEFAULTS.stage }],
      Statistic: 'Sum',
      Threshold: 1,
    });
  });

  it('alarms on the table throttling (table and indexes)', () => {
    const tableId = Object.keys(resources(s.templates.storage, 'AWS::DynamoDB::Table'))[0]!;
    const throttles = alarmsOn(tableId).filter((p) => JSON.stringify(p).includes('ThrottleEvents'));
    expect(throttles).toHaveLength(1);
    const text = JSON.stringify(throttles[0]);
    for (const m of ['ReadThrottleEvents', 'WriteThrottleEvents', 'GlobalSecondaryIndexName']) expect(text).toContain(m);
  });

  it('alarms on 4xx and 5xx of the uploads bucket, whose request metrics are configured', () => {
    const buckets = resources(s.templates.storage, 'AWS::S3::Bucket');
    const measured = Object.entries(buckets).filter(([, b]) => b.Properties.MetricsConfigurations);
    expect(measured).toHaveLength(1);
    const [uploadsId, uploads] = measured[0]!;
    expect(uploads.Properties.LoggingConfiguration.LogFilePrefix).toBe('eb-uploads/');
    expect(uploads.Properties.MetricsConfigurations).toEqual([{ Id: UPLOADS_METRICS_FILTER }]);
    expect(alarmsOn(uploadsId, '4xxErrors')).toHaveLength(1);
    expect(alarmsOn(uploadsId, '5xxErrors')).toHaveLength(1);
  });

  it('alarms on the HTTP API 5xx rate and p95 latency', () => {
    const apiId = Object.keys(resources(s.templates.web, 'AWS::ApiGatewayV2::Api'))[0]!;
    const onApi = alarmsOn(apiId);
    expect(onApi).toHaveLength(2);
    const rate = onApi.find((a) => a.Metrics)!;
    expect(JSON.stringify(rate.Metrics)).toContain('5xx');
    expect(rate.Threshold).toBe(THRESHOLDS.api5xxPercent.threshold);
    const latency = onApi.find((a) => a.MetricName === 'Latency')!;
    expect(latency.ExtendedStatistic).toBe('p95');
  });

  it('sends every alarm (and its recovery) to the encrypted alarm topic', () => {
    const topicId = Object.keys(resources(s.templates.monitoring, 'AWS::SNS::Topic'))[0]!;
    expect(resources(s.templates.monitoring, 'AWS::SNS::Topic')[topicId]!.Properties.KmsMasterKeyId).toBeDefined();
    const alarms = Object.values(resources(s.templates.monitoring, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThanOrEqual(appLambdas().length * 3 + 8);
    for (const a of alarms) {
      expect(a.Properties.AlarmActions, a.Properties.AlarmName).toEqual([{ Ref: topicId }]);
      expect(a.Properties.OKActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties.AlarmDescription).toContain('docs/operations.md');
      expect(a.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  it('without an alarm email: no subscription, and an output says how to subscribe', () => {
    expect(Object.keys(resources(s.templates.monitoring, 'AWS::SNS::Subscription'))).toHaveLength(0);
    const out = s.templates.monitoring.findOutputs('AlarmSubscription');
    expect(JSON.stringify(out)).toContain('aws sns subscribe --protocol email');
    expect(JSON.stringify(out)).toContain('-c alarmEmail=');
  });
});

describe('dashboard and saved queries', () => {
  it('has one dashboard for the stage with the widgets operators need', () => {
    const dashboards = Object.values(resources(s.templates.monitoring, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe(`Eb-${STAGE_DEFAULTS.stage}-operations`);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const title of [
      'Lambda: invocations by function',
      'Lambda: errors by function',
      'Lambda: duration p95 by function',
      'HTTP API: requests and 5xx',
      'HTTP API: latency p95',
      'Jobs: started, completed, failed',
      'Jobs queue: depth',
      'Jobs queue: oldest message age',
      'List engine: cold loads',
      'List engine: cold load and feed catch-up time',
      'DynamoDB: consumed capacity',
      'DynamoDB: throttled requests',
      'Uploads bucket: errors',
      'Alarms',
    ]) {
      expect(body, title).toContain(title);
    }
    for (const m of Object.values(METRICS)) expect(body, m).toContain(m);
    for (const { id } of appLambdas()) expect(body, id).toContain(id);
  });

  it('saves the Logs Insights queries that follow one request and one job', () => {
    const queries = Object.values(resources(s.templates.monitoring, 'AWS::Logs::QueryDefinition')).map((q) => q.Properties);
    const request = queries.find((q) => String(q.Name).endsWith('/follow-one-request'))!;
    const job = queries.find((q) => String(q.Name).endsWith('/follow-one-job'))!;
    expect(request.QueryString).toContain('requestId = "REQUEST_ID"');
    expect(job.QueryString).toContain('jobId = "JOB_ID"');
    // every app Lambda's log group, and the API access logs, are searched by the request query
    expect(request.LogGroupNames.length).toBe(appLambdas().length + 1);
  });
});

describe('log retention and retained data', () => {
  it('gives every log group a retention and every Lambda (CDK handler included) its own log group', () => {
    for (const [stack, t] of everyTemplate()) {
      for (const [id, g] of Object.entries(resources(t, 'AWS::Logs::LogGroup'))) {
        expect(g.Properties.RetentionInDays, `${stack}/${id}`).toBe(STAGE_DEFAULTS.logRetentionDays);
      }
      for (const [id, f] of Object.entries(resources(t, 'AWS::Lambda::Function'))) {
        expect(f.Properties.LoggingConfig?.LogGroup, `${stack}/${id}`).toBeDefined();
      }
    }
  });

  it('retains the table, every data bucket and the user pool when a stack is deleted', () => {
    const retained = (t: Template, type: string) => Object.values(resources(t, type)).map((r) => (r as { DeletionPolicy?: string }).DeletionPolicy);
    const table = retained(s.templates.storage, 'AWS::DynamoDB::Table');
    const buckets = retained(s.templates.storage, 'AWS::S3::Bucket');
    const pools = retained(s.templates.auth, 'AWS::Cognito::UserPool');
    expect(table).toEqual(['Retain']);
    expect(buckets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(buckets)).toEqual(new Set(['Retain']));
    expect(pools).toEqual(['Retain']);
    expect(resources(s.templates.auth, 'AWS::Cognito::UserPool')[Object.keys(resources(s.templates.auth, 'AWS::Cognito::UserPool'))[0]!]!.Properties.DeletionProtection).toBe('ACTIVE');
  });
});

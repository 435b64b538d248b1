import { type App, type Environment, Stack, Tags } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { deploymentProblems, STAGE_VARIABLE } from '../../../functions/src/lib/deploy-checks';
import { MonitoringStack } from '../monitoring';
import { stageConfigOf, type StageConfig } from '../stage-config';
import { ApiStack } from './api';
import { AuthStack } from './auth';
import { WEB_DIST } from './paths';
import { StorageStack } from './storage';
import { WebStack } from './web';
import { WorkersStack } from './workers';

export interface EbStacks {
  web: WebStack;
  storage: StorageStack;
  auth: AuthStack;
  api: ApiStack;
  workers: WorkersStack;
  monitoring: MonitoringStack;
}

export interface BuildOptions {
  env?: Environment;
  /** The SPA build to deploy (default web/dist; left out when it has no index.html). */
  webDistDir?: string;
  /** Prefix of the stack names (default `Eb`, e.g. `EbStorage`). */
  prefix?: string;
}

/**
 * All stacks of the product, in deployment order:
 *   web (front door: CloudFront, SPA bucket, HTTP API + stage)
 *     -> storage (table, buckets, queue)  and  auth (user pool, client, trigger)
 *       -> api (a Lambda per routed resource, a route per route-table entry)  and  workers
 *         -> monitoring (alarms of every Lambda, queue, table and bucket; SNS topic; dashboard).
 * Shared by bin/app.ts and the tests. The stage's settings (stage, domainName + certificateArn,
 * alarmEmail, logRetentionDays) come from CDK context, typed and validated first: see
 * infra/src/stage-config.ts.
 */
export function buildStacks(app: App, options: BuildOptions = {}): EbStacks {
  const prefix = options.prefix ?? 'Eb';
  const env = options.env;
  const config = stageConfigOf(app);

  const web = new WebStack(app, `${prefix}Web`, {
    env,
    description: 'Enrollment back-office: CloudFront, the SPA bucket and the HTTP API front door',
    webDistDir: options.webDistDir ?? WEB_DIST,
    domainName: config.domainName,
    certificateArn: config.certificateArn,
  });
  const appUrl = web.appUrl;
  const storage = new StorageStack(app, `${prefix}Storage`, {
    env,
    description: 'Enrollment back-office: DynamoDB table, S3 buckets, SQS jobs queue',
    appOrigin: appUrl,
  });
  const auth = new AuthStack(app, `${prefix}Auth`, {
    env,
    description: 'Enrollment back-office: Cognito user pool and app client',
    appUrl,
  });
  const api = new ApiStack(app, `${prefix}Api`, {
    env,
    description: 'Enrollment back-office: API Lambdas and HTTP API routes',
    httpApi: web.httpApi,
    storage,
    auth,
    appUrl,
  });
  const workers = new WorkersStack(app, `${prefix}Workers`, {
    env,
    description: 'Enrollment back-office: SQS jobs worker',
    storage,
    auth,
    appUrl,
  });

  const monitoring = new MonitoringStack(app, `${prefix}Monitoring`, {
    env,
    description: 'Enrollment back-office: alarms, alarm topic, dashboard and saved log queries',
    config,
    prefix,
    web,
    storage,
    workers,
  });

  const stacks = { web, storage, auth, api, workers, monitoring };
  for (const stack of Object.values(stacks)) refuseLocalSettings(stack, config);
  // CloudWatch dashboards take no tags (CloudFormation rejects them; cfn-lint E3002).
  const untaggable = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] };
  Tags.of(app).add('app', 'enrollment-backoffice', untaggable);
  Tags.of(app).add('stage', config.stage, untaggable);
  return stacks;
}

/**
 * Synthesis fails when a Lambda of `stack` would be deployed with the local stack's settings
 * (emulator endpoints, a local issuer or JWKS, the development admin): the same rule the Lambdas
 * apply at cold start (functions/src/lib/deploy-checks.ts), checked before anything is deployed.
 */
function refuseLocalSettings(stack: Stack, config: StageConfig): void {
  stack.node.addValidation({
    validate: () =>
      stack.node
        .findAll()
        .filter((c): c is lambda.CfnFunction => c instanceof lambda.CfnFunction)
        .flatMap((fn) => {
          const resolved: unknown = stack.resolve(fn.environment);
          const variables = (resolved as { variables?: Record<string, unknown> } | undefined)?.variables ?? {};
          const strings = Object.fromEntries(Object.entries(variables).filter((e): e is [string, string] => typeof e[1] === 'string'));
          return deploymentProblems({ ...strings, [STAGE_VARIABLE]: config.stage }).map((p) => `${fn.node.path}: ${p}`);
        }),
  });
}

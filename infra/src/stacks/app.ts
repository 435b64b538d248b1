import { type App, type Environment, Tags } from 'aws-cdk-lib';
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
 *       -> api (a Lambda per routed resource, a route per route-table entry)  and  workers.
 * Shared by bin/app.ts and the tests. Optional context: `domainName` + `certificateArn` (a custom
 * domain for CloudFront, certificate in us-east-1).
 */
export function buildStacks(app: App, options: BuildOptions = {}): EbStacks {
  const prefix = options.prefix ?? 'Eb';
  const env = options.env;
  const context = (key: string): string | undefined => {
    const v: unknown = app.node.tryGetContext(key);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };

  const web = new WebStack(app, `${prefix}Web`, {
    env,
    description: 'Enrollment back-office: CloudFront, the SPA bucket and the HTTP API front door',
    webDistDir: options.webDistDir ?? WEB_DIST,
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
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

  Tags.of(app).add('app', 'enrollment-backoffice');
  return { web, storage, auth, api, workers };
}

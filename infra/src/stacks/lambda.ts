import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct, IConstruct } from 'constructs';
import { STAGE_VARIABLE } from '../../../functions/src/lib/deploy-checks';
import { stageConfigOf } from '../stage-config';
import { LOCK_FILE, REPO_ROOT, repoFile } from './paths';

/** Runtime of every Lambda (ARCHITECTURE.md: nodejs22.x; the code must also run on the local Node 20). */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;

/** An app Lambda with what the alarms and the saved log queries need (infra/src/monitoring.ts). */
export interface AppFunction {
  fn: NodejsFunction;
  logGroup: logs.LogGroup;
  timeout: Duration;
  /** the construct id, e.g. `usersFn` (alarm and widget names) */
  id: string;
}

const REGISTRY = new WeakMap<IConstruct, AppFunction[]>();

/**
 * Every Lambda created by appFunction in the app of `scope`, in creation order: the monitoring
 * stack gives each one its alarms, so a new function cannot be left without them.
 */
export function appFunctionsOf(scope: IConstruct): readonly AppFunction[] {
  return REGISTRY.get(scope.node.root) ?? [];
}

export interface AppFunctionProps {
  /** The handler file, relative to the repository root (infra/src/definitions.ts). */
  entry: string;
  description: string;
  timeout: Duration;
  memorySize?: number;
  environment: Record<string, string>;
}

/**
 * A Lambda bundled locally by esbuild (a devDependency: never Docker) as minified ESM with a source
 * map. Bundling is skipped when the app runs with context `aws:cdk:bundling-stacks: []` (the tests
 * do), in which case the project root stands in for the asset and nothing is built.
 *
 * Each function gets its own log group with the stage's retention (infra/src/stage-config.ts),
 * created by CloudFormation (no LogRetention custom resource), and its own role allowed to write to that log group only (instead of the AWS
 * managed AWSLambdaBasicExecutionRole, which allows every log group of the account).
 */
export function appFunction(scope: Construct, id: string, props: AppFunctionProps): NodejsFunction {
  const config = stageConfigOf(scope);
  const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
    retention: config.logRetentionDays,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const role = new iam.Role(scope, `${id}Role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Execution role of ${props.description}`,
  });
  logGroup.grantWrite(role);

  const fn = new NodejsFunction(scope, id, {
    role,
    entry: repoFile(props.entry),
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: LOCK_FILE,
    runtime: LAMBDA_RUNTIME,
    architecture: lambda.Architecture.ARM_64,
    description: props.description,
    timeout: props.timeout,
    memorySize: props.memorySize ?? 1024,
    tracing: lambda.Tracing.ACTIVE,
    logGroup,
    environment: {
      ...props.environment,
      // Marks a deployed Lambda: the metrics' Stage dimension, and the cold-start check that refuses
      // emulator settings (functions/src/lib/deploy-checks.ts).
      [STAGE_VARIABLE]: config.stage,
      // Stack traces point into the TypeScript sources through the bundled source map.
      NODE_OPTIONS: '--enable-source-maps',
    },
    bundling: {
      format: OutputFormat.ESM,
      target: 'node22',
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      // ESM first, so that esbuild can tree-shake the AWS SDK and the other dual packages.
      mainFields: ['module', 'main'],
      // Bundle the SDK version the code is tested with instead of relying on the runtime's copy,
      // which lags behind and may not carry every package the code uses (e.g. s3-presigned-post).
      bundleAwsSDK: true,
      // CommonJS dependencies inside an ESM bundle may still call require() for Node built-ins.
      banner: "import { createRequire as __ebCreateRequire } from 'node:module'; const require = __ebCreateRequire(import.meta.url);",
    },
  });

  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'nodejs22.x is the runtime fixed by the architecture (ARCHITECTURE.md): a supported LTS runtime, close to the Node 20 the code also runs on locally; moving to nodejs24.x is a separate, deliberate change.',
  });
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'Active X-Ray tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions; every other statement of this role names its resources.',
  });
  const registry = REGISTRY.get(scope.node.root) ?? [];
  registry.push({ fn, logGroup, timeout: props.timeout, id });
  REGISTRY.set(scope.node.root, registry);
  return fn;
}

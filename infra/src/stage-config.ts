/**
 * The settings of one deployed stage, typed, with defaults, from CDK context (`-c key=value` on
 * `cdk deploy` / `cdk synth`, or cdk.json). Validated before any stack is built: a wrong value stops
 * the synthesis with a message naming the key, what was given and what is expected.
 *
 * | key               | default    | what                                                                   |
 * |-------------------|------------|------------------------------------------------------------------------|
 * | stage             | prod       | the stage's name: dashboard name, metrics dimension, EB_STAGE          |
 * | domainName        | (none)     | custom domain for CloudFront (with certificateArn)                     |
 * | certificateArn    | (none)     | ACM certificate of domainName, in us-east-1                            |
 * | alarmEmail        | (none)     | email subscribed to the alarm topic (none: a stack output says how)    |
 * | logRetentionDays  | 90         | retention of every Lambda's log group (a CloudWatch Logs value)        |
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';
import { isEmulatorUrl } from '../../functions/src/lib/deploy-checks';

export interface StageConfig {
  stage: string;
  domainName?: string;
  certificateArn?: string;
  alarmEmail?: string;
  logRetentionDays: RetentionDays;
}

export const STAGE_DEFAULTS = {
  stage: 'prod',
  logRetentionDays: RetentionDays.THREE_MONTHS,
} as const;

export const STAGE_CONTEXT_KEYS = ['stage', 'domainName', 'certificateArn', 'alarmEmail', 'logRetentionDays'] as const;

/** The retention values CloudWatch Logs accepts (RetentionDays without INFINITE: logs never kept forever). */
const RETENTIONS = new Set<number>(Object.values(RetentionDays).filter((v): v is number => typeof v === 'number' && v !== RetentionDays.INFINITE));

const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CERT_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

/** The configuration problem, raised by the synthesis (`cdk synth`, `cdk deploy`). */
export class StageConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid stage configuration (CDK context):\n- ${problems.join('\n- ')}`);
    this.name = 'StageConfigError';
  }
}

/** Reads and validates the stage configuration from a context lookup; throws StageConfigError. */
export function parseStageConfig(lookup: (key: string) => unknown): StageConfig {
  const problems: string[] = [];
  const str = (key: string): string | undefined => {
    const v = lookup(key);
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' && typeof v !== 'number') {
      problems.push(`${key}: expected a text, got ${JSON.stringify(v)}`);
      return undefined;
    }
    return String(v).trim();
  };

  const stage = str('stage') ?? STAGE_DEFAULTS.stage;
  if (!STAGE_NAME.test(stage)) problems.push(`stage: "${stage}" must be 1-20 lower-case letters, digits or dashes, starting with a letter (e.g. prod, test)`);

  const domainName = str('domainName');
  const certificateArn = str('certificateArn');
  if (domainName !== undefined) {
    if (!HOST.test(domainName) || isEmulatorUrl(`https://${domainName}`)) problems.push(`domainName: "${domainName}" is not a public host name (e.g. backoffice.example.com)`);
    if (certificateArn === undefined) problems.push('domainName needs certificateArn: an ACM certificate for it in us-east-1 (CloudFront)');
  }
  if (certificateArn !== undefined) {
    if (!CERT_ARN.test(certificateArn)) problems.push(`certificateArn: "${certificateArn}" is not an ACM certificate ARN in us-east-1 (arn:aws:acm:us-east-1:<account>:certificate/<id>)`);
    if (domainName === undefined) problems.push('certificateArn needs domainName: the host name the certificate is for');
  }

  const alarmEmail = str('alarmEmail');
  if (alarmEmail !== undefined && !EMAIL.test(alarmEmail)) problems.push(`alarmEmail: "${alarmEmail}" is not an email address`);

  let logRetentionDays: RetentionDays = STAGE_DEFAULTS.logRetentionDays;
  const retention = str('logRetentionDays');
  if (retention !== undefined) {
    const n = Number(retention);
    if (!RETENTIONS.has(n)) problems.push(`logRetentionDays: "${retention}" must be one of CloudWatch Logs' values: ${[...RETENTIONS].sort((a, b) => a - b).join(', ')}`);
    else logRetentionDays = n as RetentionDays;
  }

  if (problems.length > 0) throw new StageConfigError(problems);
  return { stage, domainName, certificateArn, alarmEmail, logRetentionDays };
}

const CONFIGS = new WeakMap<IConstruct, StageConfig>();

/** The stage configuration of the app `scope` belongs to (read from its context once). */
export function stageConfigOf(scope: IConstruct): StageConfig {
  const root = scope.node.root;
  let config = CONFIGS.get(root);
  if (!config) {
    config = parseStageConfig((key) => root.node.tryGetContext(key));
    CONFIGS.set(root, config);
  }
  return config;
}

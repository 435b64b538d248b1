import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { parseStageConfig, STAGE_DEFAULTS, StageConfigError } from '../src/stage-config';
import { synth } from './synth';

const parse = (context: Record<string, unknown>) => parseStageConfig((k) => context[k]);

describe('stage configuration (CDK context)', () => {
  it('has defaults', () => {
    expect(parse({})).toEqual({ stage: STAGE_DEFAULTS.stage, logRetentionDays: RetentionDays.THREE_MONTHS });
  });

  it('reads every setting', () => {
    expect(
      parse({
        stage: 'test',
        domainName: 'backoffice.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
        alarmEmail: 'ops@example.com',
        logRetentionDays: '30',
      }),
    ).toEqual({
      stage: 'test',
      domainName: 'backoffice.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
      alarmEmail: 'ops@example.com',
      logRetentionDays: 30,
    });
  });

  it('names every wrong setting, with what is expected', () => {
    let error: unknown;
    try {
      parse({ stage: 'Prod!', domainName: 'localhost', alarmEmail: 'ops', logRetentionDays: 42, certificateArn: undefined });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StageConfigError);
    const problems = (error as StageConfigError).problems;
    expect(problems).toEqual([
      expect.stringMatching(/^stage: "Prod!" must be/),
      expect.stringMatching(/^domainName: "localhost" is not a public host name/),
      expect.stringMatching(/^domainName needs certificateArn/),
      expect.stringMatching(/^alarmEmail: "ops" is not an email address/),
      expect.stringMatching(/^logRetentionDays: "42" must be one of .*\b30\b.*\b90\b/),
    ]);
    expect((error as Error).message).toContain('Invalid stage configuration (CDK context)');
  });

  it('refuses a certificate outside us-east-1', () => {
    expect(() => parse({ domainName: 'a.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/12345678-1234-1234-1234-123456789012' })).toThrow(/us-east-1/);
  });

  it('stops the synthesis on a wrong setting', () => {
    expect(() => synth({ withWebDist: false, context: { alarmEmail: 'not-an-email' } })).toThrow(/alarmEmail: "not-an-email" is not an email address/);
  });

  it('applies the alarm email and the log retention to the stacks', () => {
    const s = synth({ withWebDist: false, context: { alarmEmail: 'ops@example.com', logRetentionDays: 30, stage: 'test' } });
    try {
      s.templates.monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
      s.templates.api.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
      s.templates.monitoring.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'Eb-test-operations' });
      s.templates.api.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { EB_STAGE: 'test' } } });
    } finally {
      s.dispose();
    }
  });

  it('refuses to synthesize a Lambda with an emulator endpoint, a local issuer or JWKS', () => {
    const s = synth({ withWebDist: false });
    try {
      s.stacks.api.functions.users!.addEnvironment('COGNITO_JWKS_URI', 'http://127.0.0.1:9229/pool/.well-known/jwks.json');
      s.stacks.workers.worker.addEnvironment('AWS_ENDPOINT_URL_DYNAMODB', 'http://localhost:8000');
      expect(() => s.app.synth({ force: true })).toThrow(/COGNITO_JWKS_URI is set[\s\S]*AWS_ENDPOINT_URL_DYNAMODB is set/);
    } finally {
      s.dispose();
    }
  });
});

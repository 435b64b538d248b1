import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routePath } from '@eb/shared/routes';
import { API_TIMEOUT_SECONDS, ENV, WORKER_TIMEOUT_SECONDS } from '../src/definitions';
import { COGNITO_ADMIN_ACTIONS, routedResources } from '../src/stacks/api';
import { STAGE_VARIABLE } from '../../functions/src/lib/deploy-checks';
import { STAGE_DEFAULTS } from '../src/stage-config';
import { synth, type Synthesized, SYNTH_TIMEOUT_MS } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synth();
}, SYNTH_TIMEOUT_MS);
afterAll(() => s.dispose());

type Res = { Properties: Record<string, any> };
const functions = (): Res[] => Object.values(s.templates.api.findResources('AWS::Lambda::Function')) as Res[];

describe('api stack: Lambdas', () => {
  it('has one Lambda per resource of the route table, and no other', () => {
    const resources = routedResources();
    expect(resources).toEqual([...new Set(ROUTES.map((r) => r.resource))]);
    expect(functions()).toHaveLength(resources.length);
    for (const r of resources) {
      expect(functions().some((f) => f.Properties.Description === `API: /api/${r}/*`), r).toBe(true);
    }
  });

  it('runs nodejs22.x on arm64 with tracing, the API timeout, 1 GB, a log group and every ENV variable', () => {
    for (const f of functions()) {
      const p = f.Properties;
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Timeout).toBe(API_TIMEOUT_SECONDS);
      expect(p.MemorySize).toBe(1024);
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.Handler).toBe('index.handler');
      expect(p.LoggingConfig.LogGroup).toBeDefined();
      expect(Object.keys(p.Environment.Variables).sort()).toEqual([...Object.values(ENV), 'NODE_OPTIONS', STAGE_VARIABLE].sort());
      expect(p.Environment.Variables[STAGE_VARIABLE]).toBe(STAGE_DEFAULTS.stage);
    }
  });

  it('gives every log group a retention', () => {
    for (const t of [s.templates.api, s.templates.workers, s.templates.auth, s.templates.web]) {
      for (const lg of Object.values(t.findResources('AWS::Logs::LogGroup'))) {
        expect(lg.Properties.RetentionInDays).toBeGreaterThan(0);
      }
    }
  });

  it('grants the Cognito admin actions to the users Lambda only, on the user pool', () => {
    const policies = Object.values(s.templates.api.findResources('AWS::IAM::Policy'));
    const withCognito = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('cognito-idp:'));
    expect(withCognito).toHaveLength(1);
    expect(JSON.stringify(withCognito[0]!.Properties.Roles)).toContain('usersFn');
    const statement = (withCognito[0]!.Properties.PolicyDocument.Statement as { Action: string[]; Resource: unknown }[]).find((st) =>
      JSON.stringify(st.Action).includes('cognito-idp:'),
    )!;
    expect([...statement.Action].sort()).toEqual([...COGNITO_ADMIN_ACTIONS].sort());
    expect(JSON.stringify(statement.Resource)).toContain('UserPool');
  });

  it('attaches the table policy to every API role (no inline data grants)', () => {
    const roles = Object.values(s.templates.api.findResources('AWS::IAM::Role'));
    expect(roles).toHaveLength(routedResources().length);
    for (const r of roles) expect(JSON.stringify(r.Properties.ManagedPolicyArns)).toContain('TableReadWrite');
    const inline = JSON.stringify(s.templates.api.findResources('AWS::IAM::Policy'));
    expect(inline).not.toMatch(/dynamodb:|s3:|sqs:/);
  });
});

describe('api stack: HTTP API routes', () => {
  it('has one route per route-table entry, method and path', () => {
    const t = s.templates.api;
    t.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
    for (const r of ROUTES) {
      t.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${r.method} ${routePath(r)}` });
    }
  });

  it('integrates each route with its resource Lambda (payload 2.0, one integration per Lambda)', () => {
    const t = s.templates.api;
    const integrations = t.findResources('AWS::ApiGatewayV2::Integration');
    expect(Object.keys(integrations)).toHaveLength(routedResources().length);
    const fnIds = Object.keys(t.findResources('AWS::Lambda::Function'));
    for (const i of Object.values(integrations)) {
      expect(i.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      expect(fnIds).toContain(i.Properties.IntegrationUri['Fn::GetAtt'][0]);
    }
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route'));
    for (const r of ROUTES) {
      const route = routes.find((x) => x.Properties.RouteKey === `${r.method} ${routePath(r)}`)!;
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
      const fnId = integrations[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
      expect(fnId.startsWith(`${r.resource}Fn`), `${r.method} ${routePath(r)}`).toBe(true);
    }
  });

  it('lets API Gateway invoke each Lambda', () => {
    s.templates.api.resourcePropertiesCountIs(
      'AWS::Lambda::Permission',
      { Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' },
      routedResources().length,
    );
  });
});

describe('workers stack', () => {
  it('runs the worker with the worker timeout, fed one message at a time with partial batch failures', () => {
    const t = s.templates.workers;
    t.resourceCountIs('AWS::Lambda::Function', 1);
    t.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: WORKER_TIMEOUT_SECONDS,
      TracingConfig: { Mode: 'Active' },
    });
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      EventSourceArn: Match.anyValue(),
    });
  });

  it('keeps the queue visibility timeout at least six times the worker timeout', () => {
    const queue = Object.values(s.templates.storage.findResources('AWS::SQS::Queue')).find((q) => q.Properties.RedrivePolicy)!;
    const worker = Object.values(s.templates.workers.findResources('AWS::Lambda::Function'))[0]!;
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (worker.Properties.Timeout as number));
  });

  it('may use the table, the queue and every bucket, but not Cognito', () => {
    const role = Object.values(s.templates.workers.findResources('AWS::IAM::Role'))[0]!;
    const managed = JSON.stringify(role.Properties.ManagedPolicyArns);
    for (const name of ['TableReadWrite', 'JobsQueueSend', 'UploadsReadWrite', 'DocumentsReadWrite', 'ExportsReadWrite']) {
      expect(managed).toContain(name);
    }
    const inline = JSON.stringify(s.templates.workers.findResources('AWS::IAM::Policy'));
    expect(inline).toContain('sqs:ReceiveMessage');
    expect(inline).not.toContain('cognito-idp:');
  });
});

describe('stack order', () => {
  it('deploys the front door first, then data and auth, then the Lambdas', () => {
    const deps = (name: keyof typeof s.stacks) => s.stacks[name].dependencies.map((d) => d.stackName).sort();
    expect(deps('web')).toEqual([]);
    expect(deps('storage')).toEqual(['EbWeb']);
    expect(deps('auth')).toEqual(['EbWeb']);
    expect(deps('api')).toEqual(['EbAuth', 'EbStorage', 'EbWeb']);
    expect(deps('workers')).toEqual(['EbAuth', 'EbStorage', 'EbWeb']);
  });
});

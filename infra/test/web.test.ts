import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_THROTTLE } from '../src/stacks/web';
import { only, synth, type Synthesized, SYNTH_TIMEOUT_MS } from './synth';

let s: Synthesized;
let withoutDist: Synthesized;
beforeAll(() => {
  s = synth();
  withoutDist = synth({ withWebDist: false });
}, SYNTH_TIMEOUT_MS);
afterAll(() => {
  s.dispose();
  withoutDist.dispose();
});

/** Managed policy ids (documented by CloudFront). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const distribution = () => only(s.templates.web, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;

describe('web stack: CloudFront', () => {
  it('routes /api/* to the HTTP API: HTTPS only, no caching, all viewer headers but Host, all methods', () => {
    const behaviours = distribution().CacheBehaviors as Record<string, any>[];
    expect(behaviours).toHaveLength(1);
    const api = behaviours[0]!;
    expect(api.PathPattern).toBe('/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect([...api.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const origin = (distribution().Origins as Record<string, any>[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain('ApiEndpoint');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('serves the SPA from a private bucket through OAC, HTTPS, with the SPA fallback function', () => {
    const d = distribution();
    const def = d.DefaultCacheBehavior;
    expect(def.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(def.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const origin = (d.Origins as Record<string, any>[]).find((o) => o.Id === def.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(d.DefaultRootObject).toBe('index.html');
    // No distribution-wide error responses: they would turn an API 403/404 into index.html.
    expect(d.CustomErrorResponses).toBeUndefined();
    s.templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
  });

  it('keeps every bucket of the stack private, encrypted and TLS-only (no website hosting)', () => {
    const buckets = Object.values(s.templates.web.findResources('AWS::S3::Bucket'));
    expect(buckets).toHaveLength(2);
    for (const b of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption).toBeDefined();
      expect(b.Properties.WebsiteConfiguration).toBeUndefined();
    }
    s.templates.web.resourcePropertiesCountIs(
      'AWS::S3::BucketPolicy',
      { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } },
      2,
    );
  });

  it('rewrites client-side routes to /index.html and leaves files alone', () => {
    const code = only(s.templates.web, 'AWS::CloudFront::Function').Properties.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
    const run = (uri: string) => handler({ request: { uri } }).uri;
    expect(run('/')).toBe('/index.html');
    expect(run('/enrollments')).toBe('/index.html');
    expect(run('/login/abc.def/')).toBe('/index.html');
    expect(run('/admin/users/42')).toBe('/index.html');
    expect(run('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(run('/favicon.ico')).toBe('/favicon.ico');
  });

  it('sends the security headers on every behaviour', () => {
    const policy = only(s.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const h = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(h.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 31536000, IncludeSubdomains: true, Override: true });
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(h.ReferrerPolicy.ReferrerPolicy).toBe('same-origin');
    const csp = JSON.stringify(h.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self';",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    const d = distribution();
    for (const b of [d.DefaultCacheBehavior, ...d.CacheBehaviors]) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policy.id });
  });

  it('logs to a log bucket, HTTP/2 and 3, no custom domain unless given', () => {
    const d = distribution();
    expect(JSON.stringify(d.Logging.Bucket)).toContain('LogBucket');
    expect(d.HttpVersion).toBe('http2and3');
    expect(d.ViewerCertificate).toBeUndefined();
  });

  it('uses TLSv1.2_2021 with a custom domain and certificate', () => {
    const custom = synth({
      withWebDist: false,
      context: {
        domainName: 'backoffice.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
      },
    });
    const d = only(custom.templates.web, 'AWS::CloudFront::Distribution').Properties.DistributionConfig;
    expect(d.Aliases).toEqual(['backoffice.example.com']);
    expect(d.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    expect(JSON.stringify(custom.templates.api.findResources('AWS::Lambda::Function'))).toContain('https://backoffice.example.com');
    custom.dispose();
  });
});

describe('web stack: HTTP API stage', () => {
  it('auto-deploys the $default stage with access logs and throttling', () => {
    s.templates.web.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    const stage = only(s.templates.web, 'AWS::ApiGatewayV2::Stage').Properties;
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined();
    expect(JSON.parse(stage.AccessLogSettings.Format as string)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit });
  });
});

describe('web stack: SPA deployment', () => {
  it('deploys the build (hashed assets, then the shell with an invalidation) when web/dist exists', () => {
    const deployments = Object.entries(s.templates.web.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const [assetsId, assets] = deployments.find(([, d]) => !d.Properties.DistributionId)!;
    const [, shell] = deployments.find(([, d]) => d.Properties.DistributionId)!;
    expect(assets.Properties).toMatchObject({ DestinationBucketKeyPrefix: 'assets/', Prune: false });
    expect(assets.Properties.SystemMetadata['cache-control']).toContain('immutable');
    expect(shell.Properties).toMatchObject({ DistributionPaths: ['/*'], Prune: false });
    expect(shell.Properties.SystemMetadata['cache-control']).toBe('no-cache');
    expect(shell.DependsOn).toContain(assetsId);
  });

  it('leaves the deployment out when there is no build, so synth works before a build', () => {
    withoutDist.templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
    withoutDist.templates.web.resourceCountIs('AWS::CloudFront::Distribution', 1);
  });
});

describe('app URL', () => {
  it('is the distribution URL, given to every Lambda', () => {
    for (const t of [s.templates.api, s.templates.workers, s.templates.auth]) {
      for (const f of Object.values(t.findResources('AWS::Lambda::Function'))) {
        expect(JSON.stringify(f.Properties.Environment.Variables.APP_URL)).toMatch(/https:\/\/.*Distribution.*DomainName/);
      }
    }
  });
});

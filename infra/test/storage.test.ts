import { DOCUMENT_INCOMING_PREFIX } from '@eb/shared/constants';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS, QUEUES, TABLE, WORKER_TIMEOUT_SECONDS } from '../src/definitions';
import { synth, type Synthesized, SYNTH_TIMEOUT_MS } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synth();
}, SYNTH_TIMEOUT_MS);
afterAll(() => s.dispose());

describe('storage stack: DynamoDB', () => {
  it('has one on-demand, encrypted, retained table with PITR and the TTL attribute', () => {
    const t = s.templates.storage;
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });

  it('has every GSI of definitions.ts with ALL projection', () => {
    s.templates.storage.hasResourceProperties('AWS::DynamoDB::Table', {
      GlobalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });
});

describe('storage stack: S3', () => {
  const buckets = () => Object.values(s.templates.storage.findResources('AWS::S3::Bucket'));

  it('has the data buckets plus one access-log bucket', () => {
    expect(buckets()).toHaveLength(Object.keys(BUCKETS).length + 1);
  });

  it('blocks public access and encrypts every bucket, and retains them', () => {
    for (const b of buckets()) {
      expect(b.DeletionPolicy).toBe('Retain');
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toEqual({
        SSEAlgorithm: 'AES256',
      });
    }
  });

  it('denies non-TLS access on every bucket', () => {
    const policies = Object.values(s.templates.storage.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(buckets().length);
    for (const p of policies) {
      expect(p.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      );
    }
  });

  it('versions the buckets marked versioned, logs the data buckets, expires exports', () => {
    const logged = buckets().filter((b) => b.Properties.LoggingConfiguration);
    expect(logged).toHaveLength(Object.keys(BUCKETS).length);
    for (const def of Object.values(BUCKETS)) {
      const b = logged.find((x) => x.Properties.LoggingConfiguration.LogFilePrefix === `${def.name}/`);
      expect(b, def.name).toBeDefined();
      expect(b!.Properties.VersioningConfiguration?.Status === 'Enabled').toBe(def.versioned);
      if ('expireDays' in def) {
        expect(b!.Properties.LifecycleConfiguration.Rules).toEqual(
          expect.arrayContaining([expect.objectContaining({ ExpirationInDays: def.expireDays, Status: 'Enabled' })]),
        );
      }
    }
  });

  it('lets the app origin (and only it) POST to the uploads and documents buckets, and removes unregistered documents after a day', () => {
    const named = (key: keyof typeof BUCKETS) => buckets().find((b) => b.Properties.LoggingConfiguration?.LogFilePrefix === `${BUCKETS[key].name}/`)!;
    for (const bucket of [named('uploads'), named('documents')]) {
      const rules = bucket.Properties.CorsConfiguration.CorsRules as { AllowedMethods: string[]; AllowedOrigins: unknown[] }[];
      expect(rules).toHaveLength(1);
      expect(rules[0]!.AllowedMethods).toEqual(['POST']);
      expect(rules[0]!.AllowedOrigins).toHaveLength(1);
      expect(JSON.stringify(rules[0]!.AllowedOrigins)).toContain('https://');
      expect(JSON.stringify(rules[0]!.AllowedOrigins)).not.toContain('*');
    }
    const others = buckets().filter((b) => b !== named('uploads') && b !== named('documents') && b.Properties.CorsConfiguration);
    expect(others).toHaveLength(0);
    expect(named('documents').Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: DOCUMENT_INCOMING_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }),
    );
  });
});

describe('storage stack: SQS', () => {
  it('has a FIFO jobs queue with a FIFO DLQ, both encrypted', () => {
    const t = s.templates.storage;
    t.resourceCountIs('AWS::SQS::Queue', 2);
    const queues = t.findResources('AWS::SQS::Queue');
    for (const q of Object.values(queues)) {
      expect(q.Properties.FifoQueue).toBe(true);
      expect(q.Properties.SqsManagedSseEnabled).toBe(true);
    }
    const main = Object.values(queues).find((q) => q.Properties.RedrivePolicy)!;
    const dlqId = Object.keys(queues).find((id) => !queues[id]!.Properties.RedrivePolicy)!;
    expect(main.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: QUEUES.jobs.maxReceiveCount,
    });
    expect(main.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * WORKER_TIMEOUT_SECONDS);
  });

  it('refuses non-TLS access to the queues', () => {
    const policies = Object.values(s.templates.storage.findResources('AWS::SQS::QueuePolicy'));
    expect(policies.length).toBeGreaterThanOrEqual(1);
    const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
    expect(statements.filter((st) => st.Effect === 'Deny' && JSON.stringify(st.Condition).includes('aws:SecureTransport'))).toHaveLength(2);
  });
});

describe('storage stack: data access policies', () => {
  it('names its actions and the GSIs explicitly (no action wildcard, no index wildcard)', () => {
    const policies = Object.values(s.templates.storage.findResources('AWS::IAM::ManagedPolicy'));
    expect(policies).toHaveLength(2 + Object.keys(BUCKETS).length);
    const text = JSON.stringify(policies);
    expect(text).not.toMatch(/"[a-z0-9-]+:[A-Za-z]*\*"/);
    expect(text).not.toContain('/index/*');
    for (const g of TABLE.globalSecondaryIndexes) expect(text).toContain(`/index/${g.indexName}`);
  });
});

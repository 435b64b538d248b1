import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ACCESS_TOKEN_MINUTES, PASSWORD_MIN_LENGTH, REFRESH_TOKEN_HOURS } from '@eb/shared/constants';
import { BUCKETS, QUEUES, TABLE, WORKER_TIMEOUT_SECONDS } from '../src/definitions';

/**
 * Create the stack's resources in the emulators from infra/src/definitions.ts, the same
 * definitions the CDK stacks use. Every step is idempotent: an existing resource is kept.
 */
export async function provisionTable(ddb: DynamoDBClient): Promise<void> {
  const attrs = new Map<string, 'S' | 'N'>([
    [TABLE.partitionKey, 'S'],
    [TABLE.sortKey, 'S'],
  ]);
  for (const g of TABLE.globalSecondaryIndexes) {
    attrs.set(g.partitionKey, 'S');
    attrs.set(g.sortKey, g.sortKey === 'seq' ? 'N' : 'S');
  }
  try {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: TABLE.name }));
    // a table kept from an earlier version (LOCAL_DATA_DIR): the indexes added since, as a deploy adds them
    const have = new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const g of TABLE.globalSecondaryIndexes.filter((x) => !have.has(x.indexName))) {
      await ddb.send(
        new UpdateTableCommand({
          TableName: TABLE.name,
          AttributeDefinitions: [g.partitionKey, g.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: attrs.get(AttributeName)! })),
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: g.indexName,
                KeySchema: [
                  { AttributeName: g.partitionKey, KeyType: 'HASH' },
                  { AttributeName: g.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
    }
    // the index fills from the table's items before it answers queries
    for (let i = 0; i < 600; i++) {
      const { Table: now } = await ddb.send(new DescribeTableCommand({ TableName: TABLE.name }));
      if ((now?.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return;
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException) && (e as Error).name !== 'ResourceNotFoundException') throw e;
  }
  await ddb.send(
    new CreateTableCommand({
      TableName: TABLE.name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attrs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await ddb
    .send(
      new UpdateTimeToLiveCommand({
        TableName: TABLE.name,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    )
    .catch(() => undefined);
}

export async function provisionBuckets(s3: S3Client, appOrigin: string): Promise<Record<keyof typeof BUCKETS, string>> {
  const out = {} as Record<keyof typeof BUCKETS, string>;
  for (const [key, b] of Object.entries(BUCKETS) as [keyof typeof BUCKETS, (typeof BUCKETS)[keyof typeof BUCKETS]][]) {
    try {
      await s3.send(new HeadBucketCommand({ Bucket: b.name }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket: b.name }));
    }
    if (key === 'uploads') {
      await s3.send(
        new PutBucketCorsCommand({
          Bucket: b.name,
          CORSConfiguration: {
            CORSRules: [{ AllowedMethods: ['POST', 'GET'], AllowedOrigins: [appOrigin], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }],
          },
        }),
      );
    }
    out[key] = b.name;
  }
  return out;
}

export async function provisionQueues(sqs: SQSClient): Promise<{ jobsQueueUrl: string; dlqUrl: string }> {
  const q = QUEUES.jobs;
  const dlq = await sqs.send(
    new CreateQueueCommand({ QueueName: q.dlqName, Attributes: { FifoQueue: 'true', MessageRetentionPeriod: '1209600' } }),
  );
  const dlqArn = (
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
  ).Attributes?.QueueArn;
  const jobs = await sqs.send(
    new CreateQueueCommand({
      QueueName: q.name,
      Attributes: {
        FifoQueue: 'true',
        VisibilityTimeout: String(WORKER_TIMEOUT_SECONDS * 6),
        ...(dlqArn ? { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: q.maxReceiveCount }) } : {}),
      },
    }),
  );
  return { jobsQueueUrl: jobs.QueueUrl!, dlqUrl: dlq.QueueUrl! };
}

const POOL_NAME = 'eb-users';
const CLIENT_NAME = 'eb-web';

export async function provisionUserPool(cognito: CognitoIdentityProviderClient): Promise<{ userPoolId: string; clientId: string }> {
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const r = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_MIN_LENGTH,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
      }),
    );
    userPoolId = r.UserPool!.Id!;
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const r = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
        AccessTokenValidity: ACCESS_TOKEN_MINUTES,
        IdTokenValidity: ACCESS_TOKEN_MINUTES,
        RefreshTokenValidity: REFRESH_TOKEN_HOURS,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'hours' },
      }),
    );
    clientId = r.UserPoolClient!.ClientId!;
  }
  return { userPoolId, clientId };
}

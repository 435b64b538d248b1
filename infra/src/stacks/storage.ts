import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DOCUMENT_INCOMING_PREFIX } from '@eb/shared/constants';
import { BUCKETS, QUEUES, TABLE, UPLOADS_METRICS_FILTER, WORKER_TIMEOUT_SECONDS } from '../definitions';
import { acknowledgeWildcards } from './nag';

export type BucketKey = keyof typeof BUCKETS;

/**
 * Attribute types of the key attributes. Every key is a string except the change-feed sort key
 * `seq`, a number taken from an atomic counter (ARCHITECTURE.md, "Lists and search").
 */
const NUMBER_KEYS: ReadonlySet<string> = new Set(['seq']);
const attr = (name: string): dynamodb.Attribute => ({
  name,
  type: NUMBER_KEYS.has(name) ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
});

/** How long the browser may cache the uploads bucket's CORS preflight answer. */
const CORS_MAX_AGE_SECONDS = 3000;
/** Old versions of versioned objects are kept this long (recovery from an overwrite or delete). */
const NONCURRENT_VERSION_DAYS = 90;
const ACCESS_LOG_DAYS = 365;

/** Item-level actions (transactions are authorized by the Put/Update/Delete/ConditionCheck actions). */
const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:DescribeTable',
];
const INDEX_ACTIONS = ['dynamodb:Query', 'dynamodb:Scan'];
const OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];

/**
 * Customer-managed policies giving read/write access to the data, attached by the api and workers
 * stacks to the roles that need them. Defined here, next to the resources, so that each grant is
 * explicit (no `Action::*` wildcards, the two GSIs by name) and reviewed once.
 */
export interface DataPolicies {
  table: iam.ManagedPolicy;
  queueSend: iam.ManagedPolicy;
  buckets: Record<BucketKey, iam.ManagedPolicy>;
}

export interface StorageStackProps extends StackProps {
  /** The app's origin (`https://host`, no trailing slash): the only origin allowed to POST uploads. */
  appOrigin: string;
}

/**
 * Data: the single DynamoDB table, the S3 buckets and the SQS FIFO jobs queue, all from
 * infra/src/definitions.ts (the same objects the embedded local stack provisions).
 * Physical names are left to CloudFormation (the `name`s in definitions.ts are the local names), so
 * that several copies of the app can live in one account.
 */
export class StorageStack extends Stack {
  readonly table: dynamodb.Table;
  readonly buckets: Record<BucketKey, s3.Bucket>;
  readonly jobsQueue: sqs.Queue;
  readonly jobsDlq: sqs.Queue;
  readonly policies: DataPolicies;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: attr(TABLE.partitionKey),
      sortKey: attr(TABLE.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of TABLE.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: attr(gsi.partitionKey),
        sortKey: attr(gsi.sortKey),
        // gsi1 serves whole items (jobs by state, users by email); the feed projects the list
        // columns, which differ per entity type, so it projects everything too.
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // Server access logs of the data buckets. S3 writes them with SSE-S3 (the only encryption a log
    // target bucket supports) through a bucket policy (flag serverAccessLogsUseBucketPolicy).
    const accessLogs = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const bucket = (key: BucketKey, extra: Partial<s3.BucketProps>, moreRules: s3.LifecycleRule[] = []): s3.Bucket => {
      const def = BUCKETS[key];
      const lifecycleRules: s3.LifecycleRule[] = [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }, ...moreRules];
      if ('expireDays' in def) lifecycleRules.push({ expiration: Duration.days(def.expireDays) });
      if (def.versioned) lifecycleRules.push({ noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS) });
      return new s3.Bucket(this, `${key[0]!.toUpperCase()}${key.slice(1)}Bucket`, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        minimumTLSVersion: 1.2,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        versioned: def.versioned,
        lifecycleRules,
        serverAccessLogsBucket: accessLogs,
        serverAccessLogsPrefix: `${def.name}/`,
        removalPolicy: RemovalPolicy.RETAIN,
        ...extra,
      });
    };
    // browsers post presigned forms from the app's origin only
    const browserPost: s3.CorsRule[] = [
      { allowedMethods: [s3.HttpMethods.POST], allowedOrigins: [props.appOrigin], allowedHeaders: ['*'], exposedHeaders: ['ETag', 'Location'], maxAge: CORS_MAX_AGE_SECONDS },
    ];
    this.buckets = {
      // Browsers upload straight to this bucket with a presigned POST from the app's origin.
      // Request metrics (4xx/5xx, for the alarms of infra/src/monitoring.ts) need a metrics configuration.
      uploads: bucket('uploads', { cors: browserPost, metrics: [{ id: UPLOADS_METRICS_FILTER }] }),
      // Documents go up the same way (presigned POST under incoming/, moved to their place once
      // checked); what was never registered is removed after a day.
      documents: bucket(
        'documents',
        { cors: browserPost },
        [{ prefix: DOCUMENT_INCOMING_PREFIX, expiration: Duration.days(1) }],
      ),
      exports: bucket('exports', {}),
    };

    const jobs = QUEUES.jobs;
    this.jobsDlq = new sqs.Queue(this, 'JobsDlq', {
      fifo: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.jobsQueue = new sqs.Queue(this, 'JobsQueue', {
      fifo: true,
      // The deduplication id is derived by the app from the job and chunk (ARCHITECTURE.md, "Jobs").
      contentBasedDeduplication: false,
      // At least six times the worker timeout, so a message is never redelivered while a worker runs.
      visibilityTimeout: Duration.seconds(6 * WORKER_TIMEOUT_SECONDS),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.jobsDlq, maxReceiveCount: jobs.maxReceiveCount },
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    const tableArn = this.table.tableArn;
    const bucketPolicy = (key: BucketKey): iam.ManagedPolicy =>
      new iam.ManagedPolicy(this, `${key[0]!.toUpperCase()}${key.slice(1)}ReadWrite`, {
        description: `Read and write the objects of the ${key} bucket`,
        statements: [
          new iam.PolicyStatement({ actions: OBJECT_ACTIONS, resources: [this.buckets[key].arnForObjects('*')] }),
          new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.buckets[key].bucketArn] }),
        ],
      });
    this.policies = {
      table: new iam.ManagedPolicy(this, 'TableReadWrite', {
        description: 'Read and write the items of the main table and query its indexes',
        statements: [
          new iam.PolicyStatement({ actions: TABLE_ACTIONS, resources: [tableArn] }),
          new iam.PolicyStatement({
            actions: INDEX_ACTIONS,
            resources: TABLE.globalSecondaryIndexes.map((g) => `${tableArn}/index/${g.indexName}`),
          }),
        ],
      }),
      queueSend: new iam.ManagedPolicy(this, 'JobsQueueSend', {
        description: 'Send messages to the jobs queue',
        statements: [
          new iam.PolicyStatement({
            actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
            resources: [this.jobsQueue.queueArn],
          }),
        ],
      }),
      buckets: { uploads: bucketPolicy('uploads'), documents: bucketPolicy('documents'), exports: bucketPolicy('exports') },
    };
    // The names an operator needs (first admin, EB_STACK=env runs, restores): docs/operations.md.
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'TABLE_NAME' });
    new CfnOutput(this, 'JobsQueueUrl', { value: this.jobsQueue.queueUrl, description: 'JOBS_QUEUE_URL' });
    new CfnOutput(this, 'JobsDlqUrl', { value: this.jobsDlq.queueUrl, description: 'The jobs dead-letter queue' });
    new CfnOutput(this, 'UploadsBucketName', { value: this.buckets.uploads.bucketName, description: 'UPLOADS_BUCKET' });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.buckets.documents.bucketName, description: 'DOCUMENTS_BUCKET' });
    new CfnOutput(this, 'ExportsBucketName', { value: this.buckets.exports.bucketName, description: 'EXPORTS_BUCKET' });
    acknowledgeWildcards(this, [
      {
        finding: /^Resource::<(Uploads|Documents|Exports)Bucket[0-9A-F]{8}\.Arn>\/\*$/,
        reason: 'Object keys are chosen at run time (uploads, documents, exports): access is to the objects of this one bucket, with explicit actions.',
      },
    ]);
  }
}

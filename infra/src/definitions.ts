/**
 * The resources both the CDK stacks and the embedded local stack create, defined once.
 * infra/src/stacks/* turn them into CloudFormation; infra/local/provision.ts creates them in the
 * emulators (idempotently) from the same objects.
 */
import { RESOURCES, codeName, type Resource } from '@eb/shared/routes';

export const TABLE = {
  /** logical id in CDK; the local stack uses `name` */
  name: 'eb-main',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalSecondaryIndexes: [
    /** Generic secondary access path: jobs by state, users by email, ... */
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** The change feed of the list engine: sharded key per entity type, sequence number sort. */
    { indexName: 'feed', partitionKey: 'feedpk', sortKey: 'seq' },
    /**
     * The change log by where each change came from: an import's batch ('Upload batch 12': its undo)
     * or else the user who made it in a screen (the home page's 'My recent changes'). One index, as
     * a deploy adds at most one to a table.
     */
    { indexName: 'origin', partitionKey: 'originpk', sortKey: 'originsk' },
  ],
} as const;

export const BUCKETS = {
  uploads: { name: 'eb-uploads', versioned: true },
  documents: { name: 'eb-documents', versioned: true },
  exports: { name: 'eb-exports', versioned: false, expireDays: 2 },
} as const;

/** The id of the uploads bucket's request-metrics configuration (S3 4xx/5xx alarms need one). */
export const UPLOADS_METRICS_FILTER = 'EntireBucket';

export const QUEUES = {
  jobs: { name: 'eb-jobs.fifo', dlqName: 'eb-jobs-dlq.fifo', maxReceiveCount: 5 },
} as const;

/** Worker Lambda timeout; the jobs queue's visibility timeout is six times this. */
export const WORKER_TIMEOUT_SECONDS = 120;
export const API_TIMEOUT_SECONDS = 29;

/** The environment variables every Lambda reads (functions/src/lib/config.ts). */
export const ENV = {
  TABLE_NAME: 'TABLE_NAME',
  USER_POOL_ID: 'USER_POOL_ID',
  USER_POOL_CLIENT_ID: 'USER_POOL_CLIENT_ID',
  JOBS_QUEUE_URL: 'JOBS_QUEUE_URL',
  /** the jobs queue's receive count before the DLQ (QUEUES.jobs.maxReceiveCount): the worker's last attempt */
  JOBS_MAX_RECEIVE_COUNT: 'JOBS_MAX_RECEIVE_COUNT',
  UPLOADS_BUCKET: 'UPLOADS_BUCKET',
  DOCUMENTS_BUCKET: 'DOCUMENTS_BUCKET',
  EXPORTS_BUCKET: 'EXPORTS_BUCKET',
  APP_URL: 'APP_URL',
} as const;

/** The Lambda entry of each API resource, relative to the repository root. */
export const apiEntry = (resource: Resource): string => `functions/src/${codeName(resource)}/handler.ts`;
export const WORKER_ENTRY = 'functions/src/job/worker.ts';
export const CUSTOM_MESSAGE_ENTRY = 'functions/src/users/custom-message.ts';
export const ALL_RESOURCES = RESOURCES;

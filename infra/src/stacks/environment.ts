import { ENV, QUEUES } from '../definitions';
import type { AuthStack } from './auth';
import type { StorageStack } from './storage';

/**
 * The environment of the API and worker Lambdas: every variable of ENV (functions/src/lib/config.ts
 * reads them), so that any handler can use any of them.
 */
export function lambdaEnvironment(storage: StorageStack, auth: AuthStack, appUrl: string): Record<keyof typeof ENV, string> {
  return {
    [ENV.TABLE_NAME]: storage.table.tableName,
    [ENV.USER_POOL_ID]: auth.userPool.userPoolId,
    [ENV.USER_POOL_CLIENT_ID]: auth.userPoolClient.userPoolClientId,
    [ENV.JOBS_QUEUE_URL]: storage.jobsQueue.queueUrl,
    [ENV.JOBS_MAX_RECEIVE_COUNT]: String(QUEUES.jobs.maxReceiveCount),
    [ENV.UPLOADS_BUCKET]: storage.buckets.uploads.bucketName,
    [ENV.DOCUMENTS_BUCKET]: storage.buckets.documents.bucketName,
    [ENV.EXPORTS_BUCKET]: storage.buckets.exports.bucketName,
    [ENV.APP_URL]: appUrl,
  };
}

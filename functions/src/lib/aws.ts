import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One client of each kind per Lambda container, created on first use (not at cold start). */
let ddb: DynamoDBDocumentClient | undefined;
let sqs: SQSClient | undefined;
let s3: S3Client | undefined;
let cognito: CognitoIdentityProviderClient | undefined;

/**
 * A client without the SDK's logger middleware: with the default logger (which discards what it is
 * given) it still copied every request and response through the sensitive-data filter to log them,
 * a walk over each item of a batch write or a query's page (about 2 % of an upload's parse).
 */
function unlogged<C extends { middlewareStack: { remove(name: string): boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export const dynamo = (): DynamoDBDocumentClient =>
  (ddb ??= DynamoDBDocumentClient.from(unlogged(new DynamoDBClient({ maxAttempts: 5 })), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }));
/** The endpoint comes from the SDK's settings (AWS_ENDPOINT_URL_SQS locally), never from a queue URL's host. */
export const sqsClient = (): SQSClient => (sqs ??= unlogged(new SQSClient({ useQueueUrlAsEndpoint: false })));
export const s3Client = (): S3Client => (s3 ??= unlogged(new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === '1' })));
export const cognitoClient = (): CognitoIdentityProviderClient => (cognito ??= unlogged(new CognitoIdentityProviderClient({})));

/** Tests and the local stack reset clients after changing endpoints. */
export function resetClients(): void {
  ddb = undefined;
  sqs = undefined;
  s3 = undefined;
  cognito = undefined;
}

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

export const dynamo = (): DynamoDBDocumentClient =>
  (ddb ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 5 }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }));
/** The endpoint comes from the SDK's settings (AWS_ENDPOINT_URL_SQS locally), never from a queue URL's host. */
export const sqsClient = (): SQSClient => (sqs ??= new SQSClient({ useQueueUrlAsEndpoint: false }));
export const s3Client = (): S3Client => (s3 ??= new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === '1' }));
export const cognitoClient = (): CognitoIdentityProviderClient => (cognito ??= new CognitoIdentityProviderClient({}));

/** Tests and the local stack reset clients after changing endpoints. */
export function resetClients(): void {
  ddb = undefined;
  sqs = undefined;
  s3 = undefined;
  cognito = undefined;
}

/**
 * Runtime configuration from the environment (names in infra/src/definitions.ts ENV). AWS endpoints
 * are NOT configured here: every SDK client honours the standard AWS_ENDPOINT_URL_* variables, so
 * the same code runs against AWS, LocalStack or the embedded emulators.
 *
 * Cold start: a deployed Lambda (EB_STAGE set by the CDK stacks) refuses to start when its
 * environment carries the local stack's settings (emulator endpoints, a local issuer or JWKS, the
 * development admin): see deploy-checks.ts.
 */
import { assertDeployable } from './deploy-checks';

assertDeployable(process.env);

function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  get jobsQueueUrl() {
    return required('JOBS_QUEUE_URL');
  },
  /** How many deliveries of a job message the queue makes before its DLQ: the last one marks the job failed. */
  get jobsMaxReceiveCount(): number {
    const n = Number(required('JOBS_MAX_RECEIVE_COUNT'));
    if (!Number.isInteger(n) || n < 1) throw new Error('JOBS_MAX_RECEIVE_COUNT must be a positive integer');
    return n;
  },
  get appUrl() {
    return process.env.APP_URL ?? 'http://localhost:3000';
  },
  /** The origin the app's pages are served from (APP_URL's): the only Origin a state-changing request may name. */
  get appOrigin() {
    return new URL(this.appUrl).origin;
  },
  get region() {
    return process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
  },
  /**
   * Token issuer and JWKS: derived from the pool in AWS; the local emulator serves its own
   * (COGNITO_ISSUER / COGNITO_JWKS_URI are set only by the local stack).
   */
  get cognitoIssuer() {
    return process.env.COGNITO_ISSUER ?? `https://cognito-idp.${this.region}.amazonaws.com/${this.userPoolId}`;
  },
  get cognitoJwksUri() {
    return process.env.COGNITO_JWKS_URI ?? `${this.cognitoIssuer}/.well-known/jwks.json`;
  },
  get exportsBucket() {
    return required('EXPORTS_BUCKET');
  },
  get documentsBucket() {
    return required('DOCUMENTS_BUCKET');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  /**
   * Local only: where browsers reach S3 (the path of the local gateway's same-origin /__s3 proxy to
   * the S3 emulator, on the page's own host). Unset in AWS, where presigned forms and links name the
   * bucket's own endpoint.
   */
  get s3BrowserEndpoint() {
    return process.env.S3_BROWSER_ENDPOINT || undefined;
  },
  /** Local only: where the "email" outbox is written (reset links). */
  get outboxDir() {
    return process.env.OUTBOX_DIR;
  },
};

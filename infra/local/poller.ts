import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { WORKER_TIMEOUT_SECONDS } from '../src/definitions';
import { lambdaContext } from './events';

type SqsHandler = (e: SQSEvent, c: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse | void>;

/**
 * The local stand-in for Lambda's SQS event source: long-polls the queue, builds SQS events
 * (batch size 1 as deployed), invokes the worker, deletes what succeeded and leaves reported
 * failures to come back after their visibility timeout.
 */
export function startPoller(opts: {
  sqs: SQSClient;
  queueUrl: string;
  queueArn?: string;
  handler: () => Promise<SqsHandler>;
  onError?: (e: unknown) => void;
}): { stop(): Promise<void>; idle(): Promise<void> } {
  let running = true;
  let busy = false;
  let waiters: (() => void)[] = [];
  const loop = (async () => {
    while (running) {
      try {
        const r = await opts.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: opts.queueUrl,
            MaxNumberOfMessages: 1,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        const messages = r.Messages ?? [];
        if (messages.length === 0) {
          for (const w of waiters) w();
          waiters = [];
          continue;
        }
        busy = true;
        const event: SQSEvent = {
          Records: messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? '',
            attributes: (m.Attributes ?? {}) as SQSEvent['Records'][number]['attributes'],
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? '',
            eventSource: 'aws:sqs',
            eventSourceARN: opts.queueArn ?? 'arn:aws:sqs:us-east-1:000000000000:local',
            awsRegion: 'us-east-1',
          })),
        };
        let failed = new Set<string>();
        try {
          const h = await opts.handler();
          const res = await h(event, lambdaContext('worker', WORKER_TIMEOUT_SECONDS * 1000));
          failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (e) {
          opts.onError?.(e);
          failed = new Set(messages.map((m) => m.MessageId!));
        }
        for (const m of messages) {
          if (!failed.has(m.MessageId!)) {
            await opts.sqs.send(new DeleteMessageCommand({ QueueUrl: opts.queueUrl, ReceiptHandle: m.ReceiptHandle! }));
          }
        }
        busy = false;
      } catch (e) {
        busy = false;
        if (running) {
          opts.onError?.(e);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
    /** Resolves when the queue was found empty once after this call (for tests). */
    idle() {
      return new Promise<void>((resolve) => {
        if (!running) return resolve();
        waiters.push(resolve);
        void busy;
      });
    },
  };
}

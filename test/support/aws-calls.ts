import { cognitoClient, dynamo } from '../../functions/src/lib/aws';

let watchers = 0;

export interface AwsCall {
  service: 'cognito' | 'dynamodb';
  command: string;
  input: Record<string, unknown>;
}

/**
 * The Cognito and DynamoDB calls this process made while `act` ran, in order: what a request did,
 * seen from its own calls (deterministic, unlike timing it). Calls of other test files running
 * beside it in other workers are not seen (each worker has its own clients).
 */
export async function awsCallsDuring(act: () => Promise<unknown>): Promise<AwsCall[]> {
  const calls: AwsCall[] = [];
  const name = `awsCallsDuring${++watchers}`;
  const watch = (service: AwsCall['service']) => (next: (a: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: { input?: unknown }) => {
    calls.push({ service, command: String(context.commandName ?? '').replace(/Command$/, ''), input: (args.input ?? {}) as Record<string, unknown> });
    return next(args);
  };
  cognitoClient().middlewareStack.add(watch('cognito') as never, { step: 'initialize', name });
  dynamo().middlewareStack.add(watch('dynamodb') as never, { step: 'initialize', name });
  try {
    await act();
  } finally {
    cognitoClient().middlewareStack.remove(name);
    dynamo().middlewareStack.remove(name);
  }
  return calls;
}

/** The commands of `calls` made to one service, e.g. ['InitiateAuth']. */
export const commandsOf = (calls: AwsCall[], service: AwsCall['service']): string[] => calls.filter((c) => c.service === service).map((c) => c.command);

import { dynamo } from '../../functions/src/lib/aws';

let watchers = 0;
/**
 * The counters (ids, feed numbers) this process moved while `act` ran, by counter name: what a
 * request used up, seen from its own calls. Files running beside it in other workers move the
 * same counters, so reading a counter before and after would count their numbers too.
 */
export async function countersMovedBy(act: () => Promise<unknown>): Promise<string[]> {
  const moved: string[] = [];
  const name = `countersMovedBy${++watchers}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      // (the document client's commands arrive here under their DynamoDB names, their keys as written)
      const pk = (args.input as { Key?: { pk?: unknown } }).Key?.pk;
      if (context.commandName === 'UpdateItemCommand' && typeof pk === 'string' && pk.startsWith('COUNTER#')) moved.push(pk.slice('COUNTER#'.length));
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await act();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
  return moved;
}

import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_FAILURE_LIMIT, LOGIN_LOCK_MINUTES } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { dynamo } from '../lib/aws';
import { getItem, keys, nowEpoch, table } from '../lib/db';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Server-side throttling of failed sign-ins (and reset-key guesses) for one email: after
 * LOGIN_FAILURE_LIMIT failures within LOGIN_LOCK_MINUTES the email is locked for that long.
 */
interface Failures {
  count: number;
  windowStart: number;
  lockedUntil?: number;
}

export async function assertNotLocked(email: string): Promise<void> {
  const f = await getItem<Failures & Record<string, unknown>>(keys.loginFailures(email));
  if (f?.lockedUntil && f.lockedUntil > nowEpoch()) throw new TooManyRequestsError(MSG.tooManyFailedSignIns);
}

export async function recordFailure(email: string): Promise<void> {
  const now = nowEpoch();
  const window = LOGIN_LOCK_MINUTES * 60;
  const f = await getItem<Failures & Record<string, unknown>>(keys.loginFailures(email));
  const fresh = !f || now - f.windowStart > window;
  const count = fresh ? 1 : f.count + 1;
  const lockedUntil = count >= LOGIN_FAILURE_LIMIT ? now + window : undefined;
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.loginFailures(email),
      UpdateExpression: `SET #c = :c, windowStart = :w, #ttl = :ttl${lockedUntil ? ', lockedUntil = :l' : ''}`,
      ExpressionAttributeNames: { '#c': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':c': count,
        ':w': fresh ? now : f!.windowStart,
        ':ttl': now + 2 * window,
        ...(lockedUntil ? { ':l': lockedUntil } : {}),
      },
    }),
  );
}

export async function clearFailures(email: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.loginFailures(email) }));
}

import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_FAILURE_LIMIT, LOGIN_LOCK_MINUTES } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { dynamo } from '../lib/aws';
import { keys, nowEpoch, table } from '../lib/db';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Server-side throttling of password checks (sign-ins and reset-code guesses) for one email, and of
 * reset emails for one address. Counting is atomic (a conditional ADD in DynamoDB), so parallel
 * requests cannot read the same count and write it back: an attempt is taken before the password
 * or code is checked, and refused (429) once LOGIN_FAILURE_LIMIT failures are counted within the
 * window; whatever the interleaving, no more than that many wrong passwords are ever checked.
 *
 * The window opens at the first attempt and lasts LOGIN_LOCK_MINUTES; the attempt that reaches
 * the limit restarts it, so the email is locked for LOGIN_LOCK_MINUTES after its last failure. A
 * successful sign-in gives back only its own attempt: failures counted before it stay until their
 * window ends (a success in the middle of a guessing burst must not hand the guesser a fresh set
 * of checks). A successful reset (the owner of the mailbox chose a new password) clears them.
 */
const WINDOW_SECONDS = LOGIN_LOCK_MINUTES * 60;

/** Reset emails sent to one address at most RESET_EMAIL_LIMIT times within RESET_EMAIL_WINDOW_MINUTES. */
export const RESET_EMAIL_LIMIT = 3;
export const RESET_EMAIL_WINDOW_MINUTES = 15;

/** The reset emails sent to one address in the current window (the item lives beside the sign-in failures). */
const resetEmailsKey = (email: string) => ({ pk: `RESETMAIL#${email.toLowerCase()}`, sk: 'RESETMAIL' });

const isConditionFailure = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

/**
 * Count one use of `key` when fewer than `limit` are counted in its window (atomic); a window
 * older than `windowSeconds` starts again at 1. Answers the count after this one, or undefined when
 * the limit is reached.
 */
async function take(key: Record<string, string>, limit: number, windowSeconds: number): Promise<number | undefined> {
  const now = nowEpoch();
  const common = { TableName: table(), Key: key, ReturnValues: 'UPDATED_NEW' as const };
  const names = { '#c': 'count', '#ttl': 'ttl' };
  // two rounds: a window another request restarted between our two updates is counted into
  for (let round = 0; round < 2; round++) {
    try {
      const r = await dynamo().send(
        new UpdateCommand({
          ...common,
          UpdateExpression: 'SET windowStart = if_not_exists(windowStart, :now), #ttl = :ttl ADD #c :one',
          ConditionExpression: 'attribute_not_exists(#c) OR (windowStart > :floor AND #c < :limit)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':now': now, ':ttl': now + 2 * windowSeconds, ':one': 1, ':floor': now - windowSeconds, ':limit': limit },
        }),
      );
      return Number(r.Attributes?.count);
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    try {
      // the window is over: start a new one with this use
      await dynamo().send(
        new UpdateCommand({
          ...common,
          UpdateExpression: 'SET #c = :one, windowStart = :now, #ttl = :ttl',
          ConditionExpression: 'windowStart <= :floor',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':now': now, ':ttl': now + 2 * windowSeconds, ':one': 1, ':floor': now - windowSeconds },
        }),
      );
      return 1;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  return undefined;
}

/**
 * Take one attempt of the email before checking a password or reset code: refuses with 429 (the
 * spec's text) once the failures reach the limit. The attempt counts as a failure unless
 * `forgiveAttempt` gives it back.
 */
export async function takeAttempt(email: string): Promise<void> {
  const count = await take(keys.loginFailures(email), LOGIN_FAILURE_LIMIT, WINDOW_SECONDS);
  if (count === undefined) throw new TooManyRequestsError(MSG.tooManyFailedSignIns);
  if (count >= LOGIN_FAILURE_LIMIT) {
    // the limit is reached: lock for the whole window from now
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.loginFailures(email),
        UpdateExpression: 'SET windowStart = :now, #ttl = :ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': nowEpoch(), ':ttl': nowEpoch() + 2 * WINDOW_SECONDS },
      }),
    );
  }
}

/** The attempt succeeded: give it back (the failures before it stay counted). */
export async function forgiveAttempt(email: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.loginFailures(email),
        UpdateExpression: 'ADD #c :minus',
        ConditionExpression: '#c > :zero',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e; // a window restarted meanwhile: nothing of ours to give back
  }
}

export async function clearFailures(email: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.loginFailures(email) }));
}

/**
 * May a reset email go to this address now? Counts it (atomic) when it may. Every address is
 * counted, known or not, so the count itself tells nothing.
 */
export async function takeResetEmail(email: string): Promise<boolean> {
  return (await take(resetEmailsKey(email), RESET_EMAIL_LIMIT, RESET_EMAIL_WINDOW_MINUTES * 60)) !== undefined;
}

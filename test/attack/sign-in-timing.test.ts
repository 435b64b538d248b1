import { describe, expect, it } from 'vitest';
import { awsCallsDuring, type AwsCall } from '../support/aws-calls';
import { invoke } from '../support/invoke';
import { createTestUser } from '../support/users';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/src/lib/aws';
import { keys, table } from '../../functions/src/lib/db';

/**
 * Issue 26 item 6: sign-in and reset for an unknown email answered measurably faster than for a
 * known one (no password check, no Cognito call). Not timed here (wall-clock thresholds are flaky):
 * each path's calls to Cognito and DynamoDB are recorded, and the unknown (and inactive) paths must
 * make the same calls as the known one, the password check included.
 */
const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2, 10)}@test.example.com`;

/** The calls' service and command, in order (their keys differ: the emails do). */
const shape = (calls: AwsCall[]) => calls.map((c) => `${c.service}:${c.command}`);

async function deactivate(objectId: number) {
  await dynamo().send(
    new UpdateCommand({ TableName: table(), Key: keys.user(objectId), UpdateExpression: 'SET isActive = :f', ExpressionAttributeValues: { ':f': false } }),
  );
}

describe('sign-in takes the same path for an unknown email', () => {
  it('checks a password with Cognito for an unknown email and an inactive user as for a wrong password', async () => {
    const known = await createTestUser('agent');
    const inactive = await createTestUser('agent');
    await deactivate(inactive.objectId);
    const login = (email: string) => awsCallsDuring(() => invoke({ method: 'POST', path: '/api/users/login', body: { email, password: 'Wrong#Pass1' } }));
    const wrong = await login(known.email);
    const unknown = await login(unknownEmail());
    const notActive = await login(inactive.email);
    expect(shape(wrong)).toContain('cognito:InitiateAuth');
    expect(shape(unknown)).toEqual(shape(wrong));
    expect(shape(notActive)).toEqual(shape(wrong));
  });
});

describe('reset takes the same path for an unknown email', () => {
  it('makes the same Cognito and DynamoDB calls for an unknown email and an inactive user as for a known one', async () => {
    const known = await createTestUser('agent');
    const inactive = await createTestUser('agent');
    await deactivate(inactive.objectId);
    const reset = (email: string) => awsCallsDuring(() => invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: email } }));
    const sent = await reset(known.email);
    const unknown = await reset(unknownEmail());
    const notActive = await reset(inactive.email);
    expect(shape(sent)).toContain('cognito:ForgotPassword');
    expect(shape(unknown)).toEqual(shape(sent));
    expect(shape(notActive)).toEqual(shape(sent));
  });
});

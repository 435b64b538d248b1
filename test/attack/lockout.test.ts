import { describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOGIN_FAILURE_LIMIT, LOGIN_LOCK_MINUTES } from '@eb/shared/constants';
import { dynamo } from '../../functions/src/lib/aws';
import { MSG } from '@eb/shared/messages';
import { getItem, keys, nowEpoch, table } from '../../functions/src/lib/db';
import { resetKey } from '../../functions/src/users/reset-key';
import { awsCallsDuring } from '../support/aws-calls';
import { invoke } from '../support/invoke';
import { createTestUser } from '../support/users';

/**
 * Issue 26 item 3: failed sign-ins (and reset-code guesses) are counted atomically, so that a burst
 * of parallel requests gets no more password (or code) checks than the limit allows, whatever the
 * interleaving, and the stored count is exact.
 */
const BURST = 50;

const failuresOf = async (email: string) => (await getItem<{ count: number }>(keys.loginFailures(email)))?.count;

describe('sign-in lockout under a burst', () => {
  it(`checks at most ${LOGIN_FAILURE_LIMIT} wrong passwords of ${BURST} parallel sign-ins (one of them right), and counts them exactly`, async () => {
    // Prepare
    const user = await createTestUser('admin');
    const passwords = Array.from({ length: BURST }, (_, i) => (i === BURST / 2 ? user.password : `Wrong#Pass${i}`));
    // Act
    let answers: Awaited<ReturnType<typeof invoke>>[] = [];
    const calls = await awsCallsDuring(async () => {
      answers = await Promise.all(passwords.map((password) => invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password } })));
    });
    // Assess
    const checked = calls.filter((c) => c.service === 'cognito' && c.command === 'InitiateAuth').map((c) => (c.input.AuthParameters as { PASSWORD: string }).PASSWORD);
    const wrongChecked = checked.filter((p) => p !== user.password);
    expect(wrongChecked).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(LOGIN_FAILURE_LIMIT);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.message).toBe(MSG.invalidCredentials);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body.message).toBe(MSG.tooManyFailedSignIns);
      expect(a.setCookies).toEqual([]);
    }
    expect(answers.every((a) => [200, 400, 429].includes(a.status))).toBe(true);
    // the right one signed in only if its password was checked
    expect(answers.filter((a) => a.status === 200)).toHaveLength(checked.includes(user.password) ? 1 : 0);
    expect(await failuresOf(user.email)).toBe(LOGIN_FAILURE_LIMIT);
    // and the email stays locked, even for the right password
    const after = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: user.password } });
    expect(after.status).toBe(429);
  });
});

describe('reset-code guesses under a burst', () => {
  it(`checks at most ${LOGIN_FAILURE_LIMIT} codes of ${BURST} parallel guesses, and counts them exactly`, async () => {
    // Prepare: a reset was asked for; the guesses have 7 digits, so none is the emailed 6-digit code
    const user = await createTestUser('admin');
    expect((await invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: user.email } })).status).toBe(204);
    const keysGuessed = Array.from({ length: BURST }, (_, i) => resetKey(user.email, String(1_000_000 + i)));
    // Act
    let answers: Awaited<ReturnType<typeof invoke>>[] = [];
    const calls = await awsCallsDuring(async () => {
      answers = await Promise.all(keysGuessed.map((key) => invoke({ method: 'POST', path: '/api/users/SetPassword', body: { newPassword: 'Fresh#Pass9', key } })));
    });
    // Assess
    const codesChecked = calls.filter((c) => c.service === 'cognito' && c.command === 'ConfirmForgotPassword');
    expect(codesChecked.length).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(codesChecked.length);
    for (const a of refused) expect(a.body.message).toBe(MSG.resetLinkInvalid);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(BURST - codesChecked.length);
    expect(codesChecked).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(await failuresOf(user.email)).toBe(LOGIN_FAILURE_LIMIT);
  });
});

describe('the lockout window', () => {
  const login = (email: string, password: string) => invoke({ method: 'POST', path: '/api/users/login', body: { email, password } });
  const failuresSince = (email: string, count: number, windowStart: number) =>
    dynamo().send(new PutCommand({ TableName: table(), Item: { ...keys.loginFailures(email), count, windowStart, ttl: nowEpoch() + 3600 } }));

  it('refuses the right password while the failures of the window reach the limit', async () => {
    const user = await createTestUser('agent');
    await failuresSince(user.email, LOGIN_FAILURE_LIMIT, nowEpoch() - LOGIN_LOCK_MINUTES * 60 + 30);
    expect((await login(user.email, user.password)).status).toBe(429);
  });

  it('lets the email in again once the window of its failures is over', async () => {
    const user = await createTestUser('agent');
    await failuresSince(user.email, LOGIN_FAILURE_LIMIT, nowEpoch() - LOGIN_LOCK_MINUTES * 60 - 1);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('keeps the failures before a successful sign-in counted (it gives back only its own attempt)', async () => {
    const user = await createTestUser('agent');
    expect((await login(user.email, 'Wrong#Pass1')).status).toBe(400);
    expect((await login(user.email, 'Wrong#Pass2')).status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect(await failuresOf(user.email)).toBe(2);
  });
});

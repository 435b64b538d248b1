import { readdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { RESET_EMAIL_LIMIT } from '../../functions/src/users/throttle';
import { awsCallsDuring } from '../support/aws-calls';
import { invoke } from '../support/invoke';
import { createTestUser } from '../support/users';

/**
 * Issue 26 item 6: reset emails are limited per address (8 went to one address within seconds).
 * Over the limit the answer is the same neutral 204, and nothing is sent.
 */
const REQUESTS = 8;
const external = inject('stack').external;
const emailsTo = (email: string) => readdirSync(inject('stack').outboxDir).filter((f) => f.endsWith('.json') && f.includes(email)).length;
const reset = (email: string) => invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: email } });

describe('reset emails per address', () => {
  it.skipIf(external)(`sends at most ${RESET_EMAIL_LIMIT} of ${REQUESTS} requests in a row, answering each alike`, async () => {
    const user = await createTestUser('agent');
    const answers = [];
    for (let i = 0; i < REQUESTS; i++) answers.push(await reset(user.email));
    expect(answers.map((a) => a.status)).toEqual(Array(REQUESTS).fill(204));
    expect(answers.every((a) => a.body === undefined && a.setCookies.length === 0)).toBe(true);
    expect(emailsTo(user.email)).toBe(RESET_EMAIL_LIMIT);
  });

  it(`asks Cognito to send at most ${RESET_EMAIL_LIMIT} of ${REQUESTS} parallel requests`, async () => {
    const user = await createTestUser('agent');
    let statuses: number[] = [];
    const calls = await awsCallsDuring(async () => {
      statuses = (await Promise.all(Array.from({ length: REQUESTS }, () => reset(user.email)))).map((a) => a.status);
    });
    expect(statuses).toEqual(Array(REQUESTS).fill(204));
    const sends = calls.filter((c) => c.service === 'cognito' && c.command === 'ForgotPassword' && c.input.Username === user.email);
    expect(sends).toHaveLength(RESET_EMAIL_LIMIT);
  });

  it('answers an unknown address over the limit alike', async () => {
    const email = `nobody-${Math.random().toString(36).slice(2, 10)}@test.example.com`;
    for (let i = 0; i < REQUESTS; i++) expect((await reset(email)).status).toBe(204);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, dynamo } from '../../functions/src/lib/aws';
import { config } from '../../functions/src/lib/config';
import { keys, table } from '../../functions/src/lib/db';
import { cookiesOf, invoke } from '../support/invoke';
import { createTestUser, signedIn, signedInBeforeAll } from '../support/users';

/**
 * Issue 26 item 2: a new password (set by an administrator or by a reset link) and a deactivation
 * end the user's sessions, including the refresh cookie alone (which renews an access cookie for up
 * to 12 h). Each case replays the refresh cookie of a session started before the change.
 */
const ACCESS = '__Host-eb-at';
const REFRESH = '__Host-eb-rt';
const NEW_PASSWORD = 'Fresh#Pass9';

const [admin] = signedInBeforeAll('superAdmin');

/** Renew with the refresh cookie alone (the access cookie expired or is gone). */
const renew = (refreshToken: string) => invoke({ method: 'GET', path: '/api/users/GetCurrentUser', cookies: { [REFRESH]: refreshToken } });

async function userDto(id: number) {
  const r = await admin.get('/api/users/Get', { id });
  expect(r.status).toBe(200);
  return r.body as { objectId: number; firstName: string; lastName: string; email: string; type: string; isActive: boolean; agentCode: string | null; version: number };
}

async function update(id: number, changes: Record<string, unknown>) {
  const u = await userDto(id);
  const body = { firstName: u.firstName, lastName: u.lastName, email: u.email, type: u.type, isActive: u.isActive, agentCode: u.agentCode, version: u.version, ...changes };
  const r = await admin.put('/api/users/Update', body, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/**
 * Access tokens issued up to the second of a change are refused by their issue time; a renewal a
 * second or more later gets a token issued after it. Instead of waiting for that second, move the
 * user's cut-off back: as if the change had been made a minute ago.
 */
async function asIfChangedAMinuteAgo(objectId: number) {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET tokensValidAfter = :t',
      ExpressionAttributeValues: { ':t': Math.floor(Date.now() / 1000) - 60 },
    }),
  );
}

/** A signed-in user's refresh cookie, checked to renew before the change. */
async function refreshCookieOf(type: 'agent' | 'viewOnly' | 'admin' = 'agent') {
  const { user, session } = await signedIn(type);
  const rt = session.cookies[REFRESH]!;
  expect((await renew(rt)).status).toBe(200);
  return { user, rt };
}

describe('refresh-cookie sessions end when the password changes or the user is deactivated', () => {
  it('refuses an old refresh cookie after an administrator sets a new password (users/Update)', async () => {
    const { user, rt } = await refreshCookieOf();
    await update(user.objectId, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    await asIfChangedAMinuteAgo(user.objectId);
    const r = await renew(rt);
    expect(r.status).toBe(401);
    expect(cookiesOf(r.setCookies)[REFRESH]).toBe('');
  });

  it('ends the old refresh token at Cognito too (global sign-out)', async () => {
    const { user, rt } = await refreshCookieOf();
    await update(user.objectId, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    const atCognito = cognitoClient().send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId, AuthParameters: { REFRESH_TOKEN: rt } }),
    );
    await expect(atCognito).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it.skipIf(inject('stack').external)('refuses an old refresh cookie after a reset link sets a new password (SetPassword)', async () => {
    const { user, rt } = await refreshCookieOf();
    expect((await invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: user.email } })).status).toBe(204);
    const key = latestLink(user.email).split('/login/')[1]!;
    const set = await invoke({ method: 'POST', path: '/api/users/SetPassword', body: { newPassword: NEW_PASSWORD, key } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await renew(rt)).status).toBe(401);
    // the session the reset started renews
    expect((await renew(cookiesOf(set.setCookies)[REFRESH]!)).status).toBe(200);
  });

  it('refuses an old refresh cookie after a deactivation (users/UserDeacivate), also once the user is active again', async () => {
    const { user, rt } = await refreshCookieOf();
    expect((await admin.put('/api/users/UserDeacivate', {}, { id: user.objectId })).status).toBe(200);
    expect((await renew(rt)).status).toBe(401);
    await update(user.objectId, { isActive: true });
    await asIfChangedAMinuteAgo(user.objectId);
    expect((await renew(rt)).status).toBe(401);
  });

  it('refuses an old refresh cookie after a deactivation by users/Update, also once the user is active again', async () => {
    const { user, rt } = await refreshCookieOf('viewOnly');
    await update(user.objectId, { isActive: false });
    await update(user.objectId, { isActive: true });
    await asIfChangedAMinuteAgo(user.objectId);
    expect((await renew(rt)).status).toBe(401);
  });

  it('keeps a session started after the change, and sessions of other users', async () => {
    const other = await refreshCookieOf();
    const user = await createTestUser('agent');
    await update(user.objectId, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    await asIfChangedAMinuteAgo(user.objectId);
    const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: NEW_PASSWORD } });
    expect(r.status).toBe(200);
    const fresh = cookiesOf(r.setCookies);
    expect(fresh[ACCESS]).toMatch(/^eyJ/);
    expect((await renew(fresh[REFRESH]!)).status).toBe(200);
    expect((await renew(other.rt)).status).toBe(200);
  });

  it('keeps an administrator who set their own password signed in, and ends their older sessions', async () => {
    const { user, session } = await signedIn('superAdmin');
    const older = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: user.password } });
    const olderRt = cookiesOf(older.setCookies)[REFRESH]!;
    const u = (await session.get('/api/users/Get', { id: user.objectId })).body;
    const r = await session.put('/api/users/Update', { ...u, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { id: user.objectId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await renew(session.cookies[REFRESH]!)).status).toBe(200);
    expect((await renew(olderRt)).status).toBe(401);
  });
});

function latestLink(email: string): string {
  const dir = inject('stack').outboxDir;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f.includes(email)).sort();
  if (!files.length) throw new Error(`no email for ${email}`);
  return JSON.parse(readFileSync(path.join(dir, files[files.length - 1]!), 'utf8')).link;
}

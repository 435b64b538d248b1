import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT } from '@eb/shared/constants';
import { MSG } from '@eb/shared/messages';
import { cookiesOf, invoke, Session } from '../../../test/support/invoke';
import { createTestUser, signedInBeforeAll } from '../../../test/support/users';
import { dynamo } from '../lib/aws';
import { keys, table } from '../lib/db';

const ACCESS = '__Host-eb-at';
const REFRESH = '__Host-eb-rt';

describe('users/login', () => {
  it('sets the session in __Host- cookies that are Secure, HttpOnly and SameSite=Strict, never in the body', async () => {
    // Prepare
    const user = await createTestUser('admin');
    // Act
    const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: user.password } });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: user.email, firstName: 'Test', userType: 'admin', isActive: true });
    expect(r.body.lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(r.body)).not.toMatch(/eyJ/);
    const names = r.setCookies.map((c) => c.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining([ACCESS, REFRESH]));
    for (const c of r.setCookies) {
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; SameSite=Strict/);
      expect(c).toMatch(/; Path=\//);
      expect(c).not.toMatch(/Domain=/i);
    }
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const user = await createTestUser('viewOnly');
    const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: `  ${user.email.toUpperCase()} `, password: user.password } });
    expect(r.status).toBe(200);
  });

  it('answers a wrong password and an unknown email alike, with the spec text', async () => {
    const user = await createTestUser('admin');
    const wrong = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: 'Wrong#Pass1' } });
    const unknown = await invoke({ method: 'POST', path: '/api/users/login', body: { email: 'nobody@test.example.com', password: 'Wrong#Pass1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG.invalidCredentials);
    expect(wrong.setCookies).toEqual([]);
  });

  it('refuses a malformed email with the spec text and no session', async () => {
    const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: 'not-an-email', password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.invalidEmail);
    expect(r.body.fieldErrors.email).toBe(MSG.invalidEmail);
  });

  it('locks an email after repeated failures, even for the right password', async () => {
    // Prepare
    const user = await createTestUser('admin');
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: `Wrong#Pass${i}` } });
      expect(r.status).toBe(400);
    }
    // Act
    const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: user.password } });
    // Assess
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(MSG.tooManyFailedSignIns);
    expect(r.setCookies).toEqual([]);
  });

  it('refuses an inactive user at sign-in', async () => {
    const user = await createTestUser('admin');
    await setActive(user.objectId, false);
    const r = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: user.password } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.invalidCredentials);
  });
});

describe('CSRF protection', () => {
  it('refuses a cross-site POST and changes nothing', async () => {
    const user = await createTestUser('admin');
    const r = await invoke({
      method: 'POST',
      path: '/api/users/login',
      body: { email: user.email, password: user.password },
      headers: { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MSG.crossSite);
    expect(r.setCookies).toEqual([]);
  });

  it('refuses a state-changing request with neither Origin nor Sec-Fetch-Site', async () => {
    const r = await invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: 'a@b.co' }, noOrigin: true });
    expect(r.status).toBe(403);
  });

  it('refuses a form-encoded POST (not JSON)', async () => {
    const r = await invoke({
      method: 'POST',
      path: '/api/users/login',
      body: 'email=a%40b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(415);
  });
});

describe('session', () => {
  // a user each: their sessions log out, end with the user's deactivation or are forged
  const [reader, leaving, deactivated, forger, refreshed] = signedInBeforeAll('agent', 'admin', 'admin', 'admin', 'admin');
  it('answers the current user from the cookie, and 401 without one', async () => {
    const session = reader;
    const { user } = session;
    const me = await session.get('/api/users/GetCurrentUser');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ objectId: user.objectId, userType: 'agent' });
    const anonymous = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser' });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a request made with the cookies of a session that logged out', async () => {
    // Prepare
    const session = leaving;
    const stolen = { ...session.cookies };
    // Act
    const out = await session.del('/api/users/Logout');
    const replay = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', cookies: stolen });
    const accessOnly = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', cookies: { [ACCESS]: stolen[ACCESS]! } });
    // Assess
    expect(out.status).toBe(204);
    expect(cookiesOf(out.setCookies)).toEqual({ [ACCESS]: '', [REFRESH]: '' });
    expect(replay.status).toBe(401);
    expect(accessOnly.status).toBe(401);
  });

  it('refuses an inactive user on the very next call', async () => {
    const session = deactivated;
    const { user } = session;
    expect((await session.get('/api/users/GetCurrentUser')).status).toBe(200);
    await setActive(user.objectId, false);
    const r = await session.get('/api/users/GetCurrentUser');
    expect(r.status).toBe(401);
    expect(cookiesOf(r.setCookies)[ACCESS]).toBe('');
  });

  it('refuses a forged token', async () => {
    const session = forger;
    const [h, p] = session.cookies[ACCESS]!.split('.');
    const forged = `${h}.${p}.${'A'.repeat(342)}`;
    const r = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', cookies: { [ACCESS]: forged } });
    expect(r.status).toBe(401);
  });

  it('refreshes an expired access token from the refresh cookie', async () => {
    const session = refreshed;
    const expired = { [ACCESS]: 'garbage', [REFRESH]: session.cookies[REFRESH]! };
    // a garbage access token is not "expired": refused
    expect((await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', cookies: expired })).status).toBe(401);
    // no access token at all: the refresh cookie starts a new one
    const r = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', cookies: { [REFRESH]: session.cookies[REFRESH]! } });
    expect(r.status).toBe(200);
    expect(cookiesOf(r.setCookies)[ACCESS]).toMatch(/^eyJ/);
  });
});

describe('reset password', () => {
  const external = inject('stack').external;

  it.skipIf(external)('emails a one-time link that sets a new password and signs the user in', async () => {
    // Prepare
    const user = await createTestUser('admin');
    const old = new Session();
    await old.post('/api/users/login', { email: user.email, password: user.password });
    // Act: request the link
    const req = await invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: user.email } });
    const link = latestLink(user.email);
    const key = link.split('/login/')[1]!;
    const set = await invoke({ method: 'POST', path: '/api/users/SetPassword', body: { newPassword: 'Fresh#Pass9', key } });
    const again = await invoke({ method: 'POST', path: '/api/users/SetPassword', body: { newPassword: 'Other#Pass9', key } });
    const oldSession = await old.get('/api/users/GetCurrentUser');
    const withNew = await invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: 'Fresh#Pass9' } });
    // Assess
    expect(req.status).toBe(204);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/login\/[\w-]+\.\d+$/);
    expect(set.status).toBe(200);
    expect(set.body.email).toBe(user.email);
    expect(cookiesOf(set.setCookies)[ACCESS]).toMatch(/^eyJ/);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.resetLinkInvalid);
    expect(oldSession.status).toBe(401);
    expect(withNew.status).toBe(200);
  });

  it('refuses a weak password with the spec text', async () => {
    const r = await invoke({ method: 'POST', path: '/api/users/SetPassword', body: { newPassword: 'weakpass', key: 'abc.123456' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.passwordRule);
    expect(r.body.fieldErrors.newPassword).toBe(MSG.passwordRule);
  });

  it('refuses a made-up key', async () => {
    const user = await createTestUser('admin');
    const key = `${Buffer.from(user.email).toString('base64url')}.123456`;
    const r = await invoke({ method: 'POST', path: '/api/users/SetPassword', body: { newPassword: 'Fresh#Pass9', key } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG.resetLinkInvalid);
  });

  it('answers 204 for an unknown email and sends nothing', async () => {
    const r = await invoke({ method: 'POST', path: '/api/users/ResetPassword', body: { userName: 'ghost@test.example.com' } });
    expect(r.status).toBe(204);
    expect(() => latestLink('ghost@test.example.com')).toThrow();
  });
});

function latestLink(email: string): string {
  const dir = inject('stack').outboxDir;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f.includes(email)).sort();
  if (!files.length) throw new Error(`no email for ${email}`);
  return JSON.parse(readFileSync(path.join(dir, files[files.length - 1]!), 'utf8')).link;
}

async function setActive(objectId: number, isActive: boolean) {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.user(objectId),
      UpdateExpression: 'SET isActive = :a',
      ExpressionAttributeValues: { ':a': isActive },
    }),
  );
}

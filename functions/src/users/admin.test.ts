import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { invoke, Session, type InvokeResult } from '../../../test/support/invoke';
import { signedInAsEach, signedInBeforeAll } from '../../../test/support/users';
import { dynamo } from '../lib/aws';
import { getItem, keys, table } from '../lib/db';

/**
 * User Administration against the emulators: DynamoDB Local (profile, lookups, change log, list
 * feed) and cognito-local (sign-in). Every user of a test has its own marker in the email, so the
 * tests never see each other's users in the list.
 */
const PASSWORD = 'Admin#Pass1';
const NEW_PASSWORD = 'Fresh#Pass2';
/** User types travel as their codes (the README's reference-value convention). */
const ROLE = { admin: 'admin', superAdmin: 'superAdmin', viewOnly: 'viewOnly', agent: 'agent' } as const;
/** The `userTypes` objectIds, which older clients send and older profiles hold. */
const ROLE_ID = { admin: 1, superAdmin: 2, viewOnly: 3, agent: 4 } as const;

const [admin] = signedInBeforeAll('superAdmin');

const marker = () => `m${randomUUID().slice(0, 8)}`;

function userBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jane',
    lastName: 'Doe',
    email: `jane.${marker()}@test.example.com`,
    type: ROLE.viewOnly,
    agentCode: 'AG-1',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...overrides,
  };
}

async function createUser(overrides: Record<string, unknown> = {}) {
  const r = await admin.post('/api/users/Create', userBody(overrides));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { objectId: number; email: string; version: number; firstName: string; lastName: string; type: string; isActive: boolean; agentCode: string | null };
}

/** The body of an Update that changes only what `changes` says. */
function updateBody(user: Awaited<ReturnType<typeof createUser>>, changes: Record<string, unknown> = {}) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    type: user.type,
    isActive: user.isActive,
    agentCode: user.agentCode,
    version: user.version,
    ...changes,
  };
}

const login = (email: string, password: string) => invoke({ method: 'POST', path: '/api/users/login', body: { email, password } });

async function signIn(email: string, password = PASSWORD) {
  const s = new Session(email);
  const r = await s.post('/api/users/login', { email, password });
  expect(r.status).toBe(200);
  return s;
}

const logOf = async (id: number) => (await admin.get('/api/users/ChangeLogs', { id })).body as Array<Record<string, unknown>>;
const list = (body: Record<string, unknown>, query: Record<string, string | number | boolean> = {}) =>
  admin.post('/api/users/GetList', body, query) as Promise<InvokeResult>;

describe('user administration access', () => {
  const as = signedInAsEach('agent', 'viewOnly', 'admin');
  const calls: [string, string, unknown, Record<string, number>?][] = [
    ['POST', '/api/users/GetList', {}],
    ['GET', '/api/users/Get', undefined, { id: 1 }],
    ['POST', '/api/users/Create', {}],
    ['PUT', '/api/users/Update', {}, { id: 1 }],
    ['DELETE', '/api/users/Delete', {}, { id: 1 }],
    ['PUT', '/api/users/UserDeacivate', {}, { id: 1 }],
    ['GET', '/api/users/ChangeLogs', undefined],
  ];

  it.each(['agent', 'viewOnly', 'admin'] as const)('refuses every call to a signed-in %s with 403 and changes nothing', async (type) => {
    // Prepare
    const session = as[type];
    const target = await createUser();
    // Act
    const statuses: number[] = [];
    for (const [method, path, body, query] of calls) {
      const q = query ? { id: target.objectId } : undefined;
      statuses.push((await session.call({ method, path, body, query: q })).status);
    }
    // Assess
    expect(statuses).toEqual(calls.map(() => 403));
    const after = await admin.get('/api/users/Get', { id: target.objectId });
    expect(after.body).toMatchObject({ isActive: true, version: 1 });
  });

  it('refuses every call without a session with 401', async () => {
    const statuses: number[] = [];
    for (const [method, path, body, query] of calls) statuses.push((await invoke({ method, path, body, query })).status);
    expect(statuses).toEqual(calls.map(() => 401));
  });

  it('lets a superAdmin (the Admin role) list users', async () => {
    const r = await list({});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ data: expect.any(Array), totalCount: expect.any(Number) });
  });
});

describe('users/Create', () => {
  it('creates an active user who can sign in, logged as created by the admin', async () => {
    // Prepare
    const body = userBody({ email: `  New.${marker()}@Test.Example.com ` });
    // Act
    const r = await admin.post('/api/users/Create', body);
    // Assess
    expect(r.status).toBe(200);
    const email = body.email.trim().toLowerCase();
    expect(r.body).toEqual({
      objectId: expect.any(Number),
      firstName: 'Jane',
      lastName: 'Doe',
      email,
      type: ROLE.viewOnly,
      isActive: true,
      agentCode: 'AG-1',
      lastLoginTime: null,
      version: 1,
    });
    expect(JSON.stringify(r.body)).not.toContain(PASSWORD);
    expect((await login(email, PASSWORD)).status).toBe(200);
    const log = await logOf(r.body.objectId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'added', entity: 'user', entityId: r.body.objectId, actionUser: admin.name, entityName: 'Jane Doe' });
  });

  it('creates an inactive user who cannot sign in when the status says so', async () => {
    const u = await createUser({ isActive: false });
    expect(u.isActive).toBe(false);
    expect((await login(u.email, PASSWORD)).status).toBe(400);
  });

  it('refuses an email already used, in any case, with the spec text and keeps the first user', async () => {
    // Prepare
    const first = await createUser();
    // Act
    const r = await admin.post('/api/users/Create', userBody({ email: first.email.toUpperCase(), firstName: 'Other' }));
    // Assess
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MSG.userEmailExists);
    expect((await admin.get('/api/users/Get', { id: first.objectId })).body.firstName).toBe('Jane');
    expect((await login(first.email, PASSWORD)).status).toBe(200);
  });

  it.each([
    ['firstName', { firstName: 'Jane!' }, MSG.nameRule],
    ['firstName', { firstName: '   ' }, MSG.nameRule],
    ['lastName', { lastName: 'x'.repeat(101) }, MSG.nameRule],
    ['email', { email: 'not-an-email' }, MSG.invalidEmail],
    ['email', { email: `${'a'.repeat(195)}@x.com` }, MSG.invalidEmail],
    ['password', { password: 'weakpass', confirmPassword: 'weakpass' }, MSG.passwordRule],
    ['password', { password: '', confirmPassword: '' }, MSG.passwordRule],
    ['password', { password: undefined, confirmPassword: undefined }, MSG.passwordRule],
    ['confirmPassword', { confirmPassword: 'Other#Pass1' }, MSG.passwordMismatch],
    ['type', { type: 9 }, MSG.required],
    ['type', { type: undefined }, MSG.required],
    ['agentCode', { agentCode: 'x'.repeat(31) }, MSG.identifierRule],
  ])('refuses a bad %s with its message (%j) and creates nothing', async (field, change, message) => {
    // Prepare
    const body = userBody(change);
    // Act
    const r = await admin.post('/api/users/Create', body);
    // Assess
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[field]).toBe(message);
    if (typeof body.email === 'string' && body.email.includes('@test.example.com')) {
      expect(await getItem(keys.userEmail(body.email.toLowerCase()))).toBeUndefined();
    }
  });
});

describe('users/Get', () => {
  it('answers the user with its version, 404 for an unknown id and 400 for a malformed one', async () => {
    const u = await createUser();
    const r = await admin.get('/api/users/Get', { id: u.objectId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ objectId: u.objectId, email: u.email, version: 1, isActive: true });
    expect((await admin.get('/api/users/Get', { id: 987654321 })).status).toBe(404);
    expect((await admin.get('/api/users/Get', { id: 'abc' })).status).toBe(400);
  });
});

describe('user types as codes', () => {
  it('reads a user-type objectId sent to Create or Update as its code', async () => {
    // Prepare
    const body = userBody({ type: ROLE_ID.agent });
    // Act
    const created = await admin.post('/api/users/Create', body);
    const updated = await admin.put('/api/users/Update', updateBody(created.body, { type: ROLE_ID.viewOnly }), { id: created.body.objectId });
    // Assess
    expect(created.status).toBe(200);
    expect(created.body.type).toBe(ROLE.agent);
    expect(updated.status).toBe(200);
    expect(updated.body.type).toBe(ROLE.viewOnly);
    expect((await getItem<{ type: unknown }>(keys.user(created.body.objectId)))?.type).toBe(ROLE.viewOnly);
  });

  it('answers a profile stored with a user-type objectId (before the convention) with its code', async () => {
    // Prepare: a profile as an older version stored it
    const u = await createUser({ type: ROLE.admin });
    await dynamo().send(
      new UpdateCommand({ TableName: table(), Key: keys.user(u.objectId), UpdateExpression: 'SET #t = :t', ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':t': ROLE_ID.admin } }),
    );
    // Act
    const got = await admin.get('/api/users/Get', { id: u.objectId });
    // Assess
    expect(got.status).toBe(200);
    expect(got.body.type).toBe(ROLE.admin);
  });
});

describe('users/Update', () => {
  it('saves the changed fields with one change-log entry per changed field', async () => {
    // Prepare
    const u = await createUser();
    // Act
    const r = await admin.put('/api/users/Update', updateBody(u, { firstName: 'Janet', type: ROLE.agent, agentCode: '' }), { id: u.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ firstName: 'Janet', type: ROLE.agent, agentCode: null, version: 2 });
    const log = await logOf(u.objectId);
    const updated = log.filter((e) => e.action === 'updated');
    expect(updated.map((e) => [e.fieldName, e.oldValue, e.newValue])).toEqual([
      ['firstName', 'Jane', 'Janet'],
      ['type', ROLE.viewOnly, ROLE.agent],
      ['agentCode', 'AG-1', null],
    ]);
    expect(new Set(updated.map((e) => e.eventId)).size).toBe(1);
    expect(updated[0]).toMatchObject({ actionUser: admin.name, entityId: u.objectId });
  });

  it('writes nothing, log included, when nothing changed', async () => {
    const u = await createUser();
    const r = await admin.put('/api/users/Update', updateBody(u, { password: '', confirmPassword: '' }), { id: u.objectId });
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(1);
    expect(await logOf(u.objectId)).toHaveLength(1);
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    // Prepare
    const u = await createUser();
    const first = await admin.put('/api/users/Update', updateBody(u, { lastName: 'First' }), { id: u.objectId });
    expect(first.status).toBe(200);
    // Act: a second edit made from the version both read
    const stale = await admin.put('/api/users/Update', updateBody(u, { lastName: 'Second', email: `moved.${marker()}@test.example.com`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), {
      id: u.objectId,
    });
    // Assess
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(MSG.staleVersion);
    const now = await admin.get('/api/users/Get', { id: u.objectId });
    expect(now.body).toMatchObject({ lastName: 'First', email: u.email, version: 2 });
    expect((await logOf(u.objectId)).filter((e) => e.action === 'updated')).toHaveLength(1);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
  });

  it('moves the sign-in to a new email: the new one signs in, the old one is free', async () => {
    // Prepare
    const u = await createUser();
    const email = `renamed.${marker()}@test.example.com`;
    // Act
    const r = await admin.put('/api/users/Update', updateBody(u, { email: email.toUpperCase() }), { id: u.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body.email).toBe(email);
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(u.email, PASSWORD)).status).toBe(400);
    expect(await getItem(keys.userEmail(u.email))).toBeUndefined();
    expect((await getItem<{ objectId: number }>(keys.userEmail(email)))?.objectId).toBe(u.objectId);
    const entry = (await logOf(u.objectId)).find((e) => e.fieldName === 'email');
    expect(entry).toMatchObject({ oldValue: u.email, newValue: email });
    // the old email can be given to someone else
    expect((await admin.post('/api/users/Create', userBody({ email: u.email }))).status).toBe(200);
  });

  it("refuses to move a user onto another user's email with the spec text and changes nothing", async () => {
    // Prepare
    const a = await createUser();
    const b = await createUser();
    // Act
    const r = await admin.put('/api/users/Update', updateBody(b, { email: a.email, firstName: 'Changed' }), { id: b.objectId });
    // Assess
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(MSG.userEmailExists);
    expect((await admin.get('/api/users/Get', { id: b.objectId })).body).toMatchObject({ email: b.email, firstName: 'Jane', version: 1 });
    expect((await login(b.email, PASSWORD)).status).toBe(200);
    expect((await login(a.email, PASSWORD)).status).toBe(200);
    expect(await logOf(b.objectId)).toHaveLength(1);
  });

  it('sets a new password: the old one is refused, the new one works, open sessions end, and it is logged', async () => {
    // Prepare
    const u = await createUser();
    const session = await signIn(u.email);
    // Act
    const r = await admin.put('/api/users/Update', updateBody(u, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }), { id: u.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect((await login(u.email, PASSWORD)).status).toBe(400);
    expect((await session.get('/api/users/GetCurrentUser')).status).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
    const entry = (await logOf(u.objectId)).find((e) => e.action === 'updated');
    expect(entry).toMatchObject({ fieldName: 'passwordVersion', oldValue: '1', newValue: '2' });
    expect(JSON.stringify(await logOf(u.objectId))).not.toContain(NEW_PASSWORD);
  });

  it('keeps the password when none is typed, and refuses a password without its confirmation', async () => {
    const u = await createUser();
    const mismatch = await admin.put('/api/users/Update', updateBody(u, { password: NEW_PASSWORD }), { id: u.objectId });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors.confirmPassword).toBe(MSG.passwordMismatch);
    const weak = await admin.put('/api/users/Update', updateBody(u, { password: 'short', confirmPassword: 'short' }), { id: u.objectId });
    expect(weak.body.fieldErrors.password).toBe(MSG.passwordRule);
    const ok = await admin.put('/api/users/Update', updateBody(u, { lastName: 'Kept' }), { id: u.objectId });
    expect(ok.status).toBe(200);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
  });

  it("ends the user's sessions when the role changes", async () => {
    const u = await createUser({ type: ROLE.superAdmin });
    const session = await signIn(u.email);
    expect((await session.post('/api/users/GetList', {})).status).toBe(200);
    const r = await admin.put('/api/users/Update', updateBody(u, { type: ROLE.agent }), { id: u.objectId });
    expect(r.status).toBe(200);
    expect((await session.post('/api/users/GetList', {})).status).toBe(401);
    // tokens have one-second resolution: a session of the same second as the change is refused too
    await new Promise((r) => setTimeout(r, 1100));
    const again = await signIn(u.email);
    expect((await again.post('/api/users/GetList', {})).status).toBe(403);
  });

  it('deactivates through the status field and re-activates again', async () => {
    // Prepare
    const u = await createUser();
    const session = await signIn(u.email);
    // Act
    const off = await admin.put('/api/users/Update', updateBody(u, { isActive: false }), { id: u.objectId });
    const refusedSession = await session.get('/api/users/GetCurrentUser');
    const refusedLogin = await login(u.email, PASSWORD);
    const on = await admin.put('/api/users/Update', updateBody(u, { isActive: true, version: off.body.version }), { id: u.objectId });
    // Assess
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect(refusedSession.status).toBe(401);
    expect(refusedLogin.status).toBe(400);
    expect(refusedLogin.body.message).toBe(MSG.invalidCredentials);
    expect(on.status).toBe(200);
    expect((await login(u.email, PASSWORD)).status).toBe(200);
    const changes = (await logOf(u.objectId)).filter((e) => e.fieldName === 'isActive').map((e) => [e.oldValue, e.newValue]);
    expect(changes).toEqual([
      ['false', 'true'],
      ['true', 'false'],
    ]);
  });

  it('answers 404 for an unknown user', async () => {
    const u = await createUser();
    const r = await admin.put('/api/users/Update', updateBody(u), { id: 987654321 });
    expect(r.status).toBe(404);
  });
});

describe('an administrator and their own account', () => {
  const [demoted, renewed] = signedInBeforeAll('superAdmin', 'superAdmin');
  it('cannot deactivate, delete or demote themselves', async () => {
    // Prepare
    const { user } = demoted;
    const session = demoted;
    const self = (await session.get('/api/users/Get', { id: user.objectId })).body;
    // Act
    const deactivate = await session.put('/api/users/UserDeacivate', {}, { id: user.objectId });
    const viaUpdate = await session.put('/api/users/Update', { ...self, isActive: false }, { id: user.objectId });
    const demote = await session.put('/api/users/Update', { ...self, type: ROLE.admin }, { id: user.objectId });
    const del = await session.del('/api/users/Delete', {}, { id: user.objectId });
    // Assess
    expect([deactivate.status, viaUpdate.status, demote.status, del.status]).toEqual([400, 400, 400, 400]);
    expect(deactivate.body.message).toBe(MSG.cannotDeactivateSelf);
    expect(viaUpdate.body.message).toBe(MSG.cannotDeactivateSelf);
    expect(demote.body.message).toBe(MSG.cannotChangeOwnRole);
    expect(del.body.message).toBe(MSG.cannotDeleteSelf);
    expect((await session.get('/api/users/Get', { id: user.objectId })).body).toMatchObject({ isActive: true, type: ROLE.superAdmin, version: self.version });
  });

  it('stays signed in after setting their own password', async () => {
    const { user } = renewed;
    const session = renewed;
    const self = (await session.get('/api/users/Get', { id: user.objectId })).body;
    const r = await session.put('/api/users/Update', { ...self, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { id: user.objectId });
    expect(r.status).toBe(200);
    expect((await session.get('/api/users/GetCurrentUser')).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('users/UserDeacivate', () => {
  it("sets the user inactive: their session is refused on the next call, sign-in is refused, and it is logged", async () => {
    // Prepare
    const u = await createUser();
    const session = await signIn(u.email);
    expect((await session.get('/api/users/GetCurrentUser')).status).toBe(200);
    // Act
    const r = await admin.put('/api/users/UserDeacivate', {}, { id: u.objectId });
    // Assess
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ objectId: u.objectId, isActive: false, version: 2 });
    expect((await session.get('/api/users/GetCurrentUser')).status).toBe(401);
    expect((await login(u.email, PASSWORD)).status).toBe(400);
    const log = await logOf(u.objectId);
    expect(log[0]).toMatchObject({ action: 'updated', fieldName: 'isActive', oldValue: 'true', newValue: 'false', actionUser: admin.name });
    const row = (await list({ email: u.email })).body.data[0];
    expect(row).toMatchObject({ objectId: u.objectId, isActive: false });
  });

  it('changes nothing for a user already inactive', async () => {
    const u = await createUser();
    await admin.put('/api/users/UserDeacivate', {}, { id: u.objectId });
    const again = await admin.put('/api/users/UserDeacivate', {}, { id: u.objectId });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(2);
    expect(await logOf(u.objectId)).toHaveLength(2);
  });

  it('answers 404 for an unknown user and 400 without an id', async () => {
    expect((await admin.put('/api/users/UserDeacivate', {}, { id: 987654321 })).status).toBe(404);
    expect((await admin.put('/api/users/UserDeacivate', {})).status).toBe(400);
  });
});

describe('users/Delete', () => {
  it('removes the user: gone from the list, cannot sign in, session refused, email free again', async () => {
    // Prepare
    const u = await createUser();
    const session = await signIn(u.email);
    // Act
    const r = await admin.del('/api/users/Delete', {}, { id: u.objectId });
    // Assess
    expect(r.status).toBe(204);
    expect((await admin.get('/api/users/Get', { id: u.objectId })).status).toBe(404);
    expect((await list({ email: u.email })).body).toEqual({ data: [], totalCount: 0 });
    expect((await login(u.email, PASSWORD)).status).toBe(400);
    expect((await session.get('/api/users/GetCurrentUser')).status).toBe(401);
    expect((await logOf(u.objectId))[0]).toMatchObject({ action: 'deleted', actionUser: admin.name });
    const again = await admin.post('/api/users/Create', userBody({ email: u.email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(again.status).toBe(200);
    expect(again.body.objectId).not.toBe(u.objectId);
    expect((await login(u.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers 404 for a user already deleted', async () => {
    const u = await createUser();
    await admin.del('/api/users/Delete', {}, { id: u.objectId });
    expect((await admin.del('/api/users/Delete', {}, { id: u.objectId })).status).toBe(404);
  });
});

describe('users/GetList', () => {
  it('filters by email text and status, sorts both ways and pages with an exact count', async () => {
    // Prepare: five users sharing a marker, one of them inactive
    const m = marker();
    const names = ['Carter', 'adams', 'Baker', 'Evans', 'Diaz'];
    const users = [];
    for (const [i, lastName] of names.entries()) {
      users.push(await createUser({ lastName, email: `u${i}.${m}@test.example.com`, agentCode: `C${5 - i}` }));
    }
    await admin.put('/api/users/UserDeacivate', {}, { id: users[3]!.objectId });
    // Act
    const all = await list({ email: `  ${m.toUpperCase()} ` }, { orderBy: 'lastName Ascending', getTotalCount: true });
    const desc = await list({ email: m }, { orderBy: 'lastName Descending' });
    const page = await list({ email: m }, { orderBy: 'lastName Ascending', skip: 2, limit: 2, getTotalCount: true });
    const active = await list({ email: m, isActive: true }, { orderBy: 'agentCode Ascending' });
    const inactive = await list({ email: m, isActive: false });
    const everyone = await list({ email: m, isActive: null });
    // Assess
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(5);
    expect(all.body.data.map((u: { lastName: string }) => u.lastName)).toEqual(['adams', 'Baker', 'Carter', 'Diaz', 'Evans']);
    expect(desc.body.data.map((u: { lastName: string }) => u.lastName)).toEqual(['Evans', 'Diaz', 'Carter', 'Baker', 'adams']);
    expect(page.body.totalCount).toBe(5);
    expect(page.body.data.map((u: { lastName: string }) => u.lastName)).toEqual(['Carter', 'Diaz']);
    expect(active.body.totalCount).toBe(4);
    expect(active.body.data.map((u: { agentCode: string }) => u.agentCode)).toEqual(['C1', 'C3', 'C4', 'C5']);
    expect(inactive.body.data.map((u: { objectId: number }) => u.objectId)).toEqual([users[3]!.objectId]);
    expect(everyone.body.totalCount).toBe(5);
    expect(all.body.data[0]).toEqual({
      objectId: users[1]!.objectId,
      firstName: 'Jane',
      lastName: 'adams',
      email: `u1.${m}@test.example.com`,
      type: ROLE.viewOnly,
      isActive: true,
      agentCode: 'C4',
      lastLoginTime: null,
      version: 1,
    });
  });

  it('sorts by role name, status and last login time', async () => {
    const m = marker();
    const a = await createUser({ email: `a.${m}@test.example.com`, type: ROLE.viewOnly }); // View Only
    const b = await createUser({ email: `b.${m}@test.example.com`, type: ROLE.agent }); // Agent
    const c = await createUser({ email: `c.${m}@test.example.com`, type: ROLE.admin }); // Common
    await admin.put('/api/users/UserDeacivate', {}, { id: a.objectId });
    await login(b.email, PASSWORD);
    const ids = async (orderBy: string) => (await list({ email: m }, { orderBy })).body.data.map((u: { objectId: number }) => u.objectId);
    // by the role's name: Agent, Common, View Only
    expect(await ids('type Ascending')).toEqual([b.objectId, c.objectId, a.objectId]);
    expect(await ids('type Descending')).toEqual([a.objectId, c.objectId, b.objectId]);
    expect(await ids('isActive Descending')).toEqual([a.objectId, c.objectId, b.objectId]);
    expect((await ids('lastLoginTime Ascending'))[0]).toBe(b.objectId);
  });

  it('shows a user just created, and the new Last Login Time after a sign-in', async () => {
    // Prepare: the list is loaded (and cached) before the writes
    const m = marker();
    await list({ email: m });
    // Act
    const u = await createUser({ email: `fresh.${m}@test.example.com` });
    const afterCreate = await list({ email: m });
    await login(u.email, PASSWORD);
    const afterLogin = await list({ email: m });
    // Assess
    expect(afterCreate.body.data.map((r: { objectId: number }) => r.objectId)).toEqual([u.objectId]);
    expect(afterLogin.body.data[0].lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(afterLogin.body.data[0].version).toBe(1);
  });

  it('refuses an unknown sort field and a malformed page', async () => {
    expect((await list({}, { orderBy: 'password Ascending' })).status).toBe(400);
    expect((await list({}, { limit: -1 })).status).toBe(400);
    expect((await list({ isActive: 'yes' })).status).toBe(400);
  });
});

describe('users/ChangeLogs', () => {
  it("answers every user's events newest first, or one user's with ?id", async () => {
    const a = await createUser();
    const b = await createUser();
    await admin.put('/api/users/UserDeacivate', {}, { id: a.objectId });
    const all = (await admin.get('/api/users/ChangeLogs')).body as Array<{ entityId: number; action: string; actionDate: string }>;
    const mine = all.filter((e) => e.entityId === a.objectId || e.entityId === b.objectId);
    expect(mine.map((e) => [e.entityId, e.action])).toEqual([
      [a.objectId, 'updated'],
      [b.objectId, 'added'],
      [a.objectId, 'added'],
    ]);
    const one = await logOf(b.objectId);
    expect(one.map((e) => e.entityId)).toEqual([b.objectId]);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import type { UserType } from '@eb/shared/roles';
import { createUser } from '../../functions/src/users/repository';
import { Session } from './invoke';

export const TEST_PASSWORD = 'Test#Pass1';

/** A fresh user of a type, with a unique email (tests never share users). */
export async function createTestUser(type: UserType, overrides: { firstName?: string; lastName?: string; password?: string } = {}) {
  const email = `${type.toLowerCase()}-${randomUUID().slice(0, 8)}@test.example.com`;
  const password = overrides.password ?? TEST_PASSWORD;
  const user = await createUser({
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? type,
    email,
    password,
    type,
  });
  return { ...user, password };
}

/** A session signed in through users/login. */
export async function signedIn(type: UserType) {
  const user = await createTestUser(type);
  const s = new Session(user.email);
  const r = await s.post('/api/users/login', { email: user.email, password: user.password });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { user, session: s };
}

export type TestUser = Awaited<ReturnType<typeof createTestUser>>;

/** A session that signs in before the file's tests (see signedInBeforeAll); its user is known then. */
export class SignedInSession extends Session {
  user!: TestUser;
  /** The user's name as the change log and the records' user fields write it ("First Last"). */
  get name(): string {
    return `${this.user.firstName} ${this.user.lastName}`;
  }
  async signIn(type: UserType): Promise<void> {
    this.user = await createTestUser(type);
    this.email = this.user.email;
    const r = await this.post('/api/users/login', { email: this.user.email, password: this.user.password });
    if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/**
 * The handler tests' sign-in set-up: a session per user type, each a fresh user signed in through
 * users/login once before the file's (or the describe block's) tests, all at once:
 * `const [admin, agent] = signedInBeforeAll('superAdmin', 'agent');` then `admin.post(...)` in the tests.
 * Each session knows its user (`admin.user`, `admin.name`). Called inside a describe, its users sign in
 * before that block's tests only; a type named twice gives two users.
 */
export function signedInBeforeAll<const T extends readonly UserType[]>(...types: T): { [I in keyof T]: SignedInSession } {
  const sessions = types.map(() => new SignedInSession());
  beforeAll(async () => {
    await Promise.all(sessions.map((s, i) => s.signIn(types[i]!)));
  });
  return sessions as { [I in keyof T]: SignedInSession };
}

/**
 * signedInBeforeAll keyed by type, for tests over several types (`it.each(types)`):
 * `const as = signedInAsEach('agent', 'viewOnly');` then `as[type].get(...)` in the test.
 */
export function signedInAsEach<const T extends UserType>(...types: T[]): Record<T, SignedInSession> {
  const sessions = signedInBeforeAll(...types);
  return Object.fromEntries(types.map((t, i) => [t, sessions[i]])) as Record<T, SignedInSession>;
}

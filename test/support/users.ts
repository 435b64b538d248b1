import { randomUUID } from 'node:crypto';
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

import { normalizeEmail } from '@eb/shared/validation';
import { createUser, findUserByEmail } from '../../functions/src/users/repository';

/** The seeded admin (user type superAdmin: the 'Admin' role of the spec). Created once. */
export async function ensureSeedAdmin(email: string, password: string): Promise<void> {
  if (await findUserByEmail(normalizeEmail(email))) return;
  await createUser({ firstName: 'Local', lastName: 'Admin', email, password, type: 'superAdmin' });
}

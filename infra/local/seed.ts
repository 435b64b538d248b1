import { normalizeEmail } from '@eb/shared/formats';
import { createUser, ensureListed, findUserByEmail } from '../../functions/src/users/repository';

/**
 * The seeded admin (user type superAdmin: the 'Admin' role of the spec). Created once, by the
 * 'System' actor of the change log; a profile from an older data dir is stamped for the users list.
 */
export async function ensureSeedAdmin(email: string, password: string): Promise<void> {
  const existing = await findUserByEmail(normalizeEmail(email));
  if (existing) return ensureListed(existing.objectId);
  await createUser({ firstName: 'Local', lastName: 'Admin', email, password, type: 'superAdmin' });
}

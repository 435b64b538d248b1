import { toReferenceCode } from '@eb/shared/reference/codes';
import type { UserType } from '@eb/shared/roles';

/**
 * What every request reads of a user's profile item (USER#id, written by functions/src/users):
 * the session (session.ts) depends on this shape only, never on the users resource.
 */
export interface ProfileItem {
  pk: string;
  objectId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** the user type's code (profiles written before the codes convention hold its objectId) */
  type: unknown;
  isActive: boolean;
  deleted?: boolean;
  /** epoch seconds: tokens issued before this are refused */
  tokensValidAfter?: number;
}

/**
 * The user type of a stored or sent `type`: its code, or the code of a `userTypes` objectId (what
 * profiles written before the codes convention hold). Anything else reads as the least privileged
 * type, agent.
 */
export function userTypeCode(type: unknown): UserType {
  return (toReferenceCode('userTypes', type) ?? 'agent') as UserType;
}

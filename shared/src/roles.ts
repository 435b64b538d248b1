/**
 * User types come from reference data (spec 1 section 6). The client's role names map to user
 * types: Common -> admin, Admin -> superAdmin, ViewOnly -> viewOnly, Agent -> agent. The admin-only
 * gate tests the 'Admin' role, i.e. user type superAdmin.
 */
export const USER_TYPES = ['admin', 'superAdmin', 'viewOnly', 'agent'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLE_OF_USER_TYPE = {
  admin: 'Common',
  superAdmin: 'Admin',
  viewOnly: 'ViewOnly',
  agent: 'Agent',
} as const satisfies Record<UserType, string>;
export type Role = (typeof ROLE_OF_USER_TYPE)[UserType];

/** Who may call a route. */
export type Access = 'public' | 'signedIn' | 'nonAgent' | 'editor' | 'admin';

export const isAgent = (t: UserType | undefined): boolean => t === 'agent';
export const isAdmin = (t: UserType | undefined): boolean => t === 'superAdmin';
/**
 * viewOnly: the spec does not say what it may do. Chosen: it sees what staff see (every area but
 * the admin ones) and changes nothing.
 */
export const isViewOnly = (t: UserType | undefined): boolean => t === 'viewOnly';

export function mayAccess(access: Access, userType: UserType | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signedIn':
      return userType !== undefined;
    case 'nonAgent':
      return userType !== undefined && !isAgent(userType);
    case 'editor':
      return userType !== undefined && !isAgent(userType) && !isViewOnly(userType);
    case 'admin':
      return isAdmin(userType);
  }
}

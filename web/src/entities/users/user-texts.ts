/**
 * Texts of User Administration (spec 1 "User Administration"): the grid's columns, the popup's
 * labels and titles, the screen's buttons. The spec's own texts are marked "spec"; the others are
 * chosen. Messages (saved, created, errors) are in @eb/shared/messages.
 */

/** spec: the grid's columns and the form's fields; also how the change log names the user fields. */
export const USER_FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  type: 'Role',
  isActive: 'Status',
  agentCode: 'Identifier',
  lastLoginTime: 'Last Login Time',
  password: 'New Password',
  confirmPassword: 'Match New Password',
  /** the change log's name of a password change */
  passwordVersion: 'Password',
} as const;

/** spec: "Create/edit popup titled '(Edit) User Details'". */
export const USER_DIALOG_TITLES = { create: 'User Details', edit: 'Edit User Details' } as const;

/** The popup's texts (chosen where the spec gives none). */
export const USER_FORM_TEXTS = {
  rolePlaceholder: 'Select Role',
  matchPlaceholder: 'Password must match',
  keepPasswordPlaceholder: 'Leave blank to keep the current password',
  reload: 'Reload',
  ownAccount: 'You cannot change the role or status of your own account',
  cancel: 'Cancel',
  save: 'Save',
} as const;

/** spec: the status filter's and the Status field's values. */
export const USER_STATUS_LABELS = { active: 'Active', inactive: 'Inactive', all: 'All' } as const;

/** The screen's texts (chosen where the spec gives none). */
export const USERS_TEXTS = {
  createUser: 'Create User',
  gridLabel: 'Users',
  searchPlaceholder: 'Search by email',
  searchLabel: 'Search by email',
  statusFilter: 'Status',
  actionsOf: (u: { firstName: string; lastName: string }) => `Actions for ${u.firstName} ${u.lastName}`,
  edit: 'Edit',
  deactivate: 'Deactivate',
  deactivateHeader: 'Deactivate User',
  /** spec: the grid's last column */
  action: 'Action',
} as const;

/** The popup's spinner while the user loads (for assistive technology). */
export const USER_LOADING_LABEL = 'Loading the user';

import type { Access } from '@eb/shared/roles';
import { PATHS } from './paths';

/**
 * The areas of the app: one row each, read by the router (guards) and the navigation panel
 * (visibility), so that what is hidden is also blocked (spec 1 sections 2 and 6).
 */
export interface Area {
  /** Navigation label (the accessible name of its link or menu item). */
  label: string;
  /** The page's <h1>. */
  title: string;
  path: string;
  icon: string;
  access: Access;
  /** Where a user without access is sent. */
  deniedTo: string;
  /** In the admin gear menu rather than the main list. */
  adminMenu: boolean;
}

const area = (a: Omit<Area, 'deniedTo' | 'adminMenu'> & Partial<Pick<Area, 'deniedTo' | 'adminMenu'>>): Area => ({
  deniedTo: PATHS.home,
  adminMenu: false,
  ...a,
});

export const AREAS = {
  // the home page of work queues and charts (issue 31; beyond the spec)
  workQueues: area({ label: 'Work Queues', title: 'Work Queues', path: PATHS.workQueues, icon: 'pi pi-inbox', access: 'signedIn' }),
  contracts: area({ label: 'Contracts', title: 'Contracts', path: PATHS.contracts, icon: 'pi pi-file-edit', access: 'signedIn' }),
  accounts: area({ label: 'Accounts', title: 'Accounts', path: PATHS.accounts, icon: 'pi pi-id-card', access: 'signedIn' }),
  reports: area({ label: 'Reports', title: 'Reports', path: PATHS.reports, icon: 'pi pi-chart-bar', access: 'nonAgent' }),
  businessEntity: area({
    label: 'Business Entity',
    title: 'Business Entity Management',
    path: PATHS.businessEntity,
    icon: 'pi pi-briefcase',
    access: 'nonAgent',
    deniedTo: PATHS.login, // spec 3 section 2: an agent is sent to login
  }),
  contactEntity: area({
    label: 'Contact Entity',
    title: 'Contact Entity',
    path: PATHS.contactEntity,
    icon: 'pi pi-address-book',
    access: 'nonAgent',
    deniedTo: PATHS.login, // spec 3 section 2: an agent is sent to login
  }),
  // Uploader and Updater send a non-admin to login (spec 3 sections 2 and 6).
  uploader: area({
    label: 'Uploader',
    title: 'Uploader',
    path: PATHS.uploader,
    icon: 'pi pi-cloud-upload',
    access: 'admin',
    deniedTo: PATHS.login,
  }),
  // The admin areas: "User Administration redirects non-admins to login" (spec 1 section 6).
  users: area({
    label: 'User Admin',
    title: 'User Administration',
    path: PATHS.users,
    icon: 'pi pi-user-edit',
    access: 'admin',
    deniedTo: PATHS.login,
    adminMenu: true,
  }),
  dataAdmin: area({
    label: 'Data Admin',
    title: 'Data Administration',
    path: PATHS.dataAdmin,
    icon: 'pi pi-database',
    access: 'admin',
    deniedTo: PATHS.login,
    adminMenu: true,
  }),
  updater: area({
    label: 'Updater',
    title: 'Updater',
    path: PATHS.updater,
    icon: 'pi pi-sync',
    access: 'admin',
    deniedTo: PATHS.login,
    adminMenu: true,
  }),
} as const satisfies Record<string, Area>;

export type AreaKey = keyof typeof AREAS;

/** The navigation order. */
export const AREA_ORDER: readonly AreaKey[] = [
  'workQueues',
  'contracts',
  'accounts',
  'reports',
  'businessEntity',
  'contactEntity',
  'uploader',
  'users',
  'dataAdmin',
  'updater',
];

import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { DEFAULT_ROUTE } from '@eb/shared/constants';
import { LoadingScreen } from '../components/LoadingScreen';
import { AREAS, type Area } from '../config/areas';
import { AreaGuard } from './AreaGuard';
import { LOGIN_PATH } from '../config/paths';
import { RouteError } from './RouteError';

/** A page loaded on first visit (its own chunk), behind the guard of its area. */
function areaRoute(area: Area, paths: readonly string[], load: () => Promise<ComponentType>): RouteObject {
  return {
    element: <AreaGuard area={area} />,
    children: paths.map((path) => ({ path, lazy: async () => ({ Component: await load() }) })),
  };
}

const loginPage = async () => ({ Component: (await import('../features/auth/components/LoginPage')).LoginPage });

/** The routes of spec 1 section 2, relative to /enrollments for the signed-in areas. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <Navigate to={DEFAULT_ROUTE} replace /> },
      { path: LOGIN_PATH, lazy: loginPage },
      { path: `${LOGIN_PATH}/:key`, lazy: loginPage },
      {
        path: DEFAULT_ROUTE,
        // The signed-in shell (session gate, layout, navigation) is its own chunk: not on the login page.
        lazy: async () => ({ Component: (await import('./SignedInShell')).SignedInShell }),
        children: [
          // Contracts (spec 1), or Work Queues for a user who chose it as their start page
          { index: true, lazy: async () => ({ Component: (await import('./StartRedirect')).StartRedirect }) },
          areaRoute(AREAS.workQueues, ['home'], async () => (await import('../features/home/components/HomePage')).HomePage),
          areaRoute(AREAS.contracts, ['contracts', 'contracts/:id'], async () =>
            (await import('../features/contracts/components/ContractsPage')).ContractsPage,
          ),
          areaRoute(AREAS.contracts, ['contracts/amendment/:id'], async () =>
            (await import('../features/contracts/components/AmendmentRoute')).AmendmentRoute,
          ),
          areaRoute(AREAS.accounts, ['accounts', 'accounts/:id', 'accounts/:id/:contractId', 'accounts/:id/clone/:cloneId'], async () =>
            (await import('../features/accounts/components/AccountsPage')).AccountsPage,
          ),
          areaRoute(AREAS.reports, ['reports'], async () =>
            (await import('../features/reports/components/ReportsPage')).ReportsPage,
          ),
          areaRoute(AREAS.businessEntity, ['business-entity'], async () =>
            (await import('../features/business-entities/components/BusinessEntityPage')).BusinessEntityPage,
          ),
          areaRoute(AREAS.contactEntity, ['contact-entity'], async () =>
            (await import('../features/contacts/components/ContactEntityPage')).ContactEntityPage,
          ),
          areaRoute(AREAS.uploader, ['uploader'], async () =>
            (await import('../features/uploader/components/UploaderPage')).UploaderPage,
          ),
          areaRoute(AREAS.users, ['users'], async () =>
            (await import('../features/users/components/UsersPage')).UsersPage,
          ),
          areaRoute(AREAS.dataAdmin, ['data'], async () =>
            (await import('../features/data-admin/components/DataAdminPage')).DataAdminPage,
          ),
          areaRoute(AREAS.updater, ['updater'], async () =>
            (await import('../features/updater/components/UpdaterPage')).UpdaterPage,
          ),
          { path: '*', element: <Navigate to={DEFAULT_ROUTE} replace /> },
        ],
      },
      // Any unknown path redirects to the default route.
      { path: '*', element: <Navigate to={DEFAULT_ROUTE} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);

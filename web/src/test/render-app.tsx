import { render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../lib/query-client';
import { appRoutes } from '../app/router';

/**
 * Renders the whole app at `path` with the real route table and a browser router (jsdom's history),
 * so that window.location follows the navigation as in a browser.
 */
export function renderApp(path: string, state?: unknown) {
  // React Router keeps the caller's state under `usr` in history entries.
  window.history.replaceState({ usr: state ?? null, key: 'test', idx: 0 }, '', path);
  const queryClient = createQueryClient();
  const router = createBrowserRouter(appRoutes);
  onTestFinished(() => router.dispose());
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The current path plus query of the (jsdom) browser. */
export const currentPath = () => `${window.location.pathname}${window.location.search}`;

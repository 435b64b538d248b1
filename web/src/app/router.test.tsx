import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserType } from '@eb/shared/roles';
import { installFakeApi, reply, sessionRoutes, userOf, EMPTY_JOBS } from '../test/fake-api';
import { currentPath, renderApp } from '../test/render-app';
import { browser } from '../lib/browser';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('Routes', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const signedInAs = (userType: UserType) => installFakeApi(sessionRoutes(userOf(userType)));

  describe('redirects', () => {
    it.each(['/', '/nowhere/at/all', '/enrollments', '/enrollments/unknown'])('sends %s to the contracts area', async (path) => {
      // Prepare
      signedInAs('admin');
      // Act
      renderApp(path);
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/contracts');
    });

    it('sends a signed-out visitor to the login page with the page as ref', async () => {
      // Prepare
      installFakeApi(sessionRoutes(null));
      // Act
      renderApp('/enrollments/accounts/42?tab=crm');
      // Assess
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?ref=%2Fenrollments%2Faccounts%2F42%3Ftab%3Dcrm'));
    });
  });

  describe('startup', () => {
    it('loads the user, the jobs and the references in parallel and shows Loading... until all three finish', async () => {
      // Prepare
      let finishReferences: (value: ReturnType<typeof reply>) => void = () => undefined;
      const api = installFakeApi({
        ...sessionRoutes(userOf('admin')),
        'GET /api/Reference/GetReferences': () => new Promise((resolve) => (finishReferences = resolve)),
      });
      // Act
      renderApp('/enrollments/contracts');
      // Assess
      await waitFor(() => expect(api.requests).toHaveLength(3));
      expect(api.requests.map((r) => r.path).sort()).toEqual(
        ['/api/Reference/GetReferences', '/api/job', '/api/users/GetCurrentUser'].sort(),
      );
      expect(screen.getByRole('status')).toHaveTextContent('Loading...');
      // Act
      finishReferences(reply(200, []));
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    });

    it('opens the app when the job list fails to load', async () => {
      // Prepare
      installFakeApi({ ...sessionRoutes(userOf('admin')), 'GET /api/job': () => reply(500, { message: 'boom' }) });
      // Act
      renderApp('/enrollments/contracts');
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(await screen.findByText('boom')).toBeInTheDocument();
    });

    it('does not load jobs or references on the login page', async () => {
      // Prepare
      const api = installFakeApi({ ...sessionRoutes(null), 'GET /api/job': () => reply(200, EMPTY_JOBS) });
      // Act
      renderApp('/login');
      // Assess
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(api.requests.map((r) => r.path)).toEqual(['/api/users/GetCurrentUser']);
    });
  });

  describe('area guards', () => {
    it.each(['/enrollments/reports', '/enrollments/business-entity', '/enrollments/contact-entity', '/enrollments/uploader'])(
      'sends an agent away from %s',
      async (path) => {
        // Prepare
        signedInAs('agent');
        // Act
        renderApp(path);
        // Assess
        expect(await heading('Contracts')).toBeInTheDocument();
        expect(currentPath()).toBe('/enrollments/contracts');
      },
    );

    it.each([
      ['admin', '/enrollments/users'],
      ['viewOnly', '/enrollments/data'],
      ['agent', '/enrollments/updater'],
    ] as const)('sends a %s from %s through the login page, which forwards the signed-in user', async (userType, path) => {
      // Prepare
      signedInAs(userType);
      // Act
      const { router } = renderApp(path);
      const visited: string[] = [];
      router.subscribe((state) => visited.push(state.location.pathname));
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(visited).toContain('/login');
      expect(currentPath()).toBe('/enrollments/contracts');
    });

    it.each([
      ['admin', '/enrollments/uploader'],
      ['viewOnly', '/enrollments/uploader'],
      ['agent', '/enrollments/uploader'],
      ['agent', '/enrollments/business-entity'],
      ['agent', '/enrollments/contact-entity'],
    ] as const)('sends a %s from %s to the login page (spec 3 sections 2 and 6)', async (userType, path) => {
      // Prepare
      signedInAs(userType);
      // Act
      const { router } = renderApp(path);
      const visited: string[] = [];
      router.subscribe((state) => visited.push(state.location.pathname));
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(visited).toContain('/login');
    });

    it('lets a viewOnly staff member open Business Entity Management', async () => {
      // Prepare
      signedInAs('viewOnly');
      // Act
      renderApp('/enrollments/business-entity');
      // Assess
      expect(await heading('Business Entity Management')).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/business-entity');
    });

    it('lets a viewOnly staff member open Contact Entity Management', async () => {
      // Prepare
      signedInAs('viewOnly');
      // Act
      renderApp('/enrollments/contact-entity');
      // Assess
      expect(await heading('Contact Entity Management')).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/contact-entity');
    });

    it('lets a non-admin staff member open reports', async () => {
      // Prepare
      signedInAs('viewOnly');
      // Act
      renderApp('/enrollments/reports');
      // Assess
      expect(await heading('Reports')).toBeInTheDocument();
    });

    it('lets a superAdmin open /enrollments/updater with its type picker', async () => {
      // Prepare
      signedInAs('superAdmin');
      // Act
      renderApp('/enrollments/updater');
      // Assess
      expect(await heading('Updater')).toBeInTheDocument();
      expect(await screen.findByText('Choose an update type to see its rows.')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Update type' })).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/updater');
    });

    it('lets a superAdmin open /enrollments/uploader with its type picker', async () => {
      // Prepare
      signedInAs('superAdmin');
      // Act
      renderApp('/enrollments/uploader');
      // Assess
      expect(await heading('Uploader')).toBeInTheDocument();
      expect(await screen.findByText('Choose an upload type to see its rows.')).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/uploader');
    });
  });

  describe('amendment guard', () => {
    it.each(['/enrollments/contracts/amendment/0', '/enrollments/contracts/amendment/12+0'])(
      'sends %s to / (then the default route) when no stored contract has an id',
      async (path) => {
        // Prepare
        signedInAs('admin');
        // Act
        renderApp(path);
        // Assess
        expect(await heading('Contracts')).toBeInTheDocument();
        expect(currentPath()).toBe('/enrollments/contracts');
      },
    );

    it('opens a new amendment of a contract handed over by the previous page', async () => {
      // Prepare
      signedInAs('admin');
      // Act
      renderApp('/enrollments/contracts/amendment/0', { contract: { objectId: 31 } });
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/contracts/amendment/0');
    });

    it('opens existing amendments joined by +', async () => {
      // Prepare
      signedInAs('admin');
      // Act
      renderApp('/enrollments/contracts/amendment/12+13');
      // Assess
      expect(await heading('Contracts')).toBeInTheDocument();
      expect(currentPath()).toBe('/enrollments/contracts/amendment/12+13');
    });
  });
});

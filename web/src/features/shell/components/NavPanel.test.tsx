import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAV_AUTO_COLLAPSE_WIDTH_PX, RESIZE_DEBOUNCE_MS } from '@eb/shared/constants';
import type { UserType } from '@eb/shared/roles';
import { browser } from '../../../lib/browser';
import { installFakeApi, reply, sessionRoutes, userOf } from '../../../test/fake-api';
import { currentPath, renderApp } from '../../../test/render-app';

const MAIN_ENTRIES = ['Work Queues', 'Contracts', 'Accounts', 'Reports', 'Business Entity', 'Contact Entity', 'Uploader'];

async function openAppAs(userType: UserType) {
  const api = installFakeApi({ ...sessionRoutes(userOf(userType)), 'DELETE /api/users/Logout': () => reply(204) });
  renderApp('/enrollments/contracts');
  await screen.findByRole('heading', { level: 1, name: 'Contracts' });
  return api;
}

/**
 * PrimeReact positions its popup menu by measuring it; jsdom has no layout, so the measuring leaves
 * an inline display:none on the opened menu. Query it including hidden elements.
 */
const popup = { hidden: true } as const;

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Navigation panel', () => {
  beforeEach(() => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('entries per role', () => {
    it('shows a superAdmin every entry and the admin gear menu', async () => {
      // Prepare
      const user = userEvent.setup();
      await openAppAs('superAdmin');
      // Act
      await user.click(screen.getByRole('button', { name: 'Administration' }));
      // Assess
      expect(navLinks()).toEqual(MAIN_ENTRIES);
      const menu = await screen.findByRole('menu', { name: 'Administration', ...popup });
      expect(within(menu).getAllByRole('menuitem', popup).map((i) => i.getAttribute('aria-label'))).toEqual([
        'User Admin',
        'Data Admin',
        'Updater',
      ]);
    });

    it.each(['admin', 'viewOnly'] as const)('shows a %s every area but Uploader, without the gear menu', async (userType) => {
      // Prepare / Act
      await openAppAs(userType);
      // Assess
      expect(navLinks()).toEqual(['Work Queues', 'Contracts', 'Accounts', 'Reports', 'Business Entity', 'Contact Entity']);
      expect(screen.queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument();
    });

    it('hides Reports, Business Entity, Contact Entity, Uploader and the gear menu from an agent', async () => {
      // Prepare / Act
      await openAppAs('agent');
      // Assess
      expect(navLinks()).toEqual(['Work Queues', 'Contracts', 'Accounts']);
      expect(screen.queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument();
    });
  });

  it("shows the user's full name and role", async () => {
    // Prepare / Act
    await openAppAs('superAdmin');
    // Assess
    const panel = screen.getByRole('complementary', { name: 'Navigation panel' });
    expect(within(panel).getByText('Dana Whitfield')).toBeInTheDocument();
    expect(within(panel).getByText('Admin')).toBeInTheDocument();
  });

  it('marks the current area and opens another one', async () => {
    // Prepare
    const user = userEvent.setup();
    await openAppAs('admin');
    expect(screen.getByRole('link', { name: 'Contracts' })).toHaveAttribute('aria-current', 'page');
    // Act
    await user.click(screen.getByRole('link', { name: 'Business Entity' }));
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Entity Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Business Entity' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens User Administration from the gear menu with the keyboard', async () => {
    // Prepare
    const user = userEvent.setup();
    await openAppAs('superAdmin');
    screen.getByRole('button', { name: 'Administration' }).focus();
    // Act
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'User Admin', ...popup }));
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'User Administration' })).toBeInTheDocument();
    expect(currentPath()).toBe('/enrollments/users');
  });

  it('logs out on the server, then reloads the page', async () => {
    // Prepare
    const user = userEvent.setup();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const api = await openAppAs('viewOnly');
    // Act
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    // Assess
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.to('DELETE /api/users/Logout')).toHaveLength(1);
  });

  it('reloads the page also when the logout call fails', async () => {
    // Prepare
    const user = userEvent.setup();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const api = installFakeApi({ ...sessionRoutes(userOf('viewOnly')), 'DELETE /api/users/Logout': () => reply(500, { message: 'down' }) });
    renderApp('/enrollments/contracts');
    await screen.findByRole('heading', { level: 1, name: 'Contracts' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    // Assess
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.to('DELETE /api/users/Logout')).toHaveLength(1);
  });

  it('collapses and expands with its toggle, keeping every entry reachable by name', async () => {
    // Prepare
    const user = userEvent.setup();
    await openAppAs('superAdmin');
    // Act
    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    // Assess
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(navLinks()).toEqual(MAIN_ENTRIES);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    // Act
    await user.click(screen.getByRole('button', { name: 'Expand navigation' }));
    // Assess
    expect(screen.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('collapses by itself when the window narrows, after the resize debounce', async () => {
    // Prepare
    await openAppAs('admin');
    vi.useFakeTimers();
    try {
      // Act
      window.innerWidth = NAV_AUTO_COLLAPSE_WIDTH_PX - 1;
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      // Assess
      expect(screen.getByRole('button', { name: 'Collapse navigation' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS);
      });
      expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack';
import {
  LOGIN_ROUTE_BUDGET_BYTES,
  ROUTE_BUDGET_BYTES,
  ROUTE_SIZES_FILE,
  routeSizes,
  type RouteSize,
} from '../../web/route-sizes';

/**
 * The SPA's size budgets (issue 27 section 6): the gzipped JavaScript a route's first load fetches
 * (its chunks, their modulepreloaded imports and the lazy chunks it renders at first paint), at
 * most 150 kB for the login route and 300 kB for any other (1 kB = 1,000 bytes). The e2e project's
 * global setup builds web/dist, and the build writes what each route fetches to
 * dist/route-sizes.json; sizes are deterministic, so a budget is a test.
 */
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function chunk(code: string, imports: string[] = [], facadeModuleId: string | null = null, isEntry = false, dynamicImports: string[] = [], moduleIds: string[] = []) {
  return { code, imports, facadeModuleId, isEntry, dynamicImports, moduleIds };
}

/** The screens whose first load needs no form rules: sign-in, home and the search pages (their popups bring their forms). */
const WITHOUT_ZOD = ['login', 'HomePage', 'UsersPage', 'BusinessEntityPage', 'ContactEntityPage', 'AccountsPage', 'ContractsPage'];

describe('route size budgets', () => {
  it('measures the login route without the signed-in shell and every page with it', () => {
    // Prepare: an entry, a shared library chunk, the shell, the login page and one screen
    // (the router imports the pages lazily; a page renders one lazy panel at first paint and opens
    // a popup on use)
    const pages = ['shell.js', 'login.js', 'users.js'];
    const chunks = new Map([
      ['entry.js', chunk('e'.repeat(50), ['lib.js'], '/w/src/main.tsx', true, [...pages, 'toast.js'])],
      ['lib.js', chunk('l'.repeat(50))],
      ['toast.js', chunk('t'.repeat(50), [], '/w/node_modules/primereact/toast/toast.esm.js')],
      ['shell.js', chunk('s'.repeat(50), ['lib.js'], '/w/src/app/SignedInShell.tsx')],
      ['login.js', chunk('x'.repeat(50), ['lib.js'], '/w/src/features/auth/components/LoginPage.tsx')],
      ['users.js', chunk('u'.repeat(50), [], '/w/src/features/users/components/UsersPage.tsx', false, ['panel.js', 'dialog.js', 'form.js'])],
      ['form.js', chunk('f'.repeat(50), ['zod.js'], '/w/src/features/users/components/UserDialog.tsx')],
      ['zod.js', chunk('z'.repeat(50), [], null, false, [], ['/w/node_modules/zod/v4/core/schemas.js'])],
      ['amendment.js', chunk('a'.repeat(50), ['zod.js'], '/w/src/features/contracts/components/AmendmentRoute.tsx')],
      ['panel.js', chunk('p'.repeat(50), ['grid.js'], '/w/src/components/Panel.tsx')],
      ['grid.js', chunk('g'.repeat(50))],
      ['dialog.js', chunk('d'.repeat(50), [], '/w/node_modules/primereact/dialog/dialog.esm.js')],
    ]);

    // Act
    const sizes = routeSizes(chunks);

    // Assess: the lazy panel and its imports count, the popup (on use) and the other pages do not
    const byRoute = Object.fromEntries(sizes.map((r) => [r.route, r.chunks]));
    expect(byRoute.login).toEqual(['entry.js', 'lib.js', 'login.js']);
    expect(byRoute.UsersPage).toEqual(['entry.js', 'grid.js', 'lib.js', 'panel.js', 'shell.js', 'users.js']);
    expect(sizes.find((r) => r.route === 'login')?.gzipBytes).toBeLessThan(sizes.find((r) => r.route === 'UsersPage')!.gzipBytes);
    // zod comes with the user popup (on use), and with a page that imports it
    expect(Object.fromEntries(sizes.map((r) => [r.route, r.loadsZod]))).toEqual({ login: false, UsersPage: false, AmendmentRoute: true });
  });

  it('keeps the login route within 150 kB and every route within 300 kB of gzipped JavaScript', () => {
    // Prepare: the build of the global setup
    const file = path.join(REPO_ROOT, 'web/dist', ROUTE_SIZES_FILE);
    expect(existsSync(file), `${file} is written by the web build`).toBe(true);
    const sizes = JSON.parse(readFileSync(file, 'utf8')) as RouteSize[];

    // Act
    const over = sizes
      .map((r) => ({ ...r, budget: r.route === 'login' ? LOGIN_ROUTE_BUDGET_BYTES : ROUTE_BUDGET_BYTES }))
      .filter((r) => r.gzipBytes > r.budget)
      .map((r) => `${r.route}: ${kb(r.gzipBytes)} > ${kb(r.budget)}`);

    // Assess: every screen is measured, none over its budget
    expect(sizes.map((r) => r.route)).toEqual(expect.arrayContaining(['login', 'UsersPage', 'DataAdminPage', 'ContactEntityPage']));
    expect(over).toEqual([]);
  });

  it('loads no schema library on sign-in, home and the search pages: the form rules come with the popups that use them', () => {
    // Prepare: the build of the global setup
    const sizes = JSON.parse(readFileSync(path.join(REPO_ROOT, 'web/dist', ROUTE_SIZES_FILE), 'utf8')) as RouteSize[];

    // Act
    const withZod = sizes.filter((r) => r.loadsZod).map((r) => r.route);

    // Assess: none of those screens fetches zod at first paint; the amendment (its form on the page) does
    expect(withZod.filter((r) => WITHOUT_ZOD.includes(r))).toEqual([]);
    expect(withZod).toContain('AmendmentRoute');
  });
});

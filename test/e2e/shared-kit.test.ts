import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { GRID_LOAD_FAILED, GRID_RETRY } from '../../web/src/components/component-texts';
import { createTestUser } from '../support/users';
import { checkScreen, launchBrowser, newPage, signInAs, labelOf } from './support/browser';

/**
 * The shared kit loses nothing and hides nothing (issue 7 section 9), in Chromium against the
 * local stack: Esc closes the innermost thing only, a popup with unsaved changes asks before it
 * closes, a failed list says so and retries, and list filters live in the URL.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(path: string): Promise<Page> {
  const admin = await createTestUser('superAdmin');
  const { page } = await newPage(browser);
  await signInAs(page, admin.email, admin.password, `/login?ref=${encodeURIComponent(path)}`);
  await page.waitForURL((u) => u.pathname === path.split('?')[0]);
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');

describe('shared kit', () => {
  it('closes an open type-ahead list with Esc and keeps the popup; Esc on the popup asks before dropping what was typed', async () => {
    // Prepare: the Create User popup with a typed name and the Role list open
    const page = await signedIn('/enrollments/users');
    await page.getByRole('button', { name: 'Create User' }).click();
    await dialog(page).getByLabel(labelOf('First Name')).fill('Esc');
    const role = dialog(page).getByLabel(labelOf('Role'));
    await dialog(page).locator('.eb-typeahead .p-autocomplete-dropdown').first().click(); // Role: the popup's one type-ahead
    await expect.poll(() => page.locator('.p-autocomplete-panel').count()).toBe(1);

    // Act: Esc in the open list
    await role.press('Escape');

    // Assess: the list closed, the popup and the typed name stayed
    await expect.poll(() => page.locator('.p-autocomplete-panel').count()).toBe(0);
    expect(await dialog(page).count()).toBe(1);
    expect(await dialog(page).getByLabel(labelOf('First Name')).inputValue()).toBe('Esc');

    // Act: Esc again (nothing open inside): the popup asks, No keeps everything
    await role.press('Escape');
    await expect.poll(() => page.getByText(MSG.unsavedChangesDiscard).count()).toBe(1);
    await checkScreen(page, 'popup-unsaved-confirm');
    await page.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => page.locator('.p-confirm-dialog').count()).toBe(0); // gone, animation included
    expect(await dialog(page).getByLabel(labelOf('First Name')).inputValue()).toBe('Esc');

    // Act: Esc, then Yes: the popup closes
    await dialog(page).getByLabel(labelOf('First Name')).press('Escape');
    await page.getByRole('button', { name: 'Yes' }).click();

    // Assess
    await expect.poll(() => page.locator('.eb-user-dialog').count()).toBe(0);
  });

  it('closes a popup with nothing typed by Esc at once', async () => {
    // Prepare
    const page = await signedIn('/enrollments/users');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => page.locator('.eb-user-dialog').count()).toBe(1);

    // Act
    await page.keyboard.press('Escape');

    // Assess: no question
    await expect.poll(() => page.locator('.eb-user-dialog').count()).toBe(0);
    expect(await page.getByText(MSG.unsavedChangesDiscard).count()).toBe(0);
  });

  it('says a list could not be loaded instead of showing it empty, and Retry loads it', async () => {
    // Prepare: the user list call fails once
    const admin = await createTestUser('superAdmin');
    const { page } = await newPage(browser);
    await page.route('**/api/users/GetList**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }));
    await signInAs(page, admin.email, admin.password, '/login?ref=%2Fenrollments%2Fusers');
    await page.waitForURL(/\/enrollments\/users$/);

    // Act
    await expect.poll(() => page.getByText(GRID_LOAD_FAILED).count(), { timeout: 20_000 }).toBe(1);
    await checkScreen(page, 'grid-load-failed');
    expect(await page.getByText('No records found.').count()).toBe(0);
    await page.unroute('**/api/users/GetList**');
    await page.getByRole('button', { name: GRID_RETRY }).click();

    // Assess
    await expect.poll(() => page.locator('.eb-users-grid tbody tr').filter({ hasText: '@' }).count()).toBeGreaterThan(0);
    expect(await page.getByText(GRID_LOAD_FAILED).count()).toBe(0);
  });

  it('keeps the users search and status in the URL across a reload, and Back returns to the previous filters', async () => {
    // Prepare
    const page = await signedIn('/enrollments/users');
    const search = page.getByRole('searchbox', { name: 'Search by email' });

    // Act: a search, then a status
    await search.fill('example');
    await page.waitForURL((u) => u.searchParams.get('email') === 'example');
    await page.locator('.eb-users-filters__status').getByText('Inactive', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('status') === 'inactive');
    await page.reload();

    // Assess: both survive the reload
    await expect.poll(() => search.inputValue()).toBe('example');
    expect(await page.locator('.eb-users-filters__status [aria-pressed="true"]').textContent()).toBe('Inactive');

    // Act: Back
    await page.goBack();

    // Assess: the status before it, the search kept
    await page.waitForURL((u) => u.searchParams.get('status') === null && u.searchParams.get('email') === 'example');
    await expect.poll(() => page.locator('.eb-users-filters__status [aria-pressed="true"]').textContent()).toBe('All');
  });

  it('keeps the agent search in the URL across a reload', async () => {
    // Prepare
    const page = await signedIn('/enrollments/data?table=agent');
    const search = page.getByRole('textbox', { name: 'Search agents' });

    // Act
    await search.fill('acme');
    await page.waitForURL((u) => u.searchParams.get('agentSearch') === 'acme' && u.searchParams.get('table') === 'agent');
    await page.reload();

    // Assess
    await expect.poll(() => page.getByRole('textbox', { name: 'Search agents' }).inputValue()).toBe('acme');
  });

  it("keeps its notifications off the page header's actions, and off an open popup's Save and Cancel", async () => {
    // Prepare: the contact popup (tall: its footer reaches the bottom right at 1366x768), every call failing from now on
    const admin = await createTestUser('superAdmin');
    const { page } = await newPage(browser, { width: 1366, height: 768 });
    await signInAs(page, admin.email, admin.password, `/login?ref=${encodeURIComponent('/enrollments/contact-entity')}`);
    await page.waitForURL((u) => u.pathname === '/enrollments/contact-entity');
    const add = page.getByRole('button', { name: 'Add New Contact Entity' });
    await add.click();
    await page.route('**/api/**', (route) => route.fulfill({ status: 500, body: '' }));
    const toast = page.locator('.p-toast-message').first();
    const overlaps = async (a: typeof toast, b: typeof toast) => {
      const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
      return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
    };

    // Act: a search in the popup fails
    const search = dialog(page).getByPlaceholder('Search by Legal Name or ID');
    await search.pressSequentially('Riv');
    await toast.waitFor();

    // Assess: the notification clear of the popup's Save and Cancel
    expect(await overlaps(toast, dialog(page).getByRole('button', { name: 'Save' }))).toBe(false);
    expect(await overlaps(toast, dialog(page).getByRole('button', { name: 'Cancel' }))).toBe(false);

    // Act: Cancel (nothing over it takes the click) while the notification stays
    await page.unroute('**/api/**');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click({ timeout: 5_000 });
    await expect.poll(() => dialog(page).count()).toBe(0);

    // Assess: the notification clear of the page header's action
    await toast.waitFor();
    expect(await overlaps(toast, add)).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { createTestUser } from '../support/users';
import { appUrl, launchBrowser, newPage, checkScreen, signInAs, labelOf } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fresh(): Promise<Page> {
  return (await newPage(browser)).page;
}

/** An administrator (user type superAdmin) on the User Administration screen. */
async function openUsersAsAdmin(): Promise<Page> {
  const admin = await createTestUser('superAdmin', { firstName: 'Uma', lastName: 'Admin' });
  const page = await fresh();
  await signInAs(page, admin.email, admin.password, '/login?ref=%2Fenrollments%2Fusers');
  await page.waitForURL(/\/enrollments\/users$/);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('User Administration');
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, label: string) => dialog(page).getByLabel(labelOf(label));
const rows = (page: Page) => page.locator('.eb-users-grid tbody tr');
const rowOf = (page: Page, email: string) => rows(page).filter({ hasText: email });
const toast = (page: Page, text: string) => page.locator('.p-toast-message').filter({ hasText: text });

/** Screenshots show the page, not the notifications over it. */
async function closeToasts(page: Page) {
  // (a toast may close by itself meanwhile: its button is then gone; one under the pointer waits)
  for (const close of await page.locator('.p-toast-icon-close').all()) {
    await close.click({ timeout: 1000 }).catch(() => undefined);
    await page.mouse.move(600, 700);
  }
  await expect.poll(() => page.locator('.p-toast-message').count(), { timeout: 8000 }).toBe(0);
}

async function openActions(page: Page, email: string, item: 'Edit' | 'Deactivate', shot?: string) {
  if (shot) await closeToasts(page); // (closing a toast is a click outside the menu: first)
  await rowOf(page, email).getByRole('button', { name: /^Actions for/ }).click();
  if (shot) await checkScreen(page, shot);
  await page.getByRole('menuitem', { name: item }).click();
}

describe('User Administration', () => {
  it('creates a user, finds them by email, edits and deactivates them', async () => {
    // Prepare
    const page = await openUsersAsAdmin();
    const email = `e2e.${randomUUID().slice(0, 8)}@test.example.com`;
    const password = 'Welcome#2024';
    await expect.poll(() => rows(page).filter({ hasText: '@' }).count()).toBeGreaterThan(0);
    await checkScreen(page, 'users');

    // Act: create
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect.poll(() => dialog(page).getByText('User Details', { exact: true }).count()).toBe(1);
    const save = dialog(page).getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await field(page, 'First Name').fill('Erin');
    await field(page, 'Last Name').fill('Endtoend');
    await field(page, 'Email').fill('erin@');
    await field(page, 'Last Name').focus();
    await expect.poll(() => dialog(page).getByText(MSG.invalidEmail).count()).toBe(1);
    await field(page, 'Email').fill(email);
    await field(page, 'Role').pressSequentially('V'); // the single match is chosen by itself
    await expect.poll(() => field(page, 'Role').inputValue()).toBe('View Only');
    await field(page, 'New Password').fill(password);
    await field(page, 'Match New Password').fill('Welcome#2025');
    await field(page, 'Identifier').focus();
    await expect.poll(() => dialog(page).getByText(MSG.passwordMismatch).count()).toBe(1);
    expect(await save.isDisabled()).toBe(true);
    await field(page, 'Match New Password').fill(password);
    await field(page, 'Identifier').fill('E2E-7');
    await checkScreen(page, 'users-create');
    expect(await save.isDisabled()).toBe(false);
    await save.click();

    // Assess: created, then found by email
    await expect.poll(() => toast(page, MSG.userCreated).count()).toBe(1);
    await expect.poll(() => dialog(page).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(email.slice(0, 12).toUpperCase());
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rowOf(page, email);
    await expect.poll(() => row.textContent()).toContain('View Only');
    expect(await row.textContent()).toContain('E2E-7');
    expect(await row.textContent()).toContain('Active');

    // Act: edit
    await openActions(page, email, 'Edit');
    await expect.poll(() => dialog(page).getByText('Edit User Details', { exact: true }).count()).toBe(1);
    await expect.poll(() => field(page, 'Last Name').inputValue()).toBe('Endtoend');
    await field(page, 'Last Name').fill('Edited');
    await checkScreen(page, 'users-edit');
    await dialog(page).getByRole('button', { name: 'Save' }).click();

    // Assess: saved
    await expect.poll(() => toast(page, MSG.allChangesSaved).count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('Edited');

    // Act: deactivate (after the Yes/No confirmation)
    await openActions(page, email, 'Deactivate', 'users-actions');
    const confirmation = page.getByRole('dialog', { name: 'Deactivate User' });
    await expect.poll(() => confirmation.textContent()).toContain(MSG.userDeactivateConfirm);
    await confirmation.getByRole('button', { name: 'Yes' }).click();

    // Assess: restyled row, change log entry, no more sign-in
    await expect.poll(() => toast(page, MSG.userDeactivated).count()).toBe(1);
    await expect.poll(() => row.getAttribute('class')).toContain('eb-row-inactive');
    expect(await row.textContent()).toContain('Inactive');
    await page.getByRole('button', { name: /CHANGE LOG/ }).click();
    const log = page.locator('.eb-changelog__item').first();
    await expect.poll(() => log.textContent()).toContain('made changes');
    expect(await log.textContent()).toContain('Uma Admin');
    expect(await log.textContent()).toContain('Status');
    expect(await log.textContent()).toMatch(/Active\s*Inactive/);
    await closeToasts(page);
    await checkScreen(page, 'users-deactivated');

    const other = await fresh();
    await signInAs(other, email, password);
    await expect.poll(() => other.getByRole('alert').textContent()).toContain(MSG.invalidCredentials);
  });

  it('shows the duplicate-email text when a create fails', async () => {
    const page = await openUsersAsAdmin();
    const existing = await createTestUser('agent');
    await page.getByRole('button', { name: 'Create User' }).click();
    await field(page, 'First Name').fill('Dup');
    await field(page, 'Last Name').fill('Licate');
    await field(page, 'Email').fill(existing.email);
    await field(page, 'Role').pressSequentially('Ag');
    await expect.poll(() => field(page, 'Role').inputValue()).toBe('Agent');
    await field(page, 'New Password').fill('Welcome#2024');
    await field(page, 'Match New Password').fill('Welcome#2024');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toContain(MSG.userEmailExists);
    expect(await dialog(page).count()).toBe(1);
  });

  it('sends a signed-in non-admin who opens the page to login', async () => {
    const user = await createTestUser('admin');
    const page = await fresh();
    await signInAs(page, user.email, user.password);
    await page.waitForURL(/\/enrollments\//);
    await page.goto(appUrl('/enrollments/users'));
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/enrollments/users');
    expect(await page.getByRole('heading', { name: 'User Administration' }).count()).toBe(0);
  });
});

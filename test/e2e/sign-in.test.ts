import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { createTestUser } from '../support/users';
import { appUrl, launchBrowser, newPage, checkScreen, signInAs } from './support/browser';

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

describe('sign-in', () => {
  it('sends a signed-out visitor to login with ref, and back to that page after signing in', async () => {
    // Prepare
    const user = await createTestUser('admin', { firstName: 'Rita', lastName: 'Ref' });
    const page = await fresh();
    // Act
    await page.goto(appUrl('/enrollments/accounts'));
    // the app's redirect to the login may cut the first load short: poll the address, then wait for the form
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/login\?ref=/);
    await page.getByLabel('Email').waitFor();
    const loginUrl = new URL(page.url());
    await checkScreen(page, 'login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // Assess
    expect(loginUrl.searchParams.get('ref')).toBe('/enrollments/accounts');
    await page.waitForURL(/\/enrollments\/accounts$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Accounts');
    await expect.poll(() => page.getByText('Rita Ref').count()).toBeGreaterThan(0);
  });

  it('keeps the Login button disabled until email and password are filled', async () => {
    const page = await fresh();
    await page.goto(appUrl('/login'));
    const login = page.getByRole('button', { name: 'Login' });
    expect(await login.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('someone@example.com');
    expect(await login.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('x');
    expect(await login.isDisabled()).toBe(false);
  });

  it('shows the invalid-credentials text for a wrong password', async () => {
    const user = await createTestUser('admin');
    const page = await fresh();
    await signInAs(page, user.email, 'Wrong#Pass1');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(MSG.invalidCredentials);
    expect(page.url()).toContain('/login');
  });

  it('refuses a fourth attempt: after the third failure Login is disabled and the attempts-limit text shows', async () => {
    // Prepare
    const user = await createTestUser('admin');
    const page = await fresh();
    await page.goto(appUrl('/login'));
    await page.getByLabel('Email').fill(user.email);
    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login' });

    // Act: three wrong passwords
    for (let i = 1; i <= 3; i++) {
      await password.fill(`Wrong#Pass${i}`);
      await login.click();
      await expect.poll(() => page.locator('.eb-form-error').first().textContent()).toContain(MSG.invalidCredentials);
    }

    // Assess: the limit text, Login disabled even with the right password, and Enter makes no call
    await expect.poll(() => page.locator('.eb-login__form').textContent()).toContain(MSG.attemptsLimit);
    await password.fill(user.password);
    expect(await login.isDisabled()).toBe(true);
    let calls = 0;
    page.on('request', (r) => void (r.url().includes('/api/users/Login') && calls++));
    await password.press('Enter');
    expect(await page.locator('.eb-login__form').textContent()).toContain(MSG.attemptsLimit);
    expect(calls).toBe(0);
    expect(page.url()).toContain('/login');
  });

  it('resets a forgotten password through the emailed link and signs in with the new one', async () => {
    // Prepare
    const user = await createTestUser('viewOnly', { firstName: 'Fay', lastName: 'Forgot' });
    const page = await fresh();
    await page.goto(appUrl('/login'));
    // Act: ask for a link
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Get New Password' }).click();
    await expect.poll(() => page.getByText(MSG.checkEmailTitle).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(MSG.checkEmailMessage).count()).toBeGreaterThan(0);
    await checkScreen(page, 'login-check-email');
    const link = await waitForLink(user.email);
    // Act: open it and set a new password
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('Brand#New7');
    await page.getByLabel('Retype New Password').fill('Brand#Nwe7');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(MSG.newPasswordCheck);
    await checkScreen(page, 'login-new-password');
    await page.getByLabel('Retype New Password').fill('Brand#New7');
    await page.getByRole('button', { name: 'Submit' }).click();
    // Assess: signed in, and the new password works from a fresh browser
    await page.waitForURL(/\/enrollments\/contracts$/);
    await expect.poll(() => page.getByText('Fay Forgot').count()).toBeGreaterThan(0);
    const other = await fresh();
    await signInAs(other, user.email, 'Brand#New7');
    await other.waitForURL(/\/enrollments\/contracts$/);
  });
});

describe('shell', () => {
  const NAV = ['Work Queues', 'Contracts', 'Accounts', 'Reports', 'Business Entity', 'Contact Entity', 'Uploader'];

  async function navFor(type: 'superAdmin' | 'viewOnly' | 'agent', shot?: string) {
    const user = await createTestUser(type);
    const page = await fresh();
    await signInAs(page, user.email, user.password);
    await page.waitForURL(/\/enrollments\/contracts$/);
    await page.getByRole('navigation').waitFor();
    if (shot) await checkScreen(page, shot);
    const visible: string[] = [];
    for (const name of NAV) if (await page.getByRole('link', { name, exact: true }).count()) visible.push(name);
    const gear = await page.getByRole('button', { name: 'Administration' }).count();
    return { page, visible, gear };
  }

  it('shows an admin every entry and the gear menu with User Admin, Data Admin and Updater', async () => {
    const { page, visible, gear } = await navFor('superAdmin', 'shell-admin');
    expect(visible).toEqual(NAV);
    expect(gear).toBe(1);
    await page.getByRole('button', { name: 'Administration' }).click();
    for (const item of ['User Admin', 'Data Admin', 'Updater']) {
      await expect.poll(() => page.getByRole('menuitem', { name: item }).count()).toBe(1);
    }
    // the menu opened by the first click (which also loads it) comes to stand in the window, by the gear
    const viewport = page.viewportSize()!;
    await expect
      .poll(async () => {
        const box = await page.getByRole('menuitem', { name: 'User Admin' }).boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x < viewport.width;
      })
      .toBe(true);
    await page.getByRole('menuitem', { name: 'User Admin' }).click();
    await page.waitForURL(/\/enrollments\/users$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('User Administration');
  });

  it('shows a viewOnly user the staff entries without Uploader or the gear menu', async () => {
    const { visible, gear } = await navFor('viewOnly');
    expect(visible).toEqual(['Work Queues', 'Contracts', 'Accounts', 'Reports', 'Business Entity', 'Contact Entity']);
    expect(gear).toBe(0);
  });

  it('shows an agent only Contracts and Accounts, and sends them away from Reports', async () => {
    const { page, visible, gear } = await navFor('agent', 'shell-agent');
    expect(visible).toEqual(['Work Queues', 'Contracts', 'Accounts']);
    expect(gear).toBe(0);
    await page.goto(appUrl('/enrollments/reports'));
    await page.waitForURL((u) => !u.pathname.startsWith('/enrollments/reports'));
    expect(await page.getByRole('heading', { name: 'Reports' }).count()).toBe(0);
  });

  it('logs out: the session ends and app pages need a sign-in again', async () => {
    const user = await createTestUser('admin');
    const page = await fresh();
    await signInAs(page, user.email, user.password);
    await page.waitForURL(/\/enrollments\/contracts$/);
    await page.getByRole('button', { name: 'Log Out' }).click();
    // (a query still running when the session ends may send the page to the login a second time,
    // aborting the first navigation: poll the address rather than wait for one navigation)
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/login/);
    // a late second redirect to the login may abort this navigation once: go again then
    await page.goto(appUrl('/enrollments/accounts')).catch(() => page.goto(appUrl('/enrollments/accounts')));
    // the app sends the signed-out page to the login (a second navigation): wait for its URL, not for a load the redirect may cut short
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/login\?ref=%2Fenrollments%2Faccounts|\/login\?ref=\/enrollments\/accounts/);
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.name.startsWith('__Host-eb'))).toEqual([]);
  });

  it('redirects an unknown path to the default area', async () => {
    const user = await createTestUser('admin');
    const page = await fresh();
    await signInAs(page, user.email, user.password);
    await page.waitForURL(/\/enrollments\/contracts$/);
    await page.goto(appUrl('/no/such/page'));
    await page.waitForURL(/\/enrollments\/contracts$/);
  });
});

async function waitForLink(email: string): Promise<string> {
  const dir = inject('stack').outboxDir;
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f.includes(email)).sort();
      link = files.length ? JSON.parse(readFileSync(path.join(dir, files[files.length - 1]!), 'utf8')).link : undefined;
      return link;
    })
    .toBeTruthy();
  return link!;
}

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, newAmendment } from '../support/records';
import { signedIn } from '../support/users';
import { checkScreen, launchBrowser, sharedPages } from './support/browser';

/**
 * Work Queues (issue 31): the queues and charts, a queue opened into its search with the same
 * count, a record opened shown first under Recently opened, the start-page preference, and an agent's page without the batches and the change log.
 */
let browser: Browser;
let open: ReturnType<typeof sharedPages>;
let pendingAccount: number;
beforeAll(async () => {
  browser = await launchBrowser();
  open = sharedPages(() => browser);
  // a pending account (the 'Accounts pending' queue is never empty here)
  const api = (await signedIn('admin')).session;
  const amendment = await newAmendment(api, { contractStatus: 'Signed' });
  pendingAccount = (await newAccount(api, amendment.objectId, { accountStatus: 'Pending' })).objectId;
});
afterAll(async () => {
  await browser?.close();
});

const queue = (page: Page, id: string) => page.locator(`[data-queue="${id}"]`);
const countOf = async (page: Page, id: string) => Number(await queue(page, id).locator('.eb-home-queue__count').getAttribute('data-count'));

describe('Work Queues', () => {
  it('shows the queues and charts, opens a queue into its search with the same count, and keeps Work Queues as the start page', async () => {
    // Prepare
    const page = await open('admin', 'superAdmin', { width: 1366, height: 768 }, '/enrollments/home');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Work Queues');
    await expect.poll(() => page.locator('.eb-home-chart canvas').count(), { timeout: 20_000 }).toBe(5);
    // Assess: the first entry of the menu, every queue and the admins' batches
    expect(await page.locator('.eb-nav__link').first().textContent()).toBe('Work Queues');
    expect(await page.locator('[data-queue]').count()).toBe(10);
    await checkScreen(page, 'home');
    // Act: a chart's table view, by the keyboard
    await page.getByRole('button', { name: 'Show table: Accounts by enrollment status' }).focus();
    await page.keyboard.press('Enter');
    // Assess
    const table = page.locator('[data-chart="accountsByStatus"] table');
    await expect.poll(() => table.locator('tbody th').allTextContents()).toContain('Pending');
    await page.setViewportSize({ width: 1440, height: 900 });
    await checkScreen(page, 'home-1440');
    await page.setViewportSize({ width: 1366, height: 768 });
    // Act: the pending accounts' count opens Accounts Search with the queue's filter
    const pending = await countOf(page, 'pendingAccounts');
    expect(pending).toBeGreaterThan(0);
    await queue(page, 'pendingAccounts').locator('.eb-home-queue__count').click();
    // Assess
    await page.waitForURL((u) => u.pathname === '/enrollments/accounts' && u.searchParams.get('status') === 'Pending');
    await expect.poll(() => page.locator('.p-paginator-current').first().textContent(), { timeout: 15_000 }).toMatch(new RegExp(` of ${pending}$`));
    // Act: a queue with a filter of its own: its search shows it, and it can be taken off
    await page.goto(`/enrollments/accounts?status=Sent+to+Utility&statusAge=14`);
    const chip = page.getByRole('button', { name: 'Remove the filter Status date over 14 days ago' });
    await chip.click();
    // Assess
    await page.waitForURL((u) => u.pathname === '/enrollments/accounts' && !u.searchParams.has('statusAge') && u.searchParams.get('status') === 'Sent to Utility');
    // Act: an account opened, then Work Queues again
    await page.goto(`/enrollments/accounts/${pendingAccount}`);
    await expect.poll(() => page.getByLabel(/^LDC Account #/).inputValue()).not.toBe('');
    await page.goto('/enrollments/home');
    // Assess: it is the first of the recently opened
    await expect.poll(() => queue(page, 'opened').locator('li a').first().getAttribute('href')).toBe(`/enrollments/accounts/${pendingAccount}`);
    // named as its tab names it: the account's name and LDC #
    const ldc = await page.evaluate(async (id) => (await (await fetch(`/api/account/Get?id=${id}`)).json()) as { name: string; ldcAccountNum: string }, pendingAccount);
    expect(await queue(page, 'opened').locator('li a').first().textContent()).toBe(`${ldc.name} · ${ldc.ldcAccountNum}`);
    // Act: Work Queues as the start page
    const saved = page.waitForResponse((r) => r.url().includes('/api/users/SaveView') && r.ok());
    await page.getByLabel('Open Work Queues when I sign in').check();
    await saved;
    await page.goto('/enrollments');
    // Assess
    await page.waitForURL((u) => u.pathname === '/enrollments/home');
  });

  it("shows an agent the queues and charts without the batches or the change log", async () => {
    // Prepare
    const page = await open('agent', 'agent', { width: 1366, height: 768 }, '/enrollments/home');
    // Assess
    await expect.poll(() => page.locator('.eb-home-chart canvas').count(), { timeout: 20_000 }).toBe(4);
    expect(await page.locator('[data-queue]').count()).toBe(8);
    expect(await queue(page, 'batches').count()).toBe(0);
    expect(await queue(page, 'recent').count()).toBe(0);
    await checkScreen(page, 'home-agent');
    // Act: the pricing validation queue opened into Contracts Search
    const awaiting = await countOf(page, 'pricingValidation');
    await queue(page, 'pricingValidation').locator('.eb-home-queue__count').click();
    // Assess: the search names the queue's filter and finds the queue's count
    await page.waitForURL((u) => u.pathname === '/enrollments/contracts' && u.searchParams.get('awaiting') === 'pricing');
    await expect.poll(() => page.getByRole('combobox', { name: 'Awaiting validation' }).inputValue()).toBe('Awaiting pricing validation');
    await expect.poll(() => page.locator('.p-paginator-current').first().textContent(), { timeout: 15_000 }).toMatch(new RegExp(` of ${awaiting}$`));
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/invoke';
import { newAmendment, uniqueLdc } from '../support/records';
import { signedIn } from '../support/users';
import { checkScreen, launchBrowser, sharedPages } from './support/browser';

/**
 * Accounts in Chromium against the local stack (spec 2 "Account Detail", "Accounts grid inside an
 * amendment", "Accounts Search"): add an account from its amendment with the server's defaults,
 * change its status in the amendment's grid, find it in the search; an agent reads it without the
 * Commission section.
 */
let browser: Browser;
let api: Session;
const RUN = randomUUID().replace(/-/g, '').slice(0, 6);
const LDC = uniqueLdc();
const LDC2 = uniqueLdc();
let amendmentId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  api = (await signedIn('admin')).session;
  amendmentId = (await newAmendment(api, { freshDescId: `T-${RUN}` })).objectId;
});
afterAll(async () => {
  await browser?.close();
});

const shared = sharedPages(() => browser);
const open = (type: 'admin' | 'agent', path: string) => shared(type, type, { width: 1440, height: 900 }, path);
async function pick(page: Page, label: string, typed: string) {
  const input = page.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) });
  await input.click();
  await input.pressSequentially(typed);
  await input.press('Enter');
}

describe('Accounts', () => {
  it("adds an account from its amendment with the derived end date and upload rate, then changes its status in the amendment's grid", async () => {
    // Prepare: the amendment's Accounts section
    const page = await open('admin', `/enrollments/contracts/amendment/${amendmentId}`);
    const section = page.getByRole('region', { name: 'Accounts of the amendment' });
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/enrollments/accounts/0/${amendmentId}`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // Act: the required fields
    await page.getByLabel(/^Account Name \*?$/).fill(`Harborview Hotels ${RUN}`);
    await pick(page, 'Account Type', 'Renew');
    await pick(page, 'Status', 'Pend');
    await pick(page, 'Territory', 'PSEG');
    await page.getByLabel(/^LDC Account #/).fill(LDC);
    await page.getByLabel(/^Service Class/).fill('GS');
    await pick(page, 'Revenue Class', 'Small');
    await pick(page, 'Tax Exemption', 'No');
    await page.getByLabel(/^Requested Start Date/).fill('03/01/2026');
    await page.getByLabel(/^Contract Start Date/).fill('03/01/2026');
    await page.getByLabel(/^Term/).fill('12');
    await page.getByLabel(/^Contract Rate/).fill('0.1');
    // Assess: the derived end date, then Save
    await expect.poll(() => page.locator('.eb-account__derived').textContent()).toContain('02/28/2027');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await checkScreen(page, 'account-new');
    await save.click();
    await page.waitForURL((u) => /^\/enrollments\/accounts\/\d+$/.test(u.pathname));
    await expect.poll(() => page.locator('.eb-account__derived').textContent()).toContain('0.09378664');
    expect(await page.getByLabel(/^Account Name \[25\]/).inputValue()).toBe(`Harborview Hotels ${RUN}`.slice(0, 25).trim());
    // Act: an address, its city, state and county filled by the zip
    const addresses = page.locator('section.eb-subgrid--address');
    await addresses.getByRole('button', { name: 'Add', exact: true }).click();
    await addresses.getByRole('combobox', { name: 'Type' }).pressSequentially('Serv');
    await addresses.getByRole('combobox', { name: 'Type' }).press('Enter');
    await addresses.getByRole('textbox', { name: 'Address' }).fill('1 Ocean Avenue');
    await addresses.getByRole('textbox', { name: 'Zip', exact: true }).fill('07102');
    await expect.poll(() => addresses.getByRole('textbox', { name: 'City' }).inputValue()).not.toBe('');
    await addresses.getByRole('button', { name: 'Save', exact: true }).click();
    // Assess
    await expect.poll(() => addresses.locator('tbody').textContent()).toContain('1 Ocean Avenue');
    await checkScreen(page, 'account-saved');
    // Act: the amendment's grid, its status dropdown
    await page.getByRole('link', { name: /^Amendment #/ }).click();
    await page.waitForURL((u) => u.pathname === `/enrollments/contracts/amendment/${amendmentId}`);
    const grid = page.getByRole('region', { name: 'Accounts of the amendment' });
    await expect.poll(() => grid.locator('tbody').textContent()).toContain(LDC);
    await grid.locator('.eb-amendment-accounts__status').first().click();
    await page.getByRole('option', { name: 'Enrolled' }).click();
    // Assess
    await expect.poll(async () => (await api.post('/api/account/GetList', { ldcAccountNumber: LDC })).body.data[0]?.accountStatus).toBe('Enrolled');
    await checkScreen(page, 'amendment-accounts');
  });

  it('finds the account in Accounts Search by its LDC number and opens it; an agent reads it without Commission', async () => {
    // Prepare
    const page = await open('admin', `/enrollments/accounts?keyword=${encodeURIComponent(LDC)}`);
    const rows = page.locator('.eb-accounts-grid tbody tr');
    await expect.poll(() => rows.textContent(), { timeout: 15_000 }).toContain(LDC);
    await checkScreen(page, 'accounts-search');
    // Act
    await rows.first().locator('.p-checkbox, input[type="checkbox"]').first().click();
    await page.getByRole('button', { name: 'View Record' }).click();
    await page.waitForURL((u) => /^\/enrollments\/accounts\/\d+$/.test(u.pathname));
    const id = new URL(page.url()).pathname.split('/').pop();
    // Act: clone it (a new account of the same amendment, its LDC number to be typed)
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/enrollments/accounts/0/clone/${id}`);
    await expect.poll(() => page.getByRole('tab', { name: 'New' }).count()).toBe(1);
    await expect.poll(() => page.getByLabel(/^LDC Account #/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Account Name \*?$/).inputValue()).toBe(`Harborview Hotels ${RUN}`);
    await page.getByLabel(/^LDC Account #/).fill(LDC2);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((u) => /^\/enrollments\/accounts\/\d+$/.test(u.pathname) && u.pathname !== `/enrollments/accounts/${id}`);
    expect((await api.post('/api/account/GetList', { ldcAccountNumber: LDC2 })).body.data[0]).toMatchObject({ accountName: `Harborview Hotels ${RUN}` });
    // Assess: the agent's view
    const agentPage = await open('agent', `/enrollments/accounts/${id}`);
    await expect.poll(() => agentPage.getByLabel(/^LDC Account #/).inputValue()).toBe(LDC);
    expect(await agentPage.getByLabel(/^LDC Account #/).isDisabled()).toBe(true);
    expect(await agentPage.getByText('Commission', { exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('button', { name: 'Clone', exact: true }).count()).toBe(0);
  });
});

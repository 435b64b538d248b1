import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/invoke';
import { newAmendment, uniqueLdc } from '../support/records';
import { signedIn } from '../support/users';
import { MSG } from '@eb/shared/messages';
import { accountStatusConfirmMessage } from '@eb/shared/account/status-rules';
import { appUrl, checkScreen, launchBrowser, pick, revealSection, sharedPages } from './support/browser';

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
const AGENT = `AG-${RUN}`;

beforeAll(async () => {
  browser = await launchBrowser();
  api = (await signedIn('admin')).session;
  amendmentId = (await newAmendment(api, { freshDescId: `T-${RUN}` })).objectId;
  // an agent with its master and sub-agent, to choose on the account (issue 28)
  expect((await (await signedIn('superAdmin')).session.post('/api/agent/Create', { code: AGENT, master: `Master ${RUN}`, subagent: `Sub ${RUN}` })).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

const shared = sharedPages(() => browser);
const open = (type: 'admin' | 'agent', path: string) => shared(type, type, { width: 1440, height: 900 }, path);

describe('Accounts', () => {
  it("adds an account from its amendment with the derived end date and upload rate, then changes its status in the amendment's grid", async () => {
    // Prepare: the amendment's Accounts section
    const page = await open('admin', `/enrollments/contracts/amendment/${amendmentId}`);
    await revealSection(page, 'Accounts');
    const section = page.getByRole('region', { name: 'Accounts of the amendment' });
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/enrollments/accounts/0/${amendmentId}`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // Assess: the parent contract and amendment, the amendment's start date and term prefilled, the start that follows (issue 28)
    await expect.poll(() => page.getByRole('link', { name: /^Amendment #/ }).count()).toBe(1);
    expect(await page.getByLabel(/^Requested Start Date/).inputValue()).toBe('02/01/2026');
    expect(await page.getByLabel(/^Term/).inputValue()).toBe('12');
    expect(await page.getByLabel(/^Contract Start Date/).inputValue()).toBe('02/01/2026');
    // Act: the required fields
    await page.getByLabel(/^Account Name \*?$/).fill(`Harborview Hotels ${RUN}`);
    await pick(page, 'Account Type', 'Renew', 'Renewal');
    await pick(page, 'Status', 'Pend', 'Pending');
    await pick(page, 'Territory', 'PSEG', 'PSEG — PSE&G');
    await page.getByLabel(/^LDC Account #/).fill(LDC);
    await page.getByLabel(/^Service Class/).fill('GS');
    await pick(page, 'Revenue Class', 'Small', 'Small Commercial');
    await pick(page, 'Tax Exemption', 'No', 'No');
    await page.getByLabel(/^Requested Start Date/).fill('03/01/2026');
    await page.getByLabel(/^Contract Start Date/).fill('03/01/2026');
    await page.getByLabel(/^Term/).fill('12');
    await page.getByLabel(/^Contract Rate/).fill('0.1');
    await page.getByLabel(/^Price Adder/).fill('0.002');
    await pick(page, 'Agent', AGENT, AGENT);
    // Assess: the short name, upload rate, total bill rate and the agent's names as typed (issue 28)
    expect(await page.getByLabel(/^Account Name \[25\]/).inputValue()).toBe(`Harborview Hotels ${RUN}`.slice(0, 25).trim());
    await expect.poll(() => page.getByLabel('Upload Rate').inputValue()).toBe('0.09378664');
    expect(await page.getByLabel('Total Bill Rate').inputValue()).toBe('0.102');
    expect(await page.getByLabel('Master Agent', { exact: true }).inputValue()).toBe(`Master ${RUN}`);
    expect(await page.getByLabel('Sub-Agent', { exact: true }).inputValue()).toBe(`Sub ${RUN}`);
    expect(await page.getByLabel('Distributor').inputValue()).toBe('PSE&G');
    // Assess: the derived end date, then Save
    await expect.poll(() => page.locator('.eb-account__derived').textContent()).toContain('02/28/2027');
    await expect.poll(() => save.isDisabled()).toBe(false);
    await checkScreen(page, 'account-new');
    await save.click();
    await page.waitForURL((u) => /^\/enrollments\/accounts\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByLabel('Unique ID').inputValue()).toBe(`PSEG-${LDC}`);
    expect(await page.getByLabel('Upload Rate').inputValue()).toBe('0.09378664');
    expect(await page.getByLabel('Agent Name', { exact: true }).inputValue()).toBe(AGENT);
    expect(await page.getByLabel(/^Account Name \[25\]/).inputValue()).toBe(`Harborview Hotels ${RUN}`.slice(0, 25).trim());
    // Act: an address, its city, state and county filled by the zip
    const addresses = page.locator('section.eb-subgrid--address');
    await addresses.getByRole('button', { name: 'Add', exact: true }).click();
    await pick(addresses, 'Type', 'Serv', 'Service');
    await addresses.getByRole('textbox', { name: 'Address' }).fill('1 Ocean Avenue');
    await addresses.getByRole('textbox', { name: 'Zip', exact: true }).fill('07102');
    await expect.poll(() => addresses.getByRole('textbox', { name: 'City' }).inputValue()).not.toBe('');
    await addresses.getByRole('button', { name: 'Save', exact: true }).click();
    // Assess
    await expect.poll(() => addresses.locator('tbody').textContent()).toContain('1 Ocean Avenue');
    // the section's header counts it
    await expect.poll(() => page.locator('.p-panel-header').filter({ hasText: /^Addresses \(1\)/ }).count()).toBe(1);
    await checkScreen(page, 'account-saved');
    // Act: the amendment's grid, its status dropdown
    await page.getByRole('link', { name: /^Amendment #/ }).click();
    await page.waitForURL((u) => u.pathname === `/enrollments/contracts/amendment/${amendmentId}`);
    await revealSection(page, 'Accounts');
    const grid = page.getByRole('region', { name: 'Accounts of the amendment' });
    await expect.poll(() => grid.locator('tbody').textContent()).toContain(LDC);
    const status = grid.locator('.eb-amendment-accounts__status').first();
    const statusOf = async () => (await api.post('/api/account/GetList', { ldcAccountNumber: LDC })).body.data[0]?.accountStatus;
    await status.click();
    // Assess: a Draft amendment's account is not sent to the utility (the option says why)
    const sent = page.getByRole('option', { name: /^Sent to Utility/ });
    expect(await sent.getAttribute('aria-disabled')).toBe('true');
    expect(await sent.textContent()).toContain("while its amendment is 'Draft'");
    // Act: Cancelled ends the enrollment: asked first, No keeps the status
    await page.getByRole('option', { name: /^Cancelled/ }).click();
    const question = page.getByRole('dialog', { name: MSG.accountStatusConfirmHeader });
    await expect.poll(() => question.getByText(accountStatusConfirmMessage(LDC, 'Cancelled')).count()).toBe(1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await checkScreen(page, 'amendment-accounts-status-confirm');
    await page.setViewportSize({ width: 1440, height: 900 });
    await question.getByRole('button', { name: 'No' }).click();
    expect(await statusOf()).toBe('Pending');
    // Act: On Hold is set at once
    await status.click();
    await page.getByRole('option', { name: /^On Hold/ }).click();
    // Assess
    await expect.poll(statusOf).toBe('On Hold');
    await checkScreen(page, 'amendment-accounts');
    // Act: Cancelled, Yes
    await status.click();
    await page.getByRole('option', { name: /^Cancelled/ }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    // Assess
    await expect.poll(statusOf).toBe('Cancelled');
    // a whole day's journey (add, address, statuses, clone, the agent's view): more than the default minute on a loaded machine
  }, 120_000);

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
    // Act: an unsaved edit (on the saved clone's own form: Download is enabled), then the link to the amendment: asked first (nothing lost), No stays
    await expect.poll(() => page.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(false);
    await page.getByLabel(/^Account Name \*?$/).fill(`Edited ${RUN}`);
    await page.getByRole('link', { name: /^Amendment #/ }).click();
    const question = page.getByRole('dialog', { name: MSG.unsavedRowsHeader });
    await expect.poll(() => question.getByText(MSG.unsavedChangesDiscard).count()).toBe(1);
    await question.getByRole('button', { name: 'No' }).click();
    // Assess
    expect(await page.getByLabel(/^Account Name \*?$/).inputValue()).toBe(`Edited ${RUN}`);
    expect(new URL(page.url()).pathname).toMatch(/^\/enrollments\/accounts\/\d+$/);
    // Assess: the agent's view, opened from the amendment's grid
    const agentPage = await open('agent', `/enrollments/contracts/amendment/${amendmentId}`);
    await revealSection(agentPage, 'Accounts');
    await agentPage.getByRole('link', { name: `Open account ${LDC}` }).click();
    await agentPage.waitForURL((u) => u.pathname === `/enrollments/accounts/${id}`);
    await expect.poll(() => agentPage.getByLabel(/^LDC Account #/).inputValue()).toBe(LDC);
    expect(await agentPage.getByLabel(/^LDC Account #/).isDisabled()).toBe(true);
    expect(await agentPage.getByText('Commission', { exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
    expect(await agentPage.getByRole('button', { name: 'Clone', exact: true }).count()).toBe(0);
  });

  it("enters the account's monthly volumes and a usage-charge row, outlines inverted volume dates, and shows the billing system's rows", async () => {
    // Prepare: an account, and two billing rows loaded by the billing feed (an administrator's call)
    const account = (await api.post('/api/account/Create', {
      contract: { objectId: amendmentId },
      name: `Volume ${RUN}`,
      type: 'Renewal',
      accountStatus: 'Pending',
      territory: { objectId: (await api.get('/api/reference/TerritoryGetList', { limit: 100 })).body.data.find((t: { code: string }) => t.code === 'PSEG').objectId },
      ldcAccountNum: uniqueLdc(),
      serviceClass: 'GS',
      revenueClass: 'Small Commercial',
      taxExemption: 'No',
      requestedStartDate: '2026-03-01T00:00:00',
      term: 12,
    })).body as { objectId: number };
    const feed = (await signedIn('superAdmin')).session;
    const bill = (from: string, to: string, canceled: boolean) => ({ fromDate: from, toDate: to, usageDays: 30, canceled, usageQuantity: 1200, rateBilledUnitPrice: 0.1, usageChargeAmount: 120, tax: 7.95, totalBill: 127.95 });
    expect((await feed.post('/api/account/LoadBillingRows', { account: { objectId: account.objectId }, rows: [bill('2026-03-01T00:00:00', '2026-03-31T00:00:00', false), bill('2026-04-01T00:00:00', '2026-04-30T00:00:00', true)] })).status).toBe(200);
    const page = await open('admin', `/enrollments/accounts/${account.objectId}`);
    await expect.poll(() => page.getByLabel(/^Account Name \*?$/).inputValue(), { timeout: 15_000 }).toBe(`Volume ${RUN}`);
    // Act: inverted dates first, then the right ones, a month's volume and an under-usage row
    await page.getByLabel('Volume Start Date').fill('03/01/2026');
    await page.getByLabel('Volume End Date').fill('02/01/2026');
    await page.getByLabel('Volume End Date').press('Tab');
    await expect.poll(() => page.getByText('The volume end date cannot be before its start date').count()).toBe(1);
    const save = page.locator('.eb-account__actions').getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Volume End Date').fill('02/28/2027');
    await page.getByLabel('Volume End Date').press('Tab');
    await page.getByRole('textbox', { name: 'March 2026' }).fill('1200.5');
    await page.getByRole('textbox', { name: 'January 2027' }).fill('980');
    // a value the rule refuses: its text under the grid and a summary by Save (issue 28)
    await page.getByRole('textbox', { name: 'April 2026' }).fill('12.1234567');
    await expect.poll(() => page.locator('.eb-volume__messages').textContent()).toContain('Apr 2026: Field should be decimal number with 9 or less integers and 6 or less decimals');
    expect(await page.locator('.eb-account__summary').textContent()).toBe('Volume Apr 2026: correct the value to save');
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'April 2026' }).fill('');
    await expect.poll(() => page.locator('.eb-account__summary').count()).toBe(0);
    await page.getByRole('button', { name: 'Add under usage row' }).click();
    await page.getByRole('textbox', { name: 'Under usage 1 Tolerance %' }).fill('10');
    await page.getByRole('textbox', { name: 'Under usage 1 Rate %' }).fill('5');
    // Assess: two years of months (2026, 2027), the switches only on the uu row, the billing rows
    expect(await page.locator('.eb-volume__grid tbody tr').count()).toBe(2);
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect.poll(() => billing.locator('tbody tr').count()).toBe(2);
    expect(await billing.locator('tbody').textContent()).toMatch(/04\/01\/2026.*Inactive.*03\/01\/2026.*Active/);
    await checkScreen(page, 'account-volume-billing');
    await save.click();
    await expect.poll(async () => (await api.get('/api/account/Get', { id: account.objectId })).body.accountVolume?.volumeData).toEqual([
      { year: 2026, months: [null, null, 1200.5, null, null, null, null, null, null, null, null, null] },
      { year: 2027, months: [980, null, null, null, null, null, null, null, null, null, null, null] },
    ]);
    const saved = (await api.get('/api/account/Get', { id: account.objectId })).body.accountVolume;
    expect(saved.usageCharges).toEqual([expect.objectContaining({ kind: 'uu', tolPct: 10, ratePct: 5 })]);
  });
});

describe('Accounts Search', () => {
  it('filters by an LDC column filter and the renewals-due window in the URL, shows the days remaining, and exports all through a job', async () => {
    // Prepare: an account whose term ends 45 days from today
    const end = new Date(Date.now() + 45 * 86_400_000);
    const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate() + 1));
    const ldc = uniqueLdc();
    const territories = (await api.get('/api/reference/TerritoryGetList', { limit: 100 })).body.data as { code: string; objectId: number }[];
    const created = await api.post('/api/account/Create', {
      contract: { objectId: amendmentId },
      name: `Renewal ${RUN}`,
      type: 'Renewal',
      accountStatus: 'Enrolled',
      territory: { objectId: territories.find((t) => t.code === 'PSEG')!.objectId },
      ldcAccountNum: ldc,
      serviceClass: 'GS',
      revenueClass: 'Small Commercial',
      taxExemption: 'No',
      requestedStartDate: `${start.toISOString().slice(0, 10)}T00:00:00`,
      term: 12,
    });
    expect(created.body.contractEndDate).toBe(`${end.toISOString().slice(0, 10)}T00:00:00`);
    const page = await open('admin', '/enrollments/accounts');
    const rows = page.locator('.eb-accounts-grid tbody tr');
    // Act: the LDC column filter (behind 'Filters'), then the 60-day window
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('textbox', { name: 'Filter by LDC Account #' }).fill(ldc);
    await page.waitForURL((u) => u.searchParams.get('f.ldcAccountNumber') === ldc, { waitUntil: 'commit' });
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await pick(page, 'Renewals due', 'Ending within 60', 'Ending within 60 days');
    await page.waitForURL((u) => u.searchParams.get('renewal') === '60', { waitUntil: 'commit' });
    // the renewals due: the soonest end first (Days Remaining)
    await page.waitForURL((u) => u.searchParams.get('sort') === 'accountEndDate Ascending', { waitUntil: 'commit' });
    // Assess: the row and its days remaining; 30 days leaves it out
    await expect.poll(() => rows.first().textContent()).toContain(ldc);
    const headers = await page.locator('.eb-accounts-grid thead th').allTextContents();
    const daysColumn = headers.findIndex((h) => h.includes('Days Remaining'));
    expect(await rows.first().locator('td').nth(daysColumn).textContent()).toBe('45');
    await checkScreen(page, 'accounts-search-renewals');
    const file = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export all' }).click();
    expect((await file).suggestedFilename()).toBe(`accounts-all-${new Date().toISOString().slice(0, 10)}.xlsx`);
    await page.goto(appUrl(`/enrollments/accounts?f.ldcAccountNumber=${ldc}&renewal=30`));
    await expect.poll(() => page.locator('.eb-accounts-grid tbody').textContent(), { timeout: 15_000 }).not.toContain(ldc);
  });
});

describe('Reports', () => {
  it('writes Export To P2C through a job after the type is picked, and downloads it in this window; agents cannot reach it', async () => {
    // Prepare
    const page = await open('admin', '/enrollments/reports');
    const download = page.getByRole('button', { name: 'Download' });
    await expect.poll(() => download.isDisabled(), { timeout: 15_000 }).toBe(true);
    // Act
    await pick(page, 'Report Type', 'Export', 'Export To P2C');
    await expect.poll(() => download.isDisabled()).toBe(false);
    await checkScreen(page, 'reports');
    const file = page.waitForEvent('download', { timeout: 60_000 });
    await download.click();
    // Assess
    expect((await file).suggestedFilename()).toBe('export-to-p2c.xlsx');
    await expect.poll(() => page.getByText('The file is ready').count()).toBeGreaterThan(0);
    const agentPage = await open('agent', '/enrollments/reports');
    await agentPage.waitForURL((u) => !u.pathname.startsWith('/enrollments/reports'), { waitUntil: 'commit' });
  });
});

describe('Accounts Search for all-day use (issue 28 section 5)', () => {
  const KEY_COLUMNS = ['CAMS Account ID', 'LDC Account #', 'Account Name', 'Status', 'Requested Start Date', 'Account End Date', 'Days Remaining', 'Business Entity'];

  it('shows the key columns at 1366x768 and 1440x900, opens an account with a click on its row, and names its tab by the account name and LDC number', async () => {
    // Prepare
    const ldc = uniqueLdc();
    await api.post('/api/account/Create', {
      contract: { objectId: amendmentId }, name: `Lakeview Foods ${RUN}`, type: 'New', accountStatus: 'Pending', territory: { objectId: (await api.get('/api/reference/TerritoryGetList', { limit: 100 })).body.data.find((t: { code: string }) => t.code === 'PSEG').objectId },
      ldcAccountNum: ldc, serviceClass: 'GS', revenueClass: 'Small Commercial', taxExemption: 'No', requestedStartDate: '2026-03-01T00:00:00', term: 12,
    });
    const search = `/enrollments/accounts?keyword=${encodeURIComponent(ldc)}`;
    for (const viewport of [{ width: 1440, height: 900 }, { width: 1366, height: 768 }]) {
      const page = await shared(`admin-${viewport.width}`, 'admin', viewport, search);
      await expect.poll(() => page.locator('.eb-accounts-grid tbody tr').count(), { timeout: 15_000 }).toBe(1);
      // Assess: every key column's header lies whole inside the grid, in the window
      const frame = (await page.locator('.eb-accounts-grid').boundingBox())!;
      for (const name of KEY_COLUMNS) {
        const cell = (await page.locator('.eb-accounts-grid thead th').filter({ hasText: name }).first().boundingBox())!;
        expect(cell.x + cell.width, name).toBeLessThanOrEqual(frame.x + frame.width + 1);
        expect(cell.y + cell.height, name).toBeLessThanOrEqual(viewport.height);
      }
    }
    const page = await shared('admin-1366', 'admin', { width: 1366, height: 768 }, search);
    await expect.poll(() => page.locator('.eb-accounts-grid tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await checkScreen(page, 'accounts-search-1366');
    // Act: a click on the row's name opens it
    await page.locator('.eb-accounts-grid tbody tr').first().getByText(`Lakeview Foods ${RUN}`).click();
    // Assess
    await page.waitForURL((u) => /^\/enrollments\/accounts\/\d+$/.test(u.pathname));
    await expect.poll(() => page.getByRole('tab', { name: `Lakeview Foods ${RUN} · ${ldc}` }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByLabel(/^LDC Account #/).inputValue()).toBe(ldc);
    await checkScreen(page, 'account-detail-1366');
  });
});

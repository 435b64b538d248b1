import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/invoke';
import { newAccount, newAmendment } from '../support/records';
import { xlsxOf } from '../support/spreadsheets';
import { signedIn } from '../support/users';
import { checkScreen, chooseWorkbook, expectNotice, launchBrowser, sharedPages } from './support/browser';

/**
 * The Updater in Chromium against the local stack (issue 11 "Done means"): change the term of an
 * amendment and the contract rate of an account through the updater, see a bad field name and an
 * unknown key as exceptions, fix one and validate it, Save All, and see the changes, their derived
 * fields (the end date, the upload rate) and the change log naming the batch on the amendment and
 * account screens.
 */
let browser: Browser;
let api: Session;
beforeAll(async () => {
  browser = await launchBrowser();
  api = (await signedIn('superAdmin')).session;
});
afterAll(async () => {
  await browser?.close();
});
const shared = sharedPages(() => browser);
const open = (path: string) => shared('superAdmin', 'superAdmin', { width: 1440, height: 900 }, path);
const countOf = async (page: Page, name: RegExp) => Number((await page.getByRole('tab', { name }).textContent())!.match(/\((\d+)\)/)![1]);
const newestBatch = async (updateType: string, isValid: boolean) => ((await api.post('/api/update/GetUpdateFilterHints', { updateType, isValid })).body.batchIds as number[])[0]!;

describe('Updater', () => {
  it("changes an amendment's term and an account's contract rate, fixes a bad field name in place, and saves each batch with its derived fields and the batch in the change log", async () => {
    // Prepare: an amendment (start 02/01/2026, 12 months) with an account
    const amendment = await newAmendment(api);
    const account = await newAccount(api, amendment.objectId);
    const amendmentsBook = await xlsxOf('Amendments', [
      ['Contract ID', 'Amendment #', 'Field Name', 'New Value'],
      [amendment.contractId, 1, 'Term', 24],
      [amendment.contractId, 1, 'Colour', 'ACME-24'],
      [999_999_999, 1, 'Term', 6],
    ]);
    // Act: the type from the URL, the template, the upload
    const page = await open('/enrollments/updater?type=Amendments');
    await expect.poll(() => page.getByRole('combobox', { name: 'Update type' }).inputValue(), { timeout: 15_000 }).toBe('Amendments');
    expect(await page.getByRole('tab', { name: /Last Save/ }).count()).toBe(0);
    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    expect((await template).suggestedFilename()).toBe('Amendments-update-template.xlsx');
    await chooseWorkbook(page, 'Upload Spreadsheet', 'amendments.xlsx', amendmentsBook);
    await expectNotice(page, api, '3 rows read: 1 validated, 2 with exceptions');
    // Act: the batch's exceptions (batch in the URL), the bad field name fixed in place and validated
    const batchId = await newestBatch('Amendments', false);
    await page.goto(`/enrollments/updater?type=Amendments&batch=${batchId}&tab=1`);
    const grid = page.getByRole('table', { name: 'Exception rows' });
    await expect.poll(() => grid.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    expect(await grid.textContent()).toContain('999999999');
    await grid.locator('tbody tr').first().getByRole('button').first().click();
    await expect.poll(() => page.locator('.eb-uploader__exceptions').first().textContent()).toContain('This field name is invalid.');
    const fix = page.getByRole('textbox', { name: /^New value of Field Name/ });
    await expect.poll(() => fix.inputValue()).toBe('Colour');
    await checkScreen(page, 'updater-exceptions');
    await fix.fill('Promotion Code');
    await grid.locator('tbody tr').first().locator('.p-checkbox, input[type="checkbox"]').first().click();
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /^Exception/ }).textContent(), { timeout: 15_000 }).toBe('Exception(1)');
    await expect.poll(() => grid.textContent()).toContain('999999999');
    // Act: Save All of the batch on the validated tab
    await page.getByRole('tab', { name: /^Validated/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: /^Validated/ }).textContent()).toBe('Validated(2)');
    // (the tab's rows load 100 ms after the tab changed: Save All once they are shown, as a user does)
    await expect.poll(() => page.getByRole('table', { name: 'Validated rows' }).locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('button', { name: 'Save All' }).click();
    await expect.poll(() => countOf(page, /^Validated/), { timeout: 30_000 }).toBe(0);
    // Assess: the amendment's term, its end date following, the promotion code and the log naming the batch
    const amendmentPage = await open(`/enrollments/contracts/amendment/${amendment.objectId}`);
    await expect.poll(() => amendmentPage.getByLabel(/^Term/).inputValue(), { timeout: 15_000 }).toBe('24');
    await expect.poll(() => amendmentPage.locator('.eb-amendment__derived').textContent()).toContain('01/31/2028');
    expect(await amendmentPage.getByLabel(/^Promotion Code/).inputValue()).toBe('ACME-24');
    await amendmentPage.getByRole('button', { name: /CHANGE LOG/ }).click();
    await expect.poll(() => amendmentPage.locator('.eb-changelog__list').first().textContent(), { timeout: 15_000 }).toContain(`(Update batch ${batchId})`);

    // Act: an account's contract rate, uploaded and saved the same way
    await page.goto('/enrollments/updater?type=Accounts');
    await expect.poll(() => page.getByRole('combobox', { name: 'Update type' }).inputValue(), { timeout: 15_000 }).toBe('Accounts');
    await chooseWorkbook(page, 'Upload Spreadsheet', 'accounts.xlsx', await xlsxOf('Accounts', [['CAMS Account ID', 'Field Name', 'New Value'], [account.objectId, 'Contract Rate', 0.2]]));
    await expectNotice(page, api, '1 row read: 1 validated, 0 with exceptions');
    const accountsBatch = await newestBatch('Accounts', true);
    await page.goto(`/enrollments/updater?type=Accounts&batch=${accountsBatch}`);
    await expect.poll(() => page.getByRole('tab', { name: /^Validated/ }).textContent(), { timeout: 15_000 }).toBe('Validated(1)');
    await checkScreen(page, 'updater-validated');
    await page.getByRole('button', { name: 'Save All' }).click();
    await expect.poll(() => countOf(page, /^Validated/), { timeout: 30_000 }).toBe(0);
    // Assess: the account's contract rate, its upload rate following, and the log
    const saved = (await api.get('/api/account/Get', { id: account.objectId })).body as { contractRate: number; uploadRate: number };
    expect(saved.contractRate).toBe(0.2);
    expect(saved.uploadRate).toBeCloseTo((account.uploadRate! / account.contractRate!) * 0.2, 6);
    const accountPage = await open(`/enrollments/accounts/${account.objectId}`);
    await expect.poll(() => accountPage.getByLabel(/^Contract Rate/).inputValue(), { timeout: 15_000 }).toBe('0.2');
    await accountPage.getByRole('button', { name: /change log/i }).click();
    await expect.poll(() => accountPage.locator('.eb-list-page__changelog').textContent(), { timeout: 15_000 }).toContain(`(Update batch ${accountsBatch})`);
  });
});

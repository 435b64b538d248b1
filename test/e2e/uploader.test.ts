import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/invoke';
import { newAccount, newAmendment, uniqueLdc } from '../support/records';
import { createTestUser, signedIn } from '../support/users';
import { appUrl, checkScreen, chooseWorkbook, expectNotice, expectShown, launchBrowser, pick, screenshot, sharedPages } from './support/browser';

/**
 * The Uploader in Chromium against the local stack: download the Accounts template, upload a
 * workbook with a good row and one with a bad date, see both tabs' counts, fix the date in the
 * exception row and validate it, then Save All of the batch and find the accounts, their change log
 * naming the batch; then one account edited and the batch's import undone: the edited account
 * reported and kept, the other gone.
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
const open = (path: string) => shared('superAdmin', 'superAdmin', { width: 1366, height: 768 }, path);

describe('Uploader', () => {
  // the whole journey, the Last Save tab included, took 53 s on a loaded machine
  it('uploads an Accounts workbook, fixes an exception in place, validates it and saves the batch with the batch in the change log', { timeout: 120_000 }, async () => {
    // Prepare: a workbook of two accounts under a new amendment, the second with a bad date
    const amendment = await newAmendment(api);
    const [ldc1, ldc2] = [uniqueLdc(), uniqueLdc()];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Accounts');
    ws.addRow(['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term']);
    ws.addRow([amendment.contractId, 1, 'Uploaded One', 'Renewal', 'Enrolled', 'PSEG', ldc1, 'GS', 'Small Commercial', 'No', '3/1/2026', 12]);
    ws.addRow([amendment.contractId, 1, 'Uploaded Two', 'Renewal', 'Enrolled', 'PSEG', ldc2, 'GS', 'Small Commercial', 'No', 'next spring', 12]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    // Act: the type (kept in the URL), its template, the upload
    const page = await open('/enrollments/uploader?type=Accounts');
    await expect.poll(() => page.getByRole('combobox', { name: 'Upload type' }).inputValue(), { timeout: 15_000 }).toBe('Accounts');
    await expect.poll(() => page.getByRole('tab', { name: /^3 Last Save/ }).count()).toBe(1);
    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    expect((await template).suggestedFilename()).toBe('Accounts-template.xlsx');
    const validatedBefore = Number((await page.getByRole('tab', { name: /^1 Validated/ }).textContent())!.match(/\((\d+)\)/)![1]);
    await chooseWorkbook(page, 'Upload Spreadsheet', 'accounts.xlsx', bytes);
    // Assess: the parse's outcome, one more row in each tab
    await expectNotice(page, api, '2 rows read: 1 validated, 1 with exceptions');
    await expect.poll(async () => Number((await page.getByRole('tab', { name: /^1 Validated/ }).textContent())!.match(/\((\d+)\)/)![1])).toBe(validatedBefore + 1);
    // Act: the batch, the exception tab, the fix and Validate
    const batches = (await api.post('/api/upload/GetBatchIds', { uploadType: 'Accounts', isValid: false })).body.batchIds as number[];
    await page.getByRole('tab', { name: /^2 Exception/ }).click();
    await pick(page, 'Batch', String(batches[0]), String(batches[0]));
    const grid = page.getByRole('table', { name: 'Exception rows' });
    await expect.poll(() => grid.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    const fix = page.getByRole('textbox', { name: /^New value of Requested Start Date/ });
    // the rows of the chosen tab and batch load 100 ms after the choice: a row expanded before then may be drawn again closed
    await page.waitForLoadState('networkidle');
    await expect
      .poll(async () => {
        if ((await fix.count()) === 0) await grid.locator('tbody tr').first().getByRole('button').first().click();
        return (await fix.count()) === 1 ? fix.inputValue({ timeout: 2_000 }).catch(() => null) : null;
      })
      .toBe('next spring');
    await checkScreen(page, 'uploader-exceptions');
    await fix.fill('03/01/2026');
    await grid.locator('tbody tr').first().locator('.p-checkbox, input[type="checkbox"]').first().click();
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /^2 Exception/ }).textContent()).toBe('2 Exception(0)');
    // Act: Save All of the batch on the validated tab
    await page.getByRole('tab', { name: /^1 Validated/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: /^1 Validated/ }).textContent()).toBe('1 Validated(2)');
    await page.getByRole('button', { name: 'Save All' }).click();
    // Assess: saved, imported in the last-save tab, the accounts and their log
    await expect.poll(() => page.getByRole('tab', { name: /^3 Last Save/ }).textContent(), { timeout: 30_000 }).toBe('3 Last Save(2)');
    // Act: the last-save tab; the fixed row expanded
    await page.getByRole('tab', { name: /^3 Last Save/ }).click();
    const lastSave = page.getByRole('table', { name: 'Last Save rows' });
    await expect.poll(() => lastSave.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    await lastSave.locator('tbody tr', { hasText: 'Uploaded Two' }).getByRole('button').first().click();
    // Assess: the exception it had, with the value read from the file and its fix, read-only
    const history = page.getByRole('table', { name: /^Exceptions of row 3/ });
    await expect.poll(() => history.locator('tbody tr').first().textContent()).toBe('Requested Start Datenext springInvalid Data Type - Enter as Date.03/01/2026');
    expect(await history.getByRole('textbox').count()).toBe(0);
    await checkScreen(page, 'uploader-last-save');
    const saved = (await api.post('/api/account/GetList', { amendmentId: amendment.objectId })).body.data as { objectId: number; ldcAccountNumber: string }[];
    expect(saved.map((a) => a.ldcAccountNumber).sort()).toEqual([ldc1, ldc2].sort());
    const search = await open(`/enrollments/accounts?keyword=${encodeURIComponent(ldc1)}`);
    await expect.poll(() => search.locator('.eb-accounts-grid tbody tr').textContent(), { timeout: 15_000 }).toContain('Uploaded One');
    const accountPage = await open(`/enrollments/accounts/${saved[0]!.objectId}`);
    await accountPage.getByRole('button', { name: /change log/i }).click();
    await expect.poll(() => accountPage.locator('.eb-list-page__changelog').textContent(), { timeout: 15_000 }).toContain(`(Upload batch ${batches[0]})`);
    // Act: a user edits one imported account (an address added), then Undo of the batch on its Last Save tab (issue 29 section 5)
    const [edited, other] = [saved.find((a) => a.ldcAccountNumber === ldc1)!, saved.find((a) => a.ldcAccountNumber === ldc2)!];
    expect((await api.post('/api/account/AddressAdd', { account: { objectId: edited.objectId }, addressType: 'Service', addressLine: '1 Ocean Ave', zipCode: '07740', county: 'Monmouth', city: 'Long Branch', state: 'NJ' })).status).toBe(200);
    const undoPage = await open(`/enrollments/uploader?type=Accounts&tab=2&batch=${batches[0]}`);
    await undoPage.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => undoPage.locator('.p-confirm-dialog').textContent()).toContain(`Undo the latest import of batch ${batches[0]}?`);
    await screenshot(undoPage, 'uploader-undo-confirm');
    await undoPage.locator('.p-confirm-dialog').getByRole('button', { name: 'Yes' }).click();
    // Assess: the edited account reported and kept with what differs, the other gone, the rows back to Validated
    const report = undoPage.getByRole('region', { name: 'Undo result' });
    await expect.poll(() => report.textContent(), { timeout: 30_000 }).toContain('Kept because someone changed them since the import: 1');
    expect(await report.textContent()).toContain(`account ${ldc1}`);
    await checkScreen(undoPage, 'uploader-undo-result');
    expect((await api.get('/api/account/Get', { id: edited.objectId })).status).toBe(200);
    expect((await api.get('/api/account/Get', { id: other.objectId })).status).toBe(404);
    expect((await api.post('/api/upload/GetList', { uploadType: 'Accounts', rowState: 'validated', batchId: batches[0], rowCountOnly: true }, { getTotalCount: true })).body.totalCount).toBe(2);
  });

  it("fixes a price report's exception in place and validates it, its validated tab without Save, Remove, template or selection", async () => {
    // Prepare: an account, and a price report with its rate unreadable
    const account = await newAccount(api, (await newAmendment(api)).objectId);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('PriceReport').addRows([['CAMS Account ID', 'Contract Rate', 'Effective Date'], [account.objectId, 'ten cents', '4/1/2026']]);
    const page = await open('/enrollments/uploader?type=PriceReport');
    await expect.poll(() => page.getByRole('combobox', { name: 'Upload type' }).inputValue(), { timeout: 15_000 }).toBe('PriceReport');
    await chooseWorkbook(page, 'Upload Spreadsheet', 'prices.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    await expectNotice(page, api, '1 row read: 0 validated, 1 with exceptions');
    const batch = ((await api.post('/api/upload/GetBatchIds', { uploadType: 'PriceReport', isValid: false })).body.batchIds as number[])[0]!;
    // Act: the batch's exception tab, the fix, the row chosen, Validate
    await page.goto(`/enrollments/uploader?type=PriceReport&batch=${batch}&tab=1`);
    const grid = page.getByRole('table', { name: 'Exception rows' });
    await expect.poll(() => grid.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await grid.locator('tbody tr').first().getByRole('button').first().click();
    await page.getByRole('textbox', { name: /^New value of Contract Rate/ }).fill('0.1');
    await grid.locator('tbody tr').first().locator('.p-checkbox, input[type="checkbox"]').first().click();
    await page.getByRole('button', { name: 'Validate' }).click();
    // Assess: validated; its tab has no Save, Remove, template or selection
    await expect.poll(() => page.getByRole('tab', { name: /^2 Exception/ }).textContent(), { timeout: 15_000 }).toBe('2 Exception(0)');
    await expect.poll(() => page.getByRole('tab', { name: /^1 Validated/ }).textContent()).toBe('1 Validated(1)');
    await page.getByRole('tab', { name: /^1 Validated/ }).click();
    const validated = page.getByRole('table', { name: 'Validated rows' });
    await expect.poll(() => validated.locator('tbody tr').first().textContent(), { timeout: 15_000 }).toContain('0.1');
    expect(await validated.locator('input[type="checkbox"]').count()).toBe(0);
    for (const name of ['Save', 'Remove', 'Download Template']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await checkScreen(page, 'uploader-price-report');
  });

  it('downloads the exceptions workbook, which corrected in a spreadsheet uploads again as it is', async () => {
    // Prepare: a workbook with one account whose term is not a number
    const amendment = await newAmendment(api);
    const ldc = uniqueLdc();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Accounts');
    ws.addRow(['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term']);
    ws.addRow([amendment.contractId, 1, 'Round Trip', 'Renewal', 'Enrolled', 'PSEG', ldc, 'GS', 'Small Commercial', 'No', '3/1/2026', 'a year']);
    const page = await open('/enrollments/uploader?type=Accounts');
    await expect.poll(() => page.getByRole('combobox', { name: 'Upload type' }).inputValue(), { timeout: 15_000 }).toBe('Accounts');
    await chooseWorkbook(page, 'Upload Spreadsheet', 'round-trip.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    await expectNotice(page, api, '1 row read: 0 validated, 1 with exceptions');
    // Act: the batch's exception tab, Download
    const batch = ((await api.post('/api/upload/GetBatchIds', { uploadType: 'Accounts', isValid: false })).body.batchIds as number[])[0]!;
    await page.goto(`/enrollments/uploader?type=Accounts&batch=${batch}&tab=1`);
    await expect.poll(() => page.getByRole('table', { name: 'Exception rows' }).locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const file = await (await download).path();
    // Act: corrected in a spreadsheet (the term) and uploaded again as it is
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(file);
    const sheet = back.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.at(-1)).toBe('Exception Reason');
    expect(String(sheet.getRow(2).getCell(headers.length).value)).toContain('Term: Invalid Data Type - Enter as Integer.');
    sheet.getRow(2).getCell(headers.indexOf('Term') + 1).value = 12;
    await page.goto('/enrollments/uploader?type=Accounts');
    await expect.poll(() => page.getByRole('combobox', { name: 'Upload type' }).inputValue(), { timeout: 15_000 }).toBe('Accounts');
    await chooseWorkbook(page, 'Upload Spreadsheet', 'round-trip-fixed.xlsx', Buffer.from(await back.xlsx.writeBuffer()));
    // Assess: read as it is, the row validated
    await expectNotice(page, api, '1 row read: 1 validated, 0 with exceptions');
  });
});

describe('Uploader: SingleFile', () => {
  it('uploads a workbook with a sheet per type, shows the failed rows per type and the key to resume from, and continues from it', async () => {
    // Prepare: a contract, amendment 1 good and 2 without a start date
    const contract = (await api.post('/api/mastercontract/Create', (await api.post('/api/mastercontract/Generate')).body)).body as { contractId: number };
    const headers = ['Contract ID', 'Amendment #', 'Amendment Type', 'Status', 'Received Date', 'Agreement Date', 'Start Date', 'Term', 'Rewards', 'Auto Renewal Type', 'Unit of Measure'];
    const row = (n: number, start: string | null) => [contract.contractId, n, 'New', 'Signed', '1/15/2026', '1/20/2026', start, 12, 'No', 'Month to Month Variable', 'KWH'];
    const book = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Amendments');
      for (const r of [headers, ...rows]) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const page = await open('/enrollments/uploader?type=SingleFile');
    // Act
    await chooseWorkbook(page, 'Upload Spreadsheet', 'single.xlsx', await book([row(1, '3/1/2026'), row(2, null)]));
    // Assess: the error block and the key
    const key = page.getByLabel('Amendment Key to Resume');
    await expectShown(page, api, `The key ${contract.contractId}-2`, async () => (await key.inputValue()) === `${contract.contractId}-2`);
    expect(await page.getByRole('group', { name: 'Amendments errors' }).textContent()).toContain('Row 3: Start Date: Required Field');
    // the type's imported rows, with the type's own columns: row 2 of the sheet (its first data row); the tab's count
    const section = page.getByRole('table', { name: 'Amendments (1)' });
    const imported = section.locator('tbody tr');
    await expect.poll(() => imported.count()).toBe(1);
    expect(await imported.locator('td').nth(1).textContent()).toBe('2');
    expect(await section.getByRole('columnheader', { name: 'Amendment Type' }).count()).toBe(1);
    expect(await imported.textContent()).toContain(String(contract.contractId));
    await expect.poll(() => page.getByRole('tab', { name: /^3 Last Save/ }).textContent()).toBe('3 Last Save(1)');
    await checkScreen(page, 'uploader-single-file');
    // Act: Continue upload with the corrected file
    await chooseWorkbook(page, 'Continue upload', 'single-2.xlsx', await book([row(1, '3/1/2026'), row(2, '4/1/2026')]));
    // Assess
    await expectShown(page, api, 'An empty key', async () => (await key.inputValue()) === '');
    await expect.poll(() => page.getByRole('tab', { name: /^3 Last Save/ }).textContent()).toBe('3 Last Save(1)');
    await expect.poll(() => page.getByRole('table', { name: 'Amendments (1)' }).locator('tbody tr td').nth(1).textContent()).toBe('3');
    const amendments = (await api.post('/api/contract/GetList', { contractId: contract.contractId })).body.data as { amendmentNumber: number }[];
    expect(amendments.map((a) => a.amendmentNumber).sort()).toEqual([1, 2]);
  });
});

describe('Uploader on another name of the same machine', () => {
  it('uploads a workbook when the application was opened on 127.0.0.1 rather than localhost (the form posts to the page’s own origin)', async () => {
    // Prepare: a signed-in page on 127.0.0.1, and a one-row workbook
    const user = await createTestUser('superAdmin');
    const base = appUrl('/').replace('//localhost:', '//127.0.0.1:');
    expect(base).toContain('127.0.0.1');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
    try {
      const page = await context.newPage();
      const refused: string[] = [];
      // the posts (the form to S3, the registration): a GET cut short by the next navigation is no refusal
      page.on('requestfailed', (r) => r.method() === 'POST' && refused.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
      await page.goto(new URL('/login', base).toString());
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((u) => u.pathname !== '/login');
      await page.goto(new URL('/enrollments/uploader?type=Accounts', base).toString());
      const amendment = await newAmendment(api);
      const wb = new ExcelJS.Workbook();
      wb.addWorksheet('Accounts').addRows([
        ['Contract ID', 'Amendment #', 'Account Name', 'Account Type', 'Status', 'Territory', 'LDC Account #', 'Service Class', 'Revenue Class', 'Tax Exemption', 'Requested Start Date', 'Term'],
        [amendment.contractId, 1, 'Elsewhere One', 'Renewal', 'Enrolled', 'PSEG', uniqueLdc(), 'GS', 'Small Commercial', 'No', '3/1/2026', 12],
      ]);
      // Act
      await chooseWorkbook(page, 'Upload Spreadsheet', 'accounts.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      // Assess: the parse's outcome, no request refused on the way
      await expectNotice(page, api, '1 row read: 1 validated, 0 with exceptions');
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

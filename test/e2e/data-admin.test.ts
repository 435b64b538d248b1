import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import type { Session } from '../support/invoke';
import { createTestUser, signedIn } from '../support/users';
import { appUrl, launchBrowser, pick, newPage, checkScreen, signInAs } from './support/browser';

/**
 * Data Administration in a real browser on the local stack: territories (add, fix an invalid row,
 * save, change log, edit) and agents (edit a row, Esc restores it; details; delete confirmation).
 */
let browser: Browser;
let page: Page;
let api: Session;
const RUN = randomUUID().slice(0, 6).toUpperCase();

beforeAll(async () => {
  browser = await launchBrowser();
  api = (await signedIn('superAdmin')).session;
  const admin = await createTestUser('superAdmin', { firstName: 'Dana', lastName: 'Admin' });
  page = (await newPage(browser, { width: 1440, height: 900 })).page;
  await signInAs(page, admin.email, admin.password);
  await page.waitForURL(/\/enrollments\//);
});
afterAll(async () => {
  await browser?.close();
});

const grid = (name: string) => page.getByRole('table', { name });
const saveButton = () => page.getByRole('button', { name: 'Save', exact: true });
const addButton = () => page.getByRole('button', { name: 'Add', exact: true });
/** A body row holding this text. */
const rowWith = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });


describe('Data Administration', () => {
  it('adds a territory: Save stays disabled until the row is valid, then the change log shows it', async () => {
    // Prepare
    const code = `E2E-${RUN}`;
    await page.goto(appUrl('/enrollments/data'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Data Administration');
    const territories = grid('Territories');
    await territories.getByRole('row').nth(1).waitFor();
    // Act: add a row and fill it partly
    await addButton().click();
    const row = territories.getByRole('row').nth(1);
    const codeInput = row.getByRole('textbox', { name: 'Code' });
    expect(await codeInput.getAttribute('placeholder')).toBe(MSG.required);
    expect(await row.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('placeholder')).toBe(MSG.required);
    expect(await saveButton().isDisabled()).toBe(true);
    await codeInput.fill(code);
    await row.getByRole('textbox', { name: 'Name', exact: true }).fill('End To End Power');
    await pick(row, 'State', 'NJ', 'NJ', 'Tab');
    await pick(row, 'Commodity', 'Ele', 'Electric', 'Tab');
    await pick(row, 'Measure Unit', 'KW', 'KWH', 'Tab');
    // Assess: still invalid without a bill method
    expect(await saveButton().isDisabled()).toBe(true);
    await checkScreen(page, 'data-admin-territory-invalid');
    // Act: fix it and save
    await pick(row, 'Bill Method Id', '3', '3', 'Tab');
    await row.getByRole('textbox', { name: 'Tax Rate' }).fill('0.0625');
    await expect.poll(() => saveButton().isDisabled()).toBe(false);
    // the LDC number format (issue 28): a pattern that is not one is refused as typed
    await row.getByRole('textbox', { name: 'LDC # Pattern' }).fill('([0-9]');
    await expect.poll(() => row.getByText(MSG.ldcPatternInvalid).count()).toBe(1);
    expect(await saveButton().isDisabled()).toBe(true);
    await row.getByRole('textbox', { name: 'LDC # Pattern' }).fill('E2E\\d{8}');
    await row.getByRole('textbox', { name: 'LDC # Format' }).fill("'E2E' and 8 digits");
    await pick(row, 'LDC # Mismatch', 'Bl', 'Block', 'Tab');
    await expect.poll(() => saveButton().isDisabled()).toBe(false);
    await saveButton().click();
    // Assess
    await expect.poll(() => page.getByText(MSG.allChangesSaved).count()).toBeGreaterThan(0);
    await addButton().waitFor();
    await expect.poll(() => rowWith(territories, code).count()).toBe(1);
    const changeLog = page.getByRole('button', { name: /CHANGE LOG/ });
    await changeLog.click();
    await expect.poll(() => page.getByText(/Dana Admin created Territory/).count()).toBeGreaterThan(0);
    await checkScreen(page, 'data-admin-territory');
    const saved = (await api.get('/api/reference/TerritoryGetList', { limit: 1000 })).body.data.find((t: { code: string }) => t.code === code);
    expect(saved).toMatchObject({ ldcPattern: 'E2E\\d{8}', ldcFormatDescription: "'E2E' and 8 digits", ldcMismatch: 'Block' });
  });

  it('edits a territory: the change log lists the field with its original and new value', async () => {
    // Prepare
    const territories = grid('Territories');
    const row = rowWith(territories, `E2E-${RUN}`);
    // Act
    await row.getByRole('cell', { name: 'End To End Power' }).click();
    const name = territories.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('End To End Energy');
    await saveButton().click();
    // Assess
    await expect.poll(() => page.getByText(MSG.allChangesSaved).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/Dana Admin made changes Territory/).count()).toBeGreaterThan(0);
    const entry = page.locator('.eb-changelog__item').filter({ hasText: 'made changes' }).first();
    await expect.poll(() => entry.textContent()).toContain('End To End Energy');
    expect(await entry.textContent()).toContain('End To End Power');
  });

  it('switches to the agent table by the dropdown, reachable by URL', async () => {
    // Prepare
    for (const n of ['Alpha', 'Bravo']) {
      const r = await api.post('/api/agent/Create', { code: `E2E ${n} ${RUN}`, name: `${n} Energy Brokers`, master: 'North Master', status: 'Active', agentCommissionElectric: 0.0025 });
      expect(r.status).toBe(200);
    }
    // Act
    await page.locator('.eb-da-selector__dropdown').click();
    await page.getByRole('option', { name: 'Agent' }).click();
    // Assess
    await page.waitForURL(/\?table=agent$/);
    await grid('Agents').getByRole('row').nth(1).waitFor();
    await page.reload();
    await grid('Agents').getByRole('row').nth(1).waitFor();
    expect(await page.locator('.eb-da-selector__dropdown').textContent()).toContain('Agent');
  });

  it('restores an edited agent row with Esc', async () => {
    // Prepare
    const agents = grid('Agents');
    await page.getByRole('textbox', { name: 'Search agents' }).fill(`E2E Alpha ${RUN}`);
    await expect.poll(() => agents.getByRole('row').count()).toBe(2);
    // Act: edit the name, then press Esc
    await agents.getByRole('cell', { name: 'Alpha Energy Brokers' }).click();
    const name = agents.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Changed Name');
    await expect.poll(() => saveButton().isDisabled()).toBe(false);
    await checkScreen(page, 'data-admin-agent-editing');
    await name.press('Escape');
    // Assess
    await addButton().waitFor();
    await expect.poll(() => agents.getByRole('cell', { name: 'Alpha Energy Brokers' }).count()).toBe(1);
    expect(await agents.getByText('Changed Name').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Search agents' }).fill('');
    await expect.poll(() => agents.getByRole('row').count()).toBeGreaterThan(2);
    await page.locator('.eb-da-grid .p-datatable-wrapper').evaluate((el) => el.scrollTo({ left: 0 }));
    await checkScreen(page, 'data-admin-agent');
  });

  it('adds an agent with a detail field, saves it, and asks Yes/No before deleting it', async () => {
    // Prepare
    const agents = grid('Agents');
    const code = `E2E Charlie ${RUN}`;
    // Act: a new row, with an invalid email in the details first
    await addButton().click();
    await agents.getByRole('textbox', { name: 'Agent Name' }).fill(code);
    await agents.getByRole('button', { name: 'Details of the new agent' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Pricing Email').fill('not-an-email');
    await expect.poll(() => dialog.getByText(MSG.incorrectEmailFormat).count()).toBe(1);
    await checkScreen(page, 'data-admin-agent-details');
    await dialog.getByLabel('Pricing Email').fill('pricing@charlie.example.com');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => saveButton().isDisabled()).toBe(false);
    await saveButton().click();
    // Assess: saved
    await expect.poll(() => page.getByText(MSG.allChangesSavedShort, { exact: true }).count()).toBeGreaterThan(0);
    await addButton().waitFor();
    const saved = (await api.post('/api/agent/GetAgentInfoList', { keyword: code })).body.data as { objectId: number }[];
    expect(saved).toHaveLength(1);
    expect((await api.get('/api/agent/Get', { id: saved[0]!.objectId })).body.pricingEmail).toBe('pricing@charlie.example.com');
    // Act: delete, answering No, then Yes
    await page.getByRole('textbox', { name: 'Search agents' }).fill(code);
    await expect.poll(() => agents.getByRole('row').count()).toBe(2);
    await agents.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('button', { name: 'No' }).click();
    expect(await agents.getByRole('row').count()).toBe(2);
    await agents.getByRole('button', { name: `Delete ${code}` }).click();
    await checkScreen(page, 'data-admin-agent-delete');
    await page.getByRole('button', { name: 'Yes' }).click();
    // Assess: gone
    await expect.poll(() => agents.getByText(code).count()).toBe(0);
    expect((await api.get('/api/agent/Get', { id: saved[0]!.objectId })).status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const PATH = '/enrollments/business-entity';

/** A signed-in user of this type on Business Entity Management (at `path`, default the page itself). */
async function openAs(type: 'admin' | 'viewOnly', path = PATH): Promise<Page> {
  const user = await createTestUser(type, { firstName: 'Bea', lastName: type === 'admin' ? 'Builder' : 'Viewer' });
  const page = (await newPage(browser)).page;
  await signInAs(page, user.email, user.password, `/login?ref=${encodeURIComponent(path)}`);
  await page.waitForURL((u) => u.pathname === PATH);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Business Entity Management');
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');
const rows = (page: Page) => page.locator('.eb-be-grid tbody tr');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.p-toast-message').filter({ hasText: text });

/** Screenshots show the page, not the notifications over it. */
async function closeToasts(page: Page) {
  for (const close of await page.locator('.p-toast-icon-close').all()) {
    await close.click({ timeout: 1000 }).catch(() => undefined);
    await page.mouse.move(600, 700);
  }
  await expect.poll(() => page.locator('.p-toast-message').count(), { timeout: 8000 }).toBe(0);
}

/** Creates an entity through the Add popup; answers its Business Entity ID. */
async function addEntity(page: Page, legalName: string, companyType: [string, string], shot?: string): Promise<string> {
  // the notice of an entity added just before is not this one's
  await closeToasts(page);
  await page.getByRole('button', { name: 'Add New Business Entity' }).click();
  await expect.poll(() => dialog(page).getByText('Add New Business Entity', { exact: true }).count()).toBe(1);
  const id = dialog(page).getByLabel('Business Entity ID');
  await expect.poll(() => id.inputValue()).toMatch(/^\d+$/);
  const save = dialog(page).getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await dialog(page).getByLabel(/^Legal Name/).fill(legalName);
  // one letter that matches a single option: it is chosen by itself
  await dialog(page).getByLabel('Company Type').pressSequentially(companyType[0]);
  await expect.poll(() => dialog(page).getByLabel('Company Type').inputValue()).toBe(companyType[1]);
  await dialog(page).getByLabel('Business Entity Type').pressSequentially('I');
  await expect.poll(() => dialog(page).getByLabel('Business Entity Type').inputValue()).toBe('Industrial');
  if (shot) await checkScreen(page, shot);
  const businessEntityId = await id.inputValue();
  await save.click();
  await expect.poll(() => toast(page, MSG.businessEntityCreated).count()).toBe(1);
  await expect.poll(() => dialog(page).count()).toBe(0);
  return businessEntityId;
}

describe('Business Entity Management', () => {
  it('creates a business entity, finds it by keyword and edits it, with its change log', async () => {
    // Prepare
    const page = await openAs('admin');
    const word = `Zephyr${randomUUID().slice(0, 6)}`;
    const legalName = `${word} Power Holdings`;
    // Act: create (and another one, that the search must leave out)
    await addEntity(page, `Other${randomUUID().slice(0, 6)} Energy Partners`, ['P', 'Partnership']);
    const businessEntityId = await addEntity(page, legalName, ['L', 'LLC'], 'business-entity-add');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    // Act: find it by keyword
    await page.getByRole('searchbox', { name: 'Keyword' }).fill(word.toLowerCase());
    // Assess
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rowOf(page, legalName).count()).toBe(1);
    const row = rowOf(page, legalName);
    expect(await row.textContent()).toContain(businessEntityId);
    expect(await row.textContent()).toContain('LLC');
    expect(await row.textContent()).toContain('Industrial');
    expect(await row.textContent()).toContain('Active');
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(word.toLowerCase());
    await closeToasts(page);

    // Act: edit (Save waits for a change), make it inactive
    await row.getByRole('button', { name: `Edit ${legalName}` }).click();
    await expect.poll(() => dialog(page).getByText('Edit Business Entity', { exact: true }).count()).toBe(1);
    await expect.poll(() => dialog(page).getByLabel(/^Legal Name/).inputValue()).toBe(legalName);
    const save = dialog(page).getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Inactive' }).click();
    expect(await save.isDisabled()).toBe(false);
    await page.mouse.move(600, 700);
    await checkScreen(page, 'business-entity-edit');
    await save.click();
    // Assess
    await expect.poll(() => toast(page, MSG.allChangesSaved).count()).toBe(1);
    await expect.poll(() => rowOf(page, legalName).getAttribute('class')).toContain('eb-row-inactive');
    await closeToasts(page);

    // Act: back to every entity, then open the change log
    await page.getByRole('searchbox', { name: 'Keyword' }).fill('');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: /CHANGE LOG/ }).click();
    // Assess
    const log = page.locator('.eb-be-changelog');
    // each change names the entity by its Business Entity ID
    await expect.poll(() => log.locator('.eb-changelog__entity').filter({ hasText: new RegExp(`^Business Entity ${businessEntityId}$`) }).count()).toBe(2);
    await expect.poll(() => log.locator('table').first().textContent()).toContain('Inactive');
    await checkScreen(page, 'business-entity');
  });

  it('opens a search from its URL, and Reset Filters shows everything again', async () => {
    // Prepare
    const creator = await openAs('admin');
    const word = `Quill${randomUUID().slice(0, 6)}`;
    await addEntity(creator, `${word} Gas Supply`, ['C', 'Corporation']);
    // Act
    const page = await openAs('admin', `${PATH}?keyword=${word}&companyType=Corporation&status=active`);
    // Assess
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rowOf(page, `${word} Gas Supply`).count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'Keyword' }).inputValue()).toBe(word);
    expect(await page.getByRole('combobox', { name: 'Company Type' }).inputValue()).toBe('Corporation');
    await checkScreen(page, 'business-entity-filtered');
    // Act
    await page.getByRole('button', { name: 'x Reset Filters' }).click();
    // Assess
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('combobox', { name: 'Company Type' }).inputValue()).toBe('');
  });

  it('shows a viewOnly user the list without Add or Edit', async () => {
    // Prepare
    const creator = await openAs('admin');
    const word = `Vista${randomUUID().slice(0, 6)}`;
    await addEntity(creator, `${word} Municipal Utility`, ['G', 'Government']);
    // Act
    const page = await openAs('viewOnly', `${PATH}?keyword=${word}`);
    // Assess
    await expect.poll(() => rowOf(page, word).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add New Business Entity' }).count()).toBe(0);
    expect(await rowOf(page, word).getByRole('button', { name: /^Edit/ }).count()).toBe(0);
  });

  it('sends an agent away from the screen', async () => {
    // Prepare
    const agent = await createTestUser('agent');
    const page = (await newPage(browser)).page;
    await signInAs(page, agent.email, agent.password);
    await page.waitForURL(/\/enrollments\/contracts/);
    // Act
    await page.goto(appUrl(PATH));
    // Assess
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(PATH);
    expect(await page.getByRole('heading', { name: 'Business Entity Management' }).count()).toBe(0);
  });
});

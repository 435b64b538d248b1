import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import type { Session } from '../support/invoke';
import { createTestUser, signedIn } from '../support/users';
import { launchBrowser, pick, newPage, checkScreen, signInAs } from './support/browser';

/**
 * Contact Entity Management in a real browser on the local stack: create a contact whose zip fills
 * city, state and county; find it, expand it; add a second phone in the edit popup and delete it
 * after the confirmation; a viewOnly user reads only.
 */
let browser: Browser;
let page: Page;
let api: Session;
const RUN = randomUUID().replace(/-/g, '').slice(0, 6);
const PATH = '/enrollments/contact-entity';

beforeAll(async () => {
  browser = await launchBrowser();
  api = (await signedIn('admin')).session;
  const user = await createTestUser('admin', { firstName: 'Cory', lastName: 'Contact' });
  page = (await newPage(browser, { width: 1440, height: 900 })).page;
  await signInAs(page, user.email, user.password, `/login?ref=${encodeURIComponent(PATH)}`);
  await page.waitForURL((u) => u.pathname === PATH);
});
afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const toast = (text: string) => page.locator('.p-toast-message').filter({ hasText: text });
const rows = () => page.locator('.eb-contact-page .eb-contact-grid > .p-datatable-wrapper > table > tbody > tr:not(.p-datatable-row-expansion)');
const rowOf = (text: string) => rows().filter({ hasText: text });

/** Screenshots show the page, not the notifications over it. */
async function closeToasts() {
  for (const close of await page.locator('.p-toast-icon-close').all()) {
    await close.click({ timeout: 1000 }).catch(() => undefined);
  }
  await page.mouse.move(5, 5);
  await expect.poll(() => page.locator('.p-toast-message').count(), { timeout: 8000 }).toBe(0);
}


async function search(keyword: string) {
  const box = page.getByRole('searchbox', { name: 'Keyword' });
  await box.fill(keyword);
  await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe(keyword);
}

describe('Contact Entity Management', () => {
  const lastName = `Rivera${RUN}`;
  const legalName = `Harbor Lights ${RUN}`;

  it('creates a contact: the zip fills city, state and county; Save waits for a valid form', async () => {
    // Prepare: a business entity to link
    const be = await api.post('/api/businessentity/Create', { legalName });
    expect(be.status).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact Entity Management');
    await rows().first().waitFor();
    // Act: open the popup
    await page.getByRole('button', { name: MSG.addNewContactEntity }).click();
    await expect.poll(() => dialog().getByText(MSG.addNewContactEntity, { exact: true }).count()).toBe(1);
    await expect.poll(() => dialog().getByLabel('Contact Id').inputValue()).toMatch(/^\d+$/);
    const save = dialog().getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    // the names, identifier, role and business entity
    await dialog().getByLabel('First Name').fill('Maria');
    await dialog().getByLabel('Last Name').fill(lastName);
    await dialog().getByLabel('Identifier').fill(`MR-${RUN}`);
    await pick(dialog(), 'Role', 'Ow', 'Owner', null);
    await pick(dialog(), 'Business Entity', `Harbor Lights ${RUN}`, `${legalName} (${be.body.businessEntityId})`, null);
    // the address: a Service address needs county and zip; the zip fills city, state and county
    const address = dialog().getByRole('group', { name: 'Address' });
    await pick(address, 'Address Type', 'S', 'Service', null);
    await address.getByLabel('Address Line').fill('100 Mulberry Street');
    await address.getByRole('textbox', { name: 'Zip', exact: true }).pressSequentially('07102');
    await expect.poll(() => address.getByLabel('City').inputValue()).toBe('Newark');
    await expect.poll(() => address.getByRole('combobox', { name: 'State' }).inputValue()).toBe('NJ');
    await expect.poll(() => address.getByLabel('County').inputValue()).toBe('Essex');
    await address.getByLabel('+4').fill('1234');
    expect(await save.isDisabled()).toBe(true); // no phone yet
    // the phone (digits only) and an email
    const phone = dialog().getByRole('group', { name: 'Phone' });
    await phone.getByLabel('Phone Number').fill('(973) 555-0142');
    expect(await phone.getByLabel('Phone Number').inputValue()).toBe('9735550142');
    await pick(phone, 'Type', 'W', 'Work', null);
    const email = dialog().getByRole('group', { name: 'Email' });
    await email.getByLabel('Email Address').fill('maria.rivera@example');
    await email.getByLabel('Email Address').blur();
    await expect.poll(() => email.getByText(MSG.incorrectEmailFormat).count()).toBe(1);
    expect(await save.isDisabled()).toBe(true);
    await email.getByLabel('Email Address').fill('maria.rivera@example.com');
    await pick(email, 'Type', 'B', 'Billing', null);
    await expect.poll(() => save.isDisabled()).toBe(false);
    await checkScreen(page, 'contact-entity-add');
    await save.click();
    // Assess
    await expect.poll(() => toast(MSG.primaryContactCreated).count()).toBe(1);
    await expect.poll(() => dialog().count()).toBe(0);
    await search(lastName);
    await expect.poll(() => rows().count()).toBe(1);
    const row = rowOf(lastName);
    expect(await row.textContent()).toContain(legalName);
    expect(await row.textContent()).toContain(String(be.body.businessEntityId));
    expect(await row.textContent()).toContain('Active');
    // the row expands to its address, phone and email
    await row.getByRole('button', { name: /expand|row/i }).first().click();
    const expansion = page.locator('.eb-contact-page .p-datatable-row-expansion');
    await expect.poll(() => expansion.getByText('100 Mulberry Street').count()).toBe(1);
    expect(await expansion.textContent()).toContain('9735550142');
    expect(await expansion.textContent()).toContain('maria.rivera@example.com');
    expect(await expansion.textContent()).toContain('07102-1234');
    await closeToasts();
    await checkScreen(page, 'contact-entity-expanded');
  });

  it('adds a second phone in the edit popup, then deletes it after confirming', async () => {
    // Prepare
    await search(lastName);
    await expect.poll(() => rows().count()).toBe(1);
    await rowOf(lastName).getByRole('button', { name: `Edit Maria ${lastName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact Entity' });
    await expect.poll(() => edit.count()).toBe(1);
    const phones = edit.getByRole('region', { name: 'Phones' });
    const phoneRows = phones.locator('tbody tr');
    await expect.poll(() => phoneRows.filter({ hasText: '9735550142' }).count()).toBe(1);
    // Act: add a phone
    await phones.getByRole('button', { name: 'Add', exact: true }).click();
    const newRow = phoneRows.first();
    await newRow.getByRole('textbox', { name: 'Phone Number' }).fill('2125550199');
    expect(await phones.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await pick(newRow, 'Type', 'M', 'Mobile', null);
    await phones.getByRole('button', { name: 'Save', exact: true }).click();
    // Assess
    await expect.poll(() => toast(MSG.allChangesSavedShort).count()).toBeGreaterThan(0);
    await expect.poll(() => phoneRows.filter({ hasText: '2125550199' }).count()).toBe(1);
    await expect.poll(() => phones.getByText('(2)').count()).toBe(1);
    await closeToasts();
    await checkScreen(page, 'contact-entity-edit');
    // Act: delete it; No keeps it, Yes deletes it
    await phones.getByRole('button', { name: 'Delete 2125550199' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Phone' });
    await expect.poll(() => confirm.getByText(MSG.primaryContactDeleteConfirm).count()).toBe(1);
    await checkScreen(page, 'contact-entity-delete-confirm');
    await confirm.getByRole('button', { name: 'No' }).click();
    expect(await phoneRows.filter({ hasText: '2125550199' }).count()).toBe(1);
    await phones.getByRole('button', { name: 'Delete 2125550199' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    // Assess
    await expect.poll(() => phoneRows.filter({ hasText: '2125550199' }).count()).toBe(0);
    await expect.poll(() => phones.getByText('(1)').count()).toBe(1);
    const log = edit.getByRole('button', { name: /CHANGE LOG/ });
    await log.click();
    await expect.poll(() => edit.getByText(/Cory Contact deleted Phone/).count()).toBe(1);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('edits the contact: only the names are required; an inactive contact is styled and filtered', async () => {
    await search(lastName);
    await rowOf(lastName).getByRole('button', { name: `Edit Maria ${lastName}` }).click();
    await expect.poll(() => dialog().getByLabel('First Name').inputValue()).toBe('Maria');
    const save = dialog().getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true); // nothing changed yet
    await dialog().getByLabel('Identifier').fill('');
    await dialog().getByRole('button', { name: 'Inactive' }).click();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await expect.poll(() => toast(MSG.allChangesSaved).count()).toBe(1);
    await expect.poll(() => rowOf(lastName).getAttribute('class')).toContain('eb-row-inactive');
    // the status filter lives in the URL
    await pick(page.getByRole('search'), 'Status', 'A', 'Active', null);
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('Active');
    await expect.poll(() => rows().filter({ hasText: lastName }).count()).toBe(0);
    await page.getByRole('button', { name: 'x Reset Filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => rowOf(lastName).count()).toBe(1);
    await closeToasts();
    await checkScreen(page, 'contact-entity');
  });

  it('lets a viewOnly user read but not add or edit', async () => {
    const viewer = await createTestUser('viewOnly');
    const other = (await newPage(browser)).page;
    await signInAs(other, viewer.email, viewer.password, `/login?ref=${encodeURIComponent(`${PATH}?keyword=${lastName}`)}`);
    await other.waitForURL((u) => u.pathname === PATH);
    await expect.poll(() => other.locator('.eb-contact-grid tbody tr').filter({ hasText: lastName }).count()).toBe(1);
    expect(await other.getByRole('button', { name: MSG.addNewContactEntity }).count()).toBe(0);
    expect(await other.getByRole('button', { name: `Edit Maria ${lastName}` }).count()).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { signedIn } from '../support/users';
import { checkScreen, launchBrowser, sharedPages } from './support/browser';

/**
 * The layout at the screen sizes staff use (issue 7 section 9), in Chromium against the local
 * stack: at 1024 px the navigation collapses and no page scrolls sideways (grids scroll inside
 * their own frame); at 1440 px the contact grid shows Edit and its expanded sub-tables; popup
 * footers stay in view at 900 px height; required fields carry the same marker in every form; the
 * agent grid's new row has its actions first, where the existing rows have them.
 */
let browser: Browser;
const RUN = randomUUID().replace(/-/g, '').slice(0, 6);
// the longest texts the contact's fields take (30 and 40 characters), in wide letters: the grid
// must keep its Edit column in the window whatever the names
const FIRST = 'Wilhelmina'.padEnd(30, 'W');
const LAST = `Layout${RUN}`.padEnd(30, 'W');

beforeAll(async () => {
  browser = await launchBrowser();
  // data for the lists: a contact with a business entity (its row expands to sub-tables)
  const { session: api } = await signedIn('admin');
  const be = await api.post('/api/businessentity/Create', { legalName: `Layout Partners ${RUN} `.padEnd(40, 'W') });
  expect(be.status).toBe(200);
  const contact = await api.post('/api/primarycontact/Create', {
    firstName: FIRST,
    lastName: LAST,
    identifier: `LY-${RUN}-`.padEnd(30, 'W'),
    role: 'Owner',
    businessEntity: { objectId: be.body.objectId },
    address: { addressType: 'Service', addressLine: '1 Very Long Avenue Name For Layout Checks', city: 'Newark', state: 'NJ', county: 'Essex', zipCode: '07102', zipAppendix: '1234', supplyZone: 'PSEG Zone A' },
    phone: { phoneNumber: '9735550100', type: 'Work' },
    email: { emailAddress: `lena.layout.${RUN}@example.com`, type: 'Billing' },
  });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

const shared = sharedPages(() => browser);
/** A superAdmin's page at this window size (one per size, shared by the tests), at `path`. */
const open = (path: string, viewport: { width: number; height: number }) => shared(`${viewport.width}x${viewport.height}`, 'superAdmin', viewport, path);

/** How far the page itself scrolls sideways (0: not at all). */
const pageOverflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/** The right edge of an element, in viewport pixels. */
async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box.x + box.width;
}

describe('layout at 1024 x 768', () => {
  it.each([
    ['contracts', '/enrollments/contracts'],
    ['contact entity', '/enrollments/contact-entity'],
    ['business entity', '/enrollments/business-entity'],
    ['users', '/enrollments/users'],
    ['territories', '/enrollments/data'],
    ['agents', '/enrollments/data?table=agent'],
  ])('collapses the navigation and keeps the %s page within the window (grids scroll inside)', async (name, path) => {
    // Prepare / Act
    const page = await open(path, { width: 1024, height: 768 });
    await page.locator('.eb-main').waitFor();
    // Assess: the navigation collapsed by itself; nothing sticks out of the window
    await expect.poll(() => page.locator('.eb-shell--collapsed').count()).toBe(1);
    const grid = page.locator('.p-datatable').first();
    if (path !== '/enrollments/contracts') {
      await grid.locator('tbody tr').first().waitFor();
      expect(await rightEdge(grid)).toBeLessThanOrEqual(1024);
      // a grid wider than its frame scrolls inside the frame
      const wrapper = grid.locator('.p-datatable-wrapper').first();
      const { scroll, client, overflowX } = await wrapper.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflowX: (el.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { overflowX: string } }).getComputedStyle(el).overflowX }));
      if (scroll > client) expect(['auto', 'scroll']).toContain(overflowX);
    }
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await checkScreen(page, `layout-1024-${name.replace(/ /g, '-')}`);
  });
});

describe('layout at 1440 x 900', () => {
  it('shows Edit on every contact row and the expanded sub-tables within the window', async () => {
    // Prepare
    const page = await open(`/enrollments/contact-entity?keyword=Layout${RUN}`, { width: 1440, height: 900 });
    const row = page.locator('.eb-contact-grid tbody tr').filter({ hasText: `Layout${RUN}` }).first();
    await row.waitFor();
    // Act: expand the row
    await row.getByRole('button', { name: /expand|row/i }).first().click();
    const expansion = page.locator('.p-datatable-row-expansion').first();
    await expansion.getByText('1 Very Long Avenue Name For Layout Checks').waitFor();
    // Assess
    const edit = row.getByRole('button', { name: new RegExp(`^Edit ${FIRST} ${LAST}`) });
    expect(await edit.isVisible()).toBe(true);
    // (polled: the expansion's tables arrive after its text, and the grid settles its column widths then)
    await expect.poll(() => rightEdge(edit)).toBeLessThanOrEqual(1440);
    for (const table of await expansion.locator('table').all()) await expect.poll(() => rightEdge(table)).toBeLessThanOrEqual(1440);
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await checkScreen(page, 'layout-1440-contact-expanded');
  });
});

describe('popups at 900 px height', () => {
  it.each([
    [1366, 'contact entity', '/enrollments/contact-entity', MSG.addNewContactEntity],
    [1366, 'business entity', '/enrollments/business-entity', 'Add New Business Entity'],
    [1366, 'users', '/enrollments/users', 'Create User'],
  ])('keeps the %i px wide %s popup footer (Save) in view', async (width, name, path, button) => {
    // Prepare
    const page = await open(path, { width, height: 900 });
    // Act
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Assess: Save is within the window without scrolling the page or the popup
    const save = dialog.getByRole('button', { name: 'Save', exact: true }).last();
    const box = await save.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    await checkScreen(page, `layout-popup-${width}-${name.replace(/ /g, '-')}`);
  });
});

describe('required fields', () => {
  it.each([
    ['users', '/enrollments/users', 'Create User', ['First Name', 'Last Name', 'Email', 'Role', 'New Password', 'Match New Password']],
    ['business entity', '/enrollments/business-entity', 'Add New Business Entity', ['Legal Name']],
    ['contact entity', '/enrollments/contact-entity', MSG.addNewContactEntity, ['First Name', 'Last Name', 'Address Type', 'Address Line', 'City', 'State', 'Phone Number']],
  ])('are marked the same way in the %s form', async (_name, path, button, required) => {
    // Prepare
    const page = await open(path, { width: 1440, height: 900 });
    // Act
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Assess: each required field's label carries the one marker (hidden from assistive technology)
    const marked = await dialog.locator('label:has(.eb-field__required)').evaluateAll((labels) =>
      labels.map((l) => (l.firstChild?.textContent ?? '').trim()),
    );
    expect(marked).toEqual(expect.arrayContaining(required));
    expect(await dialog.locator('.eb-field__required[aria-hidden="true"]').count()).toBe(marked.length);
  });
});

describe('agent grid', () => {
  it('puts the new row actions (its X first) where the existing rows have theirs', async () => {
    // Prepare
    const page = await open('/enrollments/data?table=agent', { width: 1366, height: 820 });
    const grid = page.getByRole('table', { name: 'Agents' });
    await grid.locator('tbody tr').first().waitFor();
    // Act
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // Assess: the X of the new row is in view, near the row's start
    const remove = grid.getByRole('button', { name: 'Remove the new row' });
    await remove.waitFor();
    const box = await remove.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeLessThan(600);
    expect(await remove.isVisible()).toBe(true);
    await checkScreen(page, 'layout-agent-new-row');
  });
});

describe('column resize', () => {
  it('widens a column and narrows it again, down to 50 px (spec 1 constants), below its 100 px starting minimum', async () => {
    // Prepare
    const page = await open(`/enrollments/contact-entity?keyword=Layout${RUN}`, { width: 1440, height: 900 });
    const grid = page.locator('.eb-contact-grid');
    await grid.locator('tbody tr').filter({ hasText: `Layout${RUN}` }).first().waitFor();
    const header = grid.getByRole('columnheader', { name: 'Role' });
    const width = async () => (await header.boundingBox())!.width;
    const drag = async (dx: number) => {
      const resizer = header.locator('.p-column-resizer');
      const box = (await resizer.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx / 2, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
    };
    const start = await width();
    // Act: wider by 120 px, then narrowed to about 60 px; then the same from its starting width
    await drag(120);
    const widened = await width();
    await drag(60 - widened);
    const narrowed = await width();
    await page.reload();
    await grid.locator('tbody tr').filter({ hasText: `Layout${RUN}` }).first().waitFor();
    const fresh = await width();
    await drag(60 - fresh);
    const narrowedFromStart = await width();
    // Assess
    expect(widened).toBeGreaterThan(start + 60);
    expect(narrowed).toBeLessThan(100);
    expect(narrowedFromStart).toBeLessThan(100);
    expect(narrowed).toBeGreaterThanOrEqual(50);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import type { ContactAddress, ContactPhone, ContactCreated, ContactRow } from '@eb/shared/contact/schemas';
import type { Session } from '../support/invoke';
import { createTestUser, signedIn } from '../support/users';
import { appUrl, launchBrowser, newPage, checkScreen, signInAs } from './support/browser';

/**
 * The Contact Search popup (web/src/components/ContactSearchDialog.tsx) in a real browser against
 * the local stack. No page of the app hosts it yet, so a test harness does
 * (test/e2e/harness/contact-search.tsx: the popup inside the app's providers, writing its choice
 * into <pre data-testid="picked">). The harness is bundled here with esbuild and served on the
 * app's origin by Playwright route interception: the document the gateway answers for /__harness
 * (its headers, CSP included) with the body replaced, and the bundle as /__harness.js and
 * /__harness.css. The popup's /api calls go to the real stack with the signed-in user's cookies.
 */
const HARNESS_ENTRY = path.join(import.meta.dirname, 'harness', 'contact-search.tsx');
const HARNESS_PATH = '/__harness';
const HARNESS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Contact Search harness</title>
    <link rel="stylesheet" href="${HARNESS_PATH}.css" />
    <script src="${HARNESS_PATH}.js" defer></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The harness as a browser bundle: one script and one stylesheet (fonts and images inlined). */
async function bundleHarness(): Promise<{ js: string; css: string }> {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'eb-harness-'));
  try {
    const result = await build({
      entryPoints: [HARNESS_ENTRY],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'css', '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.eot': 'dataurl', '.svg': 'dataurl', '.png': 'dataurl' },
      write: false,
      outdir,
      logLevel: 'silent',
    });
    const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
    const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
    if (!js || !css) throw new Error(`esbuild gave ${result.outputFiles.map((f) => path.basename(f.path)).join(', ')}`);
    return { js: js.text, css: css.text };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Serve the harness on the app's origin (in the browser: no server change). */
async function routeHarness(page: Page, bundle: { js: string; css: string }) {
  await page.route(appUrl(HARNESS_PATH), async (route) => {
    // the app's own document response for this path, with the harness as its body
    const real = await route.fetch();
    const headers = { ...real.headers() };
    delete headers['content-length'];
    await route.fulfill({ response: real, headers, contentType: 'text/html; charset=utf-8', body: HARNESS_HTML });
  });
  await page.route(appUrl(`${HARNESS_PATH}.js`), (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: bundle.js }));
  await page.route(appUrl(`${HARNESS_PATH}.css`), (route) => route.fulfill({ contentType: 'text/css; charset=utf-8', body: bundle.css }));
}

const P = '/api/primarycontact';
const RUN = randomUUID().replace(/-/g, '').slice(0, 6);
/** The last name of this run's contacts: the keyword typed in the popup. */
const LAST_NAME = `Marlow${RUN}`;

let browser: Browser;
let page: Page;
let api: Session;
/** Browser problems in the harness (uncaught errors, console errors such as CSP violations or failed calls). */
const problems: string[] = [];
/** Bruno: two addresses and two phones; the second of each (in the popup's order) is the one to choose. */
let bruno: { contact: ContactCreated; secondAddress: ContactAddress; secondPhone: ContactPhone };
let alma: ContactCreated;
let cyd: ContactCreated;
/** The harness document's CSP: the gateway's, as on every page of the app. */
let harnessCsp: string | undefined;

async function ok<T>(call: Promise<{ status: number; body: any }>): Promise<T> {
  const r = await call;
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
}

const contactDto = (firstName: string, over: Record<string, unknown> = {}) => ({
  firstName,
  lastName: LAST_NAME,
  identifier: `CS-${firstName.toUpperCase()}-${RUN}`,
  role: 'Owner',
  businessEntity: null,
  address: { addressType: 'Service', addressLine: '12 Harbor Road', county: 'Essex', city: 'Newark', state: 'NJ', zipCode: '07102' },
  phone: { phoneNumber: '2015550101', type: 'Work' },
  email: null,
  ...over,
});

async function createData() {
  api = (await signedIn('superAdmin')).session;
  const be = await ok<{ objectId: number }>(api.post('/api/businessentity/Create', { legalName: `Quayside Traders ${RUN}` }));
  // Alma: one address, one phone
  alma = await ok(api.post(`${P}/Create`, contactDto('Alma', { role: 'Officer', phone: { phoneNumber: '8565550111', type: 'Mobile' } })));
  // Bruno: a first address and phone, then a second of each that sorts after it (address line, phone number)
  const contact = await ok<ContactCreated>(
    api.post(`${P}/Create`, contactDto('Bruno', { businessEntity: { objectId: be.objectId }, email: { emailAddress: `bruno.${RUN}@example.com`, type: 'Work' } })),
  );
  const ref = { primaryContact: { objectId: contact.objectId } };
  const secondAddress = await ok<ContactAddress>(
    api.post(`${P}/AddressAdd`, { ...ref, addressType: 'Billing', addressLine: '48 Quay Street', county: null, city: 'Trenton', state: 'NJ', zipCode: '08608' }),
  );
  const secondPhone = await ok<ContactPhone>(api.post(`${P}/PhoneAdd`, { ...ref, phoneNumber: '9735550102', type: 'Mobile' }));
  bruno = { contact, secondAddress, secondPhone };
  // Dora: Active, another last name: the keyword leaves her out (so Alma and Bruno alone is the searched list)
  await ok(api.post(`${P}/Create`, contactDto('Dora', { lastName: `Fenwick${RUN}` })));
  // Cyd: made Inactive, so never offered
  cyd = await ok(api.post(`${P}/Create`, contactDto('Cyd')));
  await ok(api.put(`${P}/Update`, { firstName: 'Cyd', lastName: LAST_NAME, status: 'Inactive', version: 1 }, { id: cyd.objectId }));
  // the keyword does find Cyd when every status is asked for: her absence from the popup means something
  const all = await ok<{ data: ContactRow[] }>(api.post(`${P}/GetList`, { keyword: LAST_NAME, statusRef: null }, { limit: 15 }));
  expect(all.data.map((r) => r.firstName)).toEqual(['Alma', 'Bruno', 'Cyd']);
}

beforeAll(async () => {
  const [b, bundle, user] = await Promise.all([launchBrowser(), bundleHarness(), createTestUser('admin', { firstName: 'Hana', lastName: 'Harness' }), createData()]);
  browser = b;
  page = (await newPage(browser, { width: 1440, height: 900 })).page;
  // the real login page sets the session cookies of the app's origin
  await signInAs(page, user.email, user.password);
  await page.waitForURL((u) => u.pathname !== '/login');
  // from here on (the login page's signed-out user check logs a 401), the harness must run clean
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await routeHarness(page, bundle);
  harnessCsp = (await page.goto(appUrl(HARNESS_PATH)))?.headers()['content-security-policy'];
});
afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog', { name: 'Contact Search' });
const grid = () => dialog().getByRole('table', { name: 'Contacts to choose from' });
/** The contact rows of the grid (not the expansion row, nor the tables inside it). */
const rows = () => grid().locator(':scope > tbody > tr:not(.p-datatable-row-expansion)');
const expansion = () => grid().locator(':scope > tbody > tr.p-datatable-row-expansion');
const confirm = () => dialog().getByRole('button', { name: MSG.contactSearchConfirm });
/** The grid's rows, this run's contacts by first name (any other row as its text). */
const listed = async () => (await rows().allTextContents()).map((t) => ['Alma', 'Bruno', 'Cyd'].find((n) => t.includes(`${n}${LAST_NAME}`)) ?? t);

describe('Contact Search popup (harness)', () => {
  it('finds Active contacts by keyword, expands one, and hands back the contact with the chosen address and phone', async () => {
    // Prepare: the popup is open on the app's origin, under the app's CSP, signed in, with its default texts
    expect(harnessCsp).toContain("script-src 'self'");
    await expect.poll(() => dialog().count(), { timeout: 15_000 }).toBe(1);
    // Add New shows once the signed-in user (an admin, who may edit) is known
    await expect.poll(() => dialog().getByRole('button', { name: MSG.contactSearchAddNew }).count()).toBe(1);
    expect(await confirm().isDisabled()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(1);

    // Act: search by the run's last name
    await dialog().getByRole('searchbox', { name: 'Keyword' }).pressSequentially(LAST_NAME.toLowerCase());
    // Assess: Alma and Bruno, by Contact Id; Cyd (Inactive) is not offered, Dora (another name) no longer
    await expect.poll(listed).toEqual(['Alma', 'Bruno']);
    expect(await rows().filter({ hasText: 'Alma' }).textContent()).toContain(String(alma.objectId));
    const brunoRow = rows().filter({ hasText: 'Bruno' });
    expect(await brunoRow.textContent()).toContain(String(bruno.contact.objectId));
    expect(await brunoRow.textContent()).toContain(`Quayside Traders ${RUN}`);
    expect(await rows().filter({ hasText: 'Cyd' }).count()).toBe(0);

    // Act: expand Bruno
    await brunoRow.click();
    const addresses = expansion().getByRole('radio', { name: /^Address / });
    const phones = expansion().getByRole('radio', { name: /^Phone / });
    await expect.poll(() => addresses.count()).toBe(2);
    // Assess: his two addresses and two phones as radio buttons, none chosen; confirm disabled
    expect(await phones.count()).toBe(2);
    expect(await expansion().getByRole('radio', { name: `Email bruno.${RUN}@example.com` }).count()).toBe(1);
    expect(await addresses.nth(1).getAttribute('aria-label')).toBe('Address 48 Quay Street');
    expect(await phones.nth(1).getAttribute('aria-label')).toBe('Phone 9735550102');
    for (const radio of [...(await addresses.all()), ...(await phones.all())]) expect(await radio.isChecked()).toBe(false);
    expect(await confirm().isDisabled()).toBe(true);

    // Act: the second address only: still disabled
    await addresses.nth(1).check();
    expect(await addresses.nth(0).isChecked()).toBe(false);
    expect(await confirm().isDisabled()).toBe(true);
    // Act: and the second phone: enabled, the footer names Bruno
    await phones.nth(1).check();
    await expect.poll(() => confirm().isDisabled()).toBe(false);
    expect(await dialog().locator('.eb-search-popup__selection').textContent()).toBe(`Selected: Bruno ${LAST_NAME} (${bruno.contact.objectId})`);
    await page.mouse.move(5, 5);
    await checkScreen(page, 'contact-search-dialog');

    // Act: confirm
    await confirm().click();
    // Assess: the popup closes and hands back Bruno with the chosen address and phone (no email chosen)
    await expect.poll(() => dialog().count()).toBe(0);
    const picked = JSON.parse((await page.getByTestId('picked').textContent()) ?? '');
    expect(picked.contact).toMatchObject({ objectId: bruno.contact.objectId, firstName: 'Bruno', lastName: LAST_NAME, status: 'Active' });
    expect(picked.address).toMatchObject({ objectId: bruno.secondAddress.objectId, addressLine: '48 Quay Street' });
    expect(picked.phone).toMatchObject({ objectId: bruno.secondPhone.objectId, phoneNumber: '9735550102' });
    expect(picked.email).toBeNull();
    expect(problems).toEqual([]);
  });
});

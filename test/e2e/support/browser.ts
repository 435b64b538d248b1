import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { XLSX_CONTENT_TYPE } from '../../../functions/src/lib/xlsx';
import { REPO_ROOT } from '../../../infra/local/stack';
import type { UserType } from '@eb/shared/roles';
import type { Session } from '../../support/invoke';
import { createTestUser } from '../../support/users';
import { expectAccessible } from './axe';

/**
 * Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. Its headless
 * shell first (package chromium-headless-shell, what Playwright itself runs headless): the same
 * engine without the full browser's layers, about a third less CPU for the same tests here.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    // Never skipped: a missing browser fails the run with what to do.
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it: sudo apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export const appUrl = (p = '/'): string => new URL(p, inject('stack').url).toString();

export async function newPage(browser: Browser, viewport = { width: 1366, height: 820 }): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion (the app's stylesheet then ends transitions at once): Chromium has two cores to
  // share with the stack here, and frames of fading popups are work no assertion reads.
  const context = await browser.newContext({ viewport, baseURL: inject('stack').url, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // a page left with unsaved edits asks before it unloads (DetailTabs): the next goto leaves as a user
  // would; other dialogs are dismissed, as Playwright does without a listener
  page.on('dialog', (d) => void (d.type() === 'beforeunload' ? d.accept() : d.dismiss()).catch(() => undefined));
  return { context, page };
}

/** Sign in through the login form. */
export async function signInAs(page: Page, email: string, password: string, from = '/login'): Promise<void> {
  await page.goto(appUrl(from));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Screenshots for people to look at (not compared): .screenshots/ at the repository root. Off with
 * SCREENSHOTS=0, as `npm test` runs the browser files unless told SCREENSHOTS=1 (about 25 s of
 * their CPU for files nobody looks at there); on when a browser file is run by itself.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS === '0') return;
  const dir = path.join(REPO_ROOT, '.screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * A screen or dialog a test has brought up: photographed for people to look at, and checked by
 * axe-core (no critical or serious WCAG 2.1 AA violation), so that every screen the browser tests
 * open, and every later one, is checked (issue 7 section 8).
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // a dialog or toast still fading in is not the screen users read: let running animations finish
  await page.evaluate('Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => true)').catch(() => undefined);
  await screenshot(page, name);
  await expectAccessible(page, name);
}

/**
 * Scrolls a record's section (a panel, named by its header) into view: the sections below an
 * amendment's form load as they come near the visible part of the page (WhenNear).
 */
export async function revealSection(page: Page, name: string): Promise<void> {
  // a record tab mounts again under its new id after a first save: the section found first may be
  // replaced while it is scrolled to, so it is found again until one stays
  const section = page.getByRole('region', { name, exact: true }).first();
  await expect.poll(() => section.scrollIntoViewIfNeeded({ timeout: 2_000 }).then(() => true, () => false)).toBe(true);
}

/** A form field's label as a pattern: a required field's label ends with the hidden marker ' *'. */
export function labelOf(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/**
 * Chooses an option of a type-ahead field (TypeaheadSelect) as a user does: types its beginning,
 * then presses `key` (Enter by default; Tab leaves the field; null: the single match is chosen by
 * itself), and waits until the field shows the chosen option's label `shown` (failing with what it
 * showed instead).
 */
export async function pick(scope: Page | Locator, label: string, typed: string, shown: string, key: 'Enter' | 'Tab' | null = 'Enter'): Promise<void> {
  const input = scope.getByRole('combobox', { name: labelOf(label) });
  await input.click();
  await input.pressSequentially(typed);
  if (key) await input.press(key);
  await expect.poll(() => input.inputValue(), { message: `the option chosen in ${label}` }).toBe(shown);
}

/**
 * Signed-in pages shared by the tests of a file (a sign-in costs seconds): one per key (a role, a
 * window size), created on first use by a new user of `type`; `open` then goes to `path`.
 */
export function sharedPages(getBrowser: () => Browser) {
  const pages = new Map<string, Promise<Page>>();
  return async function open(key: string, type: UserType, viewport: { width: number; height: number }, path: string): Promise<Page> {
    if (!pages.has(key)) {
      pages.set(
        key,
        (async () => {
          const user = await createTestUser(type);
          const { page } = await newPage(getBrowser(), viewport);
          await signInAs(page, user.email, user.password);
          await page.waitForURL((u) => u.pathname !== '/login');
          return page;
        })(),
      );
    }
    const page = await pages.get(key)!;
    await page.goto(path);
    await page.waitForURL((u) => u.pathname === path.split('?')[0]);
    return page;
  };
}

/** Chooses a workbook as a user does: the button (once enabled) opens the file chooser. */
export async function chooseWorkbook(page: Page, button: string, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: XLSX_CONTENT_TYPE, buffer });
}

/**
 * Waits until `shown` holds (30 s); when it does not, fails saying what the page's toasts and the
 * job list showed instead (a job's outcome the page did not reflect).
 */
export async function expectShown(page: Page, api: Session, what: string, shown: () => Promise<boolean>): Promise<void> {
  try {
    await expect.poll(shown, { timeout: 30_000 }).toBe(true);
  } catch {
    const toasts = await page.locator('.p-toast-message').allTextContents();
    const jobs = (await api.get('/api/job')).body as { currentJob: unknown; jobsInQueue: unknown[]; completedJobs: unknown[] };
    throw new Error(`${what} was not shown. Toasts: ${JSON.stringify(toasts)}. Running: ${JSON.stringify(jobs.currentJob)}; queued: ${JSON.stringify(jobs.jobsInQueue)}; last done: ${JSON.stringify(jobs.completedJobs.slice(0, 2))}`);
  }
}

/** Waits for a job's notice (expectShown). */
export const expectNotice = (page: Page, api: Session, text: string): Promise<void> =>
  expectShown(page, api, `"${text}"`, async () => (await page.getByText(text).count()) > 0);

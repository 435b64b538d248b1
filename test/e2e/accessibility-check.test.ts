import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe';
import { launchBrowser, newPage } from './support/browser';

/** The axe check that every screen of the browser tests goes through (checkScreen) can fail. */
describe('accessibility check', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports a select without a name and low-contrast text, and passes a named, readable form', async () => {
    // Prepare
    const { context, page } = await newPage(browser);
    const html = (body: string) => `<!doctype html><html lang="en"><head><title>Check</title></head><body>${body}</body></html>`;
    await page.setContent(html('<main><h1>Form</h1><select><option>One</option></select><p style="color:#aaa;background:#fff">Faint</p></main>'));

    // Act
    const bad = await accessibilityViolations(page);
    await page.setContent(
      html('<main><h1>Form</h1><label>Choice <select><option>One</option></select></label><p style="color:#333;background:#fff">Clear</p></main>'),
    );
    const good = await accessibilityViolations(page);

    // Assess
    expect(bad.map((v) => v.id).sort()).toEqual(['color-contrast', 'select-name']);
    expect(good).toEqual([]);
    await context.close();
  });
});

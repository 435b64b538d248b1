import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Accessibility check of what a page shows (issue 7 section 8): axe-core with the WCAG 2.1 A and
 * AA rules, run in Chromium on every screen and dialog the browser tests open. A critical or
 * serious violation fails the test with its rule, impact, the elements and axe's summary.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
const FAILING_IMPACTS = new Set(['critical', 'serious']);

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** The critical and serious violations of the page (or of the part matching `within`). */
export async function accessibilityViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (script-src 'self')
  // stays as it is and still applies to the page's own scripts.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, context }) => {
      const page = globalThis as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> };
        document: unknown;
      };
      const result = await page.axe.run(context ?? page.document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: [...WCAG_TAGS], context: within },
  );
  return violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
}

/** A readable list of violations: rule, impact, help, then each element with axe's summary. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 6)
        .map((n) => `    ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`)
        .join('\n');
      return `${v.id} (${v.impact}): ${v.help}\n${nodes}${v.nodes.length > 6 ? `\n    ... ${v.nodes.length - 6} more` : ''}`;
    })
    .join('\n');
}

/**
 * Fails when the page (or `within`) has a critical or serious WCAG 2.1 AA violation. With
 * AXE_SURVEY=1 it prints them and goes on (to list every screen's violations in one run).
 */
export async function expectAccessible(page: Page, label: string, within?: string): Promise<void> {
  const violations = await accessibilityViolations(page, within);
  if (process.env.AXE_SURVEY === '1') {
    if (violations.length) console.log(`AXE ${label}\n${describeViolations(violations)}`);
    return;
  }
  expect(describeViolations(violations), `accessibility of ${label}`).toBe('');
}

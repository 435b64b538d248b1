import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildStacks, type EbStacks } from '../src/stacks/app';
import { cdkJsonContext } from '../src/stacks/paths';

export const REGION = 'us-east-1';

/**
 * How long a test file's synthesis (its beforeAll) may take: a few seconds alone, much longer on a
 * busy 2-core machine (vitest's default hook timeout, 10 s, is too short there).
 */
export const SYNTH_TIMEOUT_MS = 120_000;

export interface Synthesized {
  app: App;
  stacks: EbStacks;
  templates: Record<keyof EbStacks, Template>;
  outdir: string;
  /** Removes the temporary cloud assembly and fake SPA build. */
  dispose: () => void;
}

export interface SynthOptions {
  /** Stack names whose assets are really bundled (default none: `aws:cdk:bundling-stacks: []`). */
  bundle?: string[];
  /** Give the web stack a fake SPA build (default true). */
  withWebDist?: boolean;
  context?: Record<string, unknown>;
  /** Changes the app after buildStacks and before the synthesis (e.g. a Lambda added without alarms). */
  extend?: (stacks: EbStacks) => void;
}

/** A fake `web/dist`, so the tests do not depend on whether the SPA has been built. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'eb-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

/**
 * Synthesizes the whole app as bin/app.ts does (same stacks, the feature flags of cdk.json), without
 * an account, without the built-in CloudFormation validation and, unless asked, without bundling.
 */
export function synth(options: SynthOptions = {}): Synthesized {
  const outdir = mkdtempSync(path.join(tmpdir(), 'eb-cdk-out-'));
  const app = new App({
    outdir,
    builtinCloudFormationValidation: false,
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': options.bundle ?? [], ...options.context },
  });
  const webDistDir = options.withWebDist === false ? path.join(outdir, 'no-web-dist') : fakeWebDist();
  const stacks = buildStacks(app, { env: { region: REGION }, webDistDir });
  options.extend?.(stacks);
  const templates = {
    web: Template.fromStack(stacks.web),
    storage: Template.fromStack(stacks.storage),
    auth: Template.fromStack(stacks.auth),
    api: Template.fromStack(stacks.api),
    workers: Template.fromStack(stacks.workers),
    monitoring: Template.fromStack(stacks.monitoring),
  };
  const dispose = (): void => {
    rmSync(outdir, { recursive: true, force: true });
    if (options.withWebDist !== false) rmSync(webDistDir, { recursive: true, force: true });
  };
  return { app, stacks, templates, outdir, dispose };
}

/** The single resource of a type in a template (fails when there is not exactly one). */
export function only(template: Template, type: string, props?: Record<string, unknown>): { id: string; Properties: Record<string, any> } {
  const found = template.findResources(type, props ? { Properties: props } : undefined);
  const ids = Object.keys(found);
  if (ids.length !== 1) throw new Error(`Expected one ${type}, found ${ids.length}`);
  return { id: ids[0]!, Properties: found[ids[0]!]!.Properties as Record<string, any> };
}

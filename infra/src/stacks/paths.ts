import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is infra/src/stacks/paths.ts). Lambda entries are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The root lock file: esbuild bundling installs nothing, but NodejsFunction hashes it. */
export const LOCK_FILE = path.join(REPO_ROOT, 'package-lock.json');

/** The SPA's build output (`npm run build`), deployed to the SPA bucket when present. */
export const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');

/** Absolute path of a repo-relative file; fails early, with the name, when it does not exist. */
export function repoFile(relative: string): string {
  const absolute = path.resolve(REPO_ROOT, relative);
  if (!existsSync(absolute)) throw new Error(`Lambda entry ${relative} does not exist (resolved to ${absolute})`);
  return absolute;
}

/**
 * The `context` of the root cdk.json (feature flags). bin/app.ts and the tests pass it to `new App()`
 * so that the same flags apply however the app is run: `cdk synth` from the root reads cdk.json
 * itself, but `npm run synth -w infra` runs the CLI from infra/ where there is no cdk.json.
 * Context given on the command line (`-c key=value`) still wins over these values.
 */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synth, type Synthesized } from './synth';

/**
 * The one test that really bundles: the auth stack only (its CustomMessage trigger, the smallest
 * function), with the local esbuild, never Docker.
 */
let s: Synthesized;
beforeAll(() => {
  s = synth({ bundle: ['EbAuth'], withWebDist: false });
}, 120_000);
afterAll(() => s.dispose());

describe('Lambda bundling (esbuild, ESM)', () => {
  it('bundles the CustomMessage trigger to a minified ESM file with a source map', () => {
    const fn = Object.values(s.templates.auth.findResources('AWS::Lambda::Function'))[0]!;
    const assetHash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
    const dir = path.join(s.outdir, `asset.${assetHash}`);
    const file = path.join(dir, 'index.mjs');
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.map`)).toBe(true);
    const code = readFileSync(file, 'utf8');
    expect(code).toMatch(/export\s*\{[^}]*\bhandler\b/);
    expect(code).toContain('createRequire');
    expect(code.split('\n').length).toBeLessThan(20);
  });

  it('leaves the other stacks unbundled', () => {
    const fn = Object.values(s.templates.api.findResources('AWS::Lambda::Function'))[0]!;
    const assetHash = (fn.Properties.Code.S3Key as string).replace(/\.zip$/, '');
    expect(existsSync(path.join(s.outdir, `asset.${assetHash}`, 'index.mjs'))).toBe(false);
  });
});

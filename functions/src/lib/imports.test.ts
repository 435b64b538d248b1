import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way on the server: resources (functions/src/<resource>) -> lib/ -> shared/.
 * lib/ never imports a resource, and no function imports infra/ (values the Lambdas need from the
 * resource definitions travel in the environment, read by lib/config.ts).
 */
const SRC = path.resolve(__dirname, '..');
const LIB = path.join(SRC, 'lib');
const INFRA = path.resolve(SRC, '../../infra');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}
/** The files a source imports by relative path, resolved. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
}
const inside = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);

describe('server imports', () => {
  it('lib/ imports nothing from a resource folder', () => {
    const wrong = sources(LIB).flatMap((f) => relativeImports(f).filter((i) => !inside(i, LIB)).map((i) => `${path.relative(SRC, f)} -> ${path.relative(SRC, i)}`));
    expect(wrong).toEqual([]);
  });

  it('no function imports infra/', () => {
    const wrong = sources(SRC).flatMap((f) => relativeImports(f).filter((i) => inside(i, INFRA)).map((i) => `${path.relative(SRC, f)} -> ${path.relative(SRC, i)}`));
    expect(wrong).toEqual([]);
  });

  it('finds a wrong-way import when there is one (the check can fail)', () => {
    // Prepare: the import the session had before lib/profile.ts
    const file = path.join(LIB, 'session.ts');
    const resolved = path.resolve(path.dirname(file), '../users/repository');
    // Act / Assess
    expect(inside(resolved, LIB)).toBe(false);
    expect(relativeImports(path.join(SRC, 'contact', 'handler.ts')).some((i) => inside(i, LIB))).toBe(true);
  });
});

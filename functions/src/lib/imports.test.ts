import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports flow one way on the server: handler -> service -> repository -> lib/ -> shared/.
 * lib/ never imports a resource, and no function imports infra/ (values the Lambdas need from the
 * resource definitions travel in the environment, read by lib/config.ts). No two files import each
 * other, directly or around a circle (type-only imports count: a type two modules share belongs in a
 * module both import). A resource (functions/src/<resource>) reaches another resource only through
 * that resource's service module (functions/src/<other>/service.ts), never its repository or other
 * internals.
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
/** The files a source imports by relative path (values, types, re-exports, side effects, dynamic imports), resolved. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
}
const inside = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);
/** An import resolved to its source file (`x` -> `x.ts` or `x/index.ts`); undefined outside the sources. */
function sourceFile(resolved: string, known: Set<string>): string | undefined {
  return [`${resolved}.ts`, path.join(resolved, 'index.ts'), resolved].find((c) => known.has(c));
}
/** The import graph of the server's sources: file (relative to functions/src) -> the files it imports. */
function importGraph(): Map<string, string[]> {
  const files = sources(SRC);
  const known = new Set(files);
  return new Map(files.map((f) => [path.relative(SRC, f), relativeImports(f).flatMap((i) => sourceFile(i, known) ?? []).map((i) => path.relative(SRC, i))]));
}

/** Every circle of imports, each once (a depth-first search; a back edge closes a circle). */
export function importCycles(graph: Map<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Folders under functions/src that are plumbing, not resources. */
const PLUMBING = new Set(['lib', 'types']);
const resourceOf = (file: string) => file.split(path.sep)[0]!;
/** Imports from one resource into another that do not go through the other's service.ts. */
export function pastTheService(graph: Map<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, imports]) =>
    imports
      .filter((i) => resourceOf(i) !== resourceOf(file) && !PLUMBING.has(resourceOf(i)) && i !== path.join(resourceOf(i), 'service.ts'))
      .map((i) => `${file} -> ${i}`),
  );
}

describe('server imports', () => {
  it('lib/ imports nothing from a resource folder', () => {
    const wrong = sources(LIB).flatMap((f) => relativeImports(f).filter((i) => !inside(i, LIB)).map((i) => `${path.relative(SRC, f)} -> ${path.relative(SRC, i)}`));
    expect(wrong).toEqual([]);
  });

  it('no function imports infra/', () => {
    const wrong = sources(SRC).flatMap((f) => relativeImports(f).filter((i) => inside(i, INFRA)).map((i) => `${path.relative(SRC, f)} -> ${path.relative(SRC, i)}`));
    expect(wrong).toEqual([]);
  });

  it('no file imports itself around a circle', () => {
    expect(importCycles(importGraph()).map((c) => c.join(' -> '))).toEqual([]);
  });

  it("a resource reaches another resource only through that resource's service.ts", () => {
    expect(pastTheService(importGraph())).toEqual([]);
  });

  it('finds a circle and an import past a service when there is one (the checks can fail)', () => {
    // Prepare: a made-up graph, a job registry importing the jobs that import it, an uploader reading a repository
    const graph = new Map<string, string[]>([
      ['job/registry.ts', ['upload/parse.ts']],
      ['upload/parse.ts', ['job/service.ts', 'lib/db.ts']],
      ['job/service.ts', ['job/registry.ts']],
      ['upload/records.ts', ['account/repository.ts', 'account/service.ts', 'lib/db.ts']],
      ['lib/db.ts', []],
    ]);
    // Act / Assess
    expect(importCycles(graph)).toEqual([['job/registry.ts', 'upload/parse.ts', 'job/service.ts', 'job/registry.ts']]);
    expect(pastTheService(graph)).toEqual(['job/registry.ts -> upload/parse.ts', 'upload/records.ts -> account/repository.ts']);
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

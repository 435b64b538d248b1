import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Gzipped JavaScript a route loads: the entry's static imports plus its page chunk's. */
export interface RouteSize {
  route: string;
  chunks: string[];
  gzipBytes: number;
}

/** The budgets of issue 7 section 7 (gzipped JavaScript per route). */
export const LOGIN_ROUTE_BUDGET_BYTES = 150 * 1024;
export const ROUTE_BUDGET_BYTES = 300 * 1024;
export const ROUTE_SIZES_FILE = 'route-sizes.json';

/** A page chunk: a lazily loaded screen of the router (features/<area>/components/<Name>Page|Route.tsx). */
const PAGE = /features\/([^/]+)\/components\/(\w+(?:Page|Route))\.tsx$/;
/** The sign-in page: the route measured against the login budget. */
const LOGIN_PAGE = 'LoginPage';
/** The signed-in shell (session gate, layout, navigation): loaded with every page but the login page. */
const SHELL = /app\/SignedInShell\.tsx$/;

interface ChunkInfo {
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/** Every chunk a chunk loads before it runs (its static imports, transitively). */
function closure(chunks: Map<string, ChunkInfo>, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const i of chunks.get(start)?.imports ?? []) if (chunks.has(i)) closure(chunks, i, into);
  return into;
}

export function routeSizes(chunks: Map<string, ChunkInfo>): RouteSize[] {
  const gz = new Map<string, number>();
  const size = (f: string) => {
    let n = gz.get(f);
    if (n === undefined) gz.set(f, (n = gzipSync(chunks.get(f)!.code, { level: 9 }).length));
    return n;
  };
  const entry = [...chunks.entries()].find(([, c]) => c.isEntry)?.[0];
  if (!entry) return [];
  const base = closure(chunks, entry);
  const moduleOf = (c: ChunkInfo) => c.facadeModuleId?.replace(/\\/g, '/') ?? '';
  const shellFile = [...chunks.entries()].find(([, c]) => SHELL.test(moduleOf(c)))?.[0];
  const signedIn = shellFile ? closure(chunks, shellFile, new Set(base)) : base;
  const measure = (route: string, files: Set<string>): RouteSize => ({
    route,
    chunks: [...files].sort(),
    gzipBytes: [...files].reduce((sum, f) => sum + size(f), 0),
  });
  const routes: RouteSize[] = [];
  for (const [file, c] of chunks) {
    const page = moduleOf(c).match(PAGE);
    if (!page) continue;
    const login = page[2] === LOGIN_PAGE;
    routes.push(measure(login ? 'login' : page[2]!, closure(chunks, file, new Set(login ? base : signedIn))));
  }
  if (!routes.some((r) => r.route === 'login')) routes.push(measure('login', base));
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Prints each route's gzipped JavaScript after a build and writes it to dist/route-sizes.json. */
export function routeSizesPlugin(): Plugin {
  return {
    name: 'eb-route-sizes',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type === 'chunk') chunks.set(file, { code: out.code, imports: out.imports, isEntry: out.isEntry, facadeModuleId: out.facadeModuleId });
      }
      const sizes = routeSizes(chunks);
      const lines = sizes.map((r) => {
        const budget = r.route === 'login' ? LOGIN_ROUTE_BUDGET_BYTES : ROUTE_BUDGET_BYTES;
        return `  ${r.route.padEnd(22)} ${kb(r.gzipBytes).padStart(10)}  (budget ${kb(budget)}${r.gzipBytes > budget ? ', EXCEEDED' : ''})`;
      });
      console.log(`\nGzipped JavaScript per route:\n${lines.join('\n')}\n`);
      writeFileSync(path.join(options.dir ?? 'dist', ROUTE_SIZES_FILE), `${JSON.stringify(sizes, null, 2)}\n`);
    },
  };
}

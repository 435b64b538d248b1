import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The JavaScript files a route's first load fetches and their gzipped size (1 kB = 1,000 bytes). */
export interface RouteSize {
  route: string;
  chunks: string[];
  gzipBytes: number;
  /** Whether the first load fetches zod, the schema library: the forms' rules, loaded with a form. */
  loadsZod: boolean;
}

/** The budgets of issue 27 section 6: gzipped JavaScript a route's first load fetches. */
export const LOGIN_ROUTE_BUDGET_BYTES = 150_000;
export const ROUTE_BUDGET_BYTES = 300_000;
export const ROUTE_SIZES_FILE = 'route-sizes.json';
/** The level the local gateway compresses at (infra/local/gateway.ts), as CloudFront serves gzip. */
const GZIP_LEVEL = 6;

/** A page chunk: a lazily loaded screen of the router (features/<area>/components/<Name>Page|Route.tsx). */
const PAGE = /features\/([^/]+)\/components\/(\w+(?:Page|Route))\.tsx$/;
/** The sign-in page: the route measured against the login budget. */
const LOGIN_PAGE = 'LoginPage';
/** The signed-in shell (session gate, layout, navigation): loaded with every page but the login page. */
const SHELL = /app\/SignedInShell\.tsx$/;
/** A module of zod, the schema library. */
const ZOD = /\/node_modules\/zod\//;
/** The router's other lazy routes: fetched on their own URL, not with another page. */
const ROUTER_CHUNK = /app\/StartRedirect\.tsx$/;

/**
 * Modules imported lazily (`import()`, React.lazy) that the browser fetches only when the user
 * does something, not on a route's first load. Every other lazily imported module a route's chunks
 * reach counts as fetched (a lazy component rendered at first paint is fetched before the page
 * settles): forgetting an entry here over-counts, it never hides a fetch.
 */
export const ON_USE: readonly { module: RegExp; when: string }[] = [
  { module: /primereact\/confirmdialog\//, when: 'the first confirmation (ConfirmProvider)' },
  { module: /primereact\/toast\//, when: 'the first notification (NotificationProvider)' },
  { module: /primereact\/inputnumber\//, when: "never: the paginator's jump-to-page input, which no grid shows (vite.config.ts LAZY_IN)" },
  { module: /primereact\/tooltip\//, when: 'a button with a tooltip renders; the signed-in navigation imports it (vite.config.ts LAZY_IN)' },
  { module: /primereact\/menu\//, when: "the navigation's admin gear menu is opened (AdminMenu)" },
  { module: /primereact\/dialog\//, when: 'a popup first opens (Popup)' },
  { module: /primereact\/calendar\//, when: "a date field's calendar button is pointed at or focused (DateInput)" },
  { module: /primereact\/autocomplete\//, when: 'a type-ahead field is pointed at, pressed, focused or typed into (TypeaheadSelect)' },
  { module: /features\/accounts\/components\/AccountDetails\.tsx$/, when: 'an account is opened (accounts/:id)' },
  { module: /features\/contracts\/components\/ContractDetails\.tsx$/, when: 'a contract is opened (contracts/:id)' },
  { module: /entities\/job\/JobDownloadDialog\.tsx$/, when: 'Export all is chosen' },
  { module: /features\/contracts\/components\/ExportAllDialog\.tsx$/, when: 'Export all is chosen' },
  { module: /entities\/contact\/ContactSearchDialog\.tsx$/, when: 'a contact search is opened' },
  { module: /entities\/business-entity\/BusinessEntitySearchDialog\.tsx$/, when: 'a business entity search is opened' },
  { module: /features\/contacts\/components\/ContactDialogs\.tsx$/, when: 'a contact is added or opened' },
  { module: /features\/users\/components\/UserDialog\.tsx$/, when: 'a user is added or opened' },
  { module: /features\/business-entities\/components\/BusinessEntityDialog\.tsx$/, when: 'a business entity is added or opened' },
  { module: /entities\/upload\/UndoResultPopup\.tsx$/, when: 'an import is undone' },
  // an amendment's sections below its form (WhenNear): below the fold at 1366x768
  { module: /entities\/participants-crm-documents\/RecordChildSections\.tsx$/, when: "Participants or CRM notes come near the viewport (an amendment's)" },
  { module: /features\/contracts\/components\/AmendmentAccounts\.tsx$/, when: "an amendment's Accounts come near the viewport" },
  { module: /components\/DocumentsPanel\.tsx$/, when: "an amendment's Documents come near the viewport" },
];

interface ChunkInfo {
  code: string;
  imports: string[];
  dynamicImports?: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  /** The modules in the chunk (a chunk shared by static and lazy importers has no facade). */
  moduleIds?: string[];
}

const slashes = (id: string) => id.replace(/\\/g, '/');
const moduleOf = (c: ChunkInfo | undefined) => slashes(c?.facadeModuleId ?? '');
/** A lazily imported chunk fetched only on use: its module (or, shared, one of its modules) is ON_USE. */
const onUse = (c: ChunkInfo | undefined) =>
  ON_USE.some((o) => o.module.test(moduleOf(c)) || (!c?.facadeModuleId && (c?.moduleIds ?? []).some((m) => o.module.test(slashes(m)))));

/**
 * Every chunk the browser fetches once a chunk runs: its static imports (modulepreloaded with it)
 * and the lazy imports it reaches at first render (every one but the router's routes and ON_USE),
 * transitively.
 */
function fetched(chunks: Map<string, ChunkInfo>, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start) || !chunks.has(start)) return into;
  into.add(start);
  const c = chunks.get(start)!;
  for (const i of c.imports) fetched(chunks, i, into);
  for (const d of c.dynamicImports ?? []) {
    const m = moduleOf(chunks.get(d));
    if (PAGE.test(m) || SHELL.test(m) || ROUTER_CHUNK.test(m) || onUse(chunks.get(d))) continue;
    fetched(chunks, d, into);
  }
  return into;
}

export function routeSizes(chunks: Map<string, ChunkInfo>): RouteSize[] {
  const gz = new Map<string, number>();
  const size = (f: string) => {
    let n = gz.get(f);
    if (n === undefined) gz.set(f, (n = gzipSync(chunks.get(f)!.code, { level: GZIP_LEVEL }).length));
    return n;
  };
  const entry = [...chunks.entries()].find(([, c]) => c.isEntry)?.[0];
  if (!entry) return [];
  const base = fetched(chunks, entry);
  const shellFile = [...chunks.entries()].find(([, c]) => SHELL.test(moduleOf(c)))?.[0];
  const signedIn = shellFile ? fetched(chunks, shellFile, new Set(base)) : base;
  const measure = (route: string, files: Set<string>): RouteSize => ({
    route,
    chunks: [...files].sort(),
    gzipBytes: [...files].reduce((sum, f) => sum + size(f), 0),
    loadsZod: [...files].some((f) => (chunks.get(f)!.moduleIds ?? []).some((m) => ZOD.test(slashes(m)))),
  });
  const routes: RouteSize[] = [];
  for (const [file, c] of chunks) {
    const page = moduleOf(c).match(PAGE);
    if (!page) continue;
    const login = page[2] === LOGIN_PAGE;
    routes.push(measure(login ? 'login' : page[2]!, fetched(chunks, file, new Set(login ? base : signedIn))));
  }
  if (!routes.some((r) => r.route === 'login')) routes.push(measure('login', base));
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** Prints each route's gzipped JavaScript after a build and writes it to dist/route-sizes.json. */
export function routeSizesPlugin(): Plugin {
  return {
    name: 'eb-route-sizes',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type === 'chunk') {
          chunks.set(file, { code: out.code, imports: out.imports, dynamicImports: out.dynamicImports, isEntry: out.isEntry, facadeModuleId: out.facadeModuleId, moduleIds: out.moduleIds });
        }
      }
      const sizes = routeSizes(chunks);
      const lines = sizes.map((r) => {
        const budget = r.route === 'login' ? LOGIN_ROUTE_BUDGET_BYTES : ROUTE_BUDGET_BYTES;
        return `  ${r.route.padEnd(22)} ${kb(r.gzipBytes).padStart(10)}  (budget ${kb(budget)}${r.gzipBytes > budget ? ', EXCEEDED' : ''})${r.loadsZod ? '  with zod' : ''}`;
      });
      console.log(`\nGzipped JavaScript per route (its first load):\n${lines.join('\n')}\n`);
      writeFileSync(path.join(options.dir ?? 'dist', ROUTE_SIZES_FILE), `${JSON.stringify(sizes, null, 2)}\n`);
    },
  };
}

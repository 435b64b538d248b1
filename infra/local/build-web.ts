import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/route-sizes.ts', 'web/package.json', 'infra/local/build-web.ts', 'shared/src', 'package-lock.json'];
const STAMP = path.join(ROOT, 'web/dist/.source-hash');

function walk(p: string, out: string[]) {
  if (!existsSync(p)) return;
  const s = statSync(p);
  if (s.isDirectory()) for (const f of readdirSync(p).sort()) walk(path.join(p, f), out);
  else out.push(p);
}

/** A hash of everything the web build reads: the build is redone only when it changes. */
export function webSourceHash(): string {
  const files: string[] = [];
  for (const s of SOURCES) walk(path.join(ROOT, s), files);
  const h = createHash('sha256');
  for (const f of files) {
    if (f.endsWith('.test.ts') || f.endsWith('.test.tsx')) continue;
    h.update(path.relative(ROOT, f));
    h.update(readFileSync(f));
  }
  return h.digest('hex');
}

export async function ensureWebBuilt(log: (l: string) => void = () => undefined): Promise<void> {
  const hash = webSourceHash();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && existsSync(path.join(ROOT, 'web/dist/index.html'))) return;
  log('  Building the web app (once after each change of its sources)...');
  // A production build also when called from a test runner (vitest sets NODE_ENV=test, which would
  // bundle React's development build: larger and slower than what users get).
  const env = { ...process.env, NODE_ENV: 'production' };
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'web'), stdio: 'inherit', env });
  if (r.status !== 0) throw new Error('The web build failed (see above)');
  writeFileSync(STAMP, hash);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureWebBuilt(console.log).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}

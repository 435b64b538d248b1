#!/usr/bin/env node
// npm test: type checks, lint, then every test project (unit, handlers against the emulators,
// CDK/cdk-nag, web components, Chromium end-to-end and cross-cutting suites) in one vitest run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const started = Date.now();
const run = (title, cmd, args) => {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
  return r.status ?? 1;
};

const browsers = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
if (process.env.CI === 'true' && !browsers.some((b) => existsSync(b))) {
  console.error('CI=true but Chromium is missing: the browser tests must run. Install it (apt-get install -y chromium-headless-shell).');
  process.exit(1);
}

/** Runs a check in the background (its output printed at the end, under its title); resolves to its exit status. */
const runAsync = (title, cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`\n▶ ${title}`);
      if (output.trim()) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });

// The two type checks and lint are single-threaded: they run side by side.
let failed = 0;
const checks = await Promise.all([
  runAsync('type check (server, infra, tests)', 'npx', ['tsc', '-p', 'tsconfig.json']),
  runAsync('type check (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json']),
  runAsync('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
]);
failed += checks.filter((code) => code !== 0).length;

const out = mkdtempSync(path.join(os.tmpdir(), 'eb-vitest-'));
const report = path.join(out, 'report.json');
const extra = process.argv.slice(2);
const status = run('tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);

let passed = 0;
let testFailed = 0;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  testFailed = r.numFailedTests ?? 0;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
rmSync(out, { recursive: true, force: true });
if (status !== 0 && testFailed === 0) testFailed = 1; // the runner itself failed
const checksFailed = failed;
console.log(`\nchecks: ${3 - checksFailed} passed, ${checksFailed} failed`);
console.log(`duration: ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`tests: ${passed} passed, ${testFailed + checksFailed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status !== 0 || failed ? 1 : 0);

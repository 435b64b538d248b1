#!/usr/bin/env node
// npm test: every test project (unit, handlers against the emulators, CDK/cdk-nag, web components,
// Chromium end-to-end and cross-cutting suites) in one vitest run, with the type checks and lint
// beside it at the lowest CPU priority.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const started = Date.now();
/** Runs a command with its output shown as it comes; resolves to its exit status. */
const runInherited = (title, cmd, args) =>
  new Promise((resolve) => {
    console.log(`\n▶ ${title}`);
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
    child.on('close', (code) => resolve(code ?? 1));
  });

const browsers = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
if (process.env.CI === 'true' && !browsers.some((b) => existsSync(b))) {
  console.error('CI=true but Chromium is missing: the browser tests must run. Install it (apt-get install -y chromium-headless-shell).');
  process.exit(1);
}

/** The checks running in the background. */
const background = new Set();
/** Runs a check in the background; resolves to its title, exit status and output (printed later). */
const runAsync = (title, cmd, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { ...options, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
    background.add(child);
    child.on('exit', () => background.delete(child));
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (e) => (output += String(e)));
    child.on('close', (code) => resolve({ title, code: code ?? 1, output }));
  });

// The two type checks and lint run side by side, beside the tests, on the CPU the tests leave
// idle (the browser files leave a fifth of the two cores idle: Chromium and the stack waiting on
// each other), instead of 45 s of their own before them; their output comes after the tests'.
// Idle CPU only: Linux schedules each session as a group with its own share (autogroup), and
// Chromium runs in a session of its own, so `nice` alone would give the checks half of the CPU
// against it; they get a session of their own whose group is set to nice 19.
const out = mkdtempSync(path.join(os.tmpdir(), 'eb-vitest-'));
const lowPriority = (title, args) =>
  process.platform === 'linux'
    ? runAsync(title, 'sh', ['-c', 'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 19 "$@"', 'sh', 'npx', ...args], { detached: true })
    : runAsync(title, 'npx', args);
const checking = Promise.all([
  lowPriority('type check (server, infra, tests)', ['tsc', '-p', 'tsconfig.json']),
  lowPriority('type check (web)', ['tsc', '-p', 'web/tsconfig.json']),
  lowPriority('lint', ['eslint', '.', '--max-warnings=0']),
]);
// (in sessions of their own, an interrupt of npm test does not reach them: it is passed on)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of background) if (child.pid) try { process.kill(-child.pid, signal); } catch { /* ended */ }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const report = path.join(out, 'report.json');
const extra = process.argv.slice(2);
// The browser files' screenshots are for people looking at screens (a browser file run by itself):
// not taken here unless SCREENSHOTS=1.
process.env.SCREENSHOTS ??= '0';
const status = await runInherited('tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);
const checks = await checking;
for (const c of checks) {
  console.log(`\n▶ ${c.title}`);
  if (c.output.trim()) process.stdout.write(c.output);
}
const failed = checks.filter((c) => c.code !== 0).length;

let passed = 0;
let testFailed = 0;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  testFailed = r.numFailedTests ?? 0;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
// TEST_REPORT=<file> keeps vitest's JSON report (each file's start and duration: where the time goes)
if (process.env.TEST_REPORT && existsSync(report)) copyFileSync(report, process.env.TEST_REPORT);
rmSync(out, { recursive: true, force: true });
if (status !== 0 && testFailed === 0) testFailed = 1; // the runner itself failed
const checksFailed = failed;
console.log(`\nchecks: ${3 - checksFailed} passed, ${checksFailed} failed`);
console.log(`duration: ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`tests: ${passed} passed, ${testFailed + checksFailed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status !== 0 || failed ? 1 : 0);

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The tests that take messages off the jobs queue themselves. */
const QUEUE_TESTS = 'functions/src/job/jobs.test.ts';

/**
 * One runner for every suite. Projects:
 *  - shared:    unit tests of rules and messages
 *  - functions: handlers called with real events against the embedded emulators
 *  - functions-queue: the jobs tests, which drive the jobs queue, on a stack of their own
 *  - infra:     CDK assertions and cdk-nag
 *  - web:       component tests (Testing Library, jsdom)
 *  - api:       cross-cutting suites over HTTP (authorization matrix, fuzzing) and stack restarts
 *  - e2e:       headless Chromium against the local stack
 * shared, functions, infra, web and e2e run with isolate: false: a worker's files share its loaded
 * modules (as a warm Lambda container does; the web files one jsdom, reset per file in
 * web/src/test-setup.ts) instead of importing the SDKs, React and PrimeReact again per file —
 * about two minutes of the suite; the browser files, one after the other, each waited about 3 s
 * for Playwright and the SDKs (0.6 s shared: 30 s of the suite). Each browser file still launches
 * and closes its own Chromium. The jobs tests keep their own modules.
 */
export default defineConfig({
  test: {
    // Two files at a time (vitest's default, the cores less one, is one here); the browser files
    // still run one at a time, last (fileParallelism: false).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Lambdas run Node 22 in AWS; this machine runs Node 20: silence the SDK's notice about it.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts', 'test/docs/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'functions',
          include: ['functions/src/**/*.test.ts'],
          exclude: [QUEUE_TESTS],
          environment: 'node',
          isolate: false,
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The jobs tests drive the jobs queue and read the job list: a stack of their own, so that
        // the handler files running beside them (each runs its own jobs) never meet them there.
        test: {
          name: 'functions-queue',
          include: [QUEUE_TESTS],
          environment: 'node',
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'infra', include: ['infra/test/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 120_000 } },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['web/src/test-setup.ts'],
          css: false,
        },
      },
      {
        // The cross-cutting suites without a browser (authorization matrix and fuzzed inputs over
        // HTTP, the local stack's restarts on stacks of their own): beside the other projects,
        // not in the browser files' one-at-a-time tail.
        test: {
          name: 'api',
          include: ['test/authz/**/*.test.ts', 'test/attack/**/*.test.ts', 'test/fuzz/**/*.test.ts', 'test/restart/**/*.test.ts', 'test/local-stack/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // expect.poll waits up to 15 s (vitest's default 5 s): a zip's lookup or a job's progress
          // on a loaded machine (the browser, the stack and this runner on two cores) took longer
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          // after the other projects (with isolate: false, vitest asks a project of its own worker
          // count for a group of its own)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

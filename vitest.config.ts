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
 *  - e2e:       headless Chromium against the local stack, plus cross-cutting suites
 */
export default defineConfig({
  test: {
    // Lambdas run Node 22 in AWS; this machine runs Node 20: silence the SDK's notice about it.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'functions',
          include: ['functions/src/**/*.test.ts'],
          exclude: [QUEUE_TESTS],
          environment: 'node',
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
      { test: { name: 'infra', include: ['infra/test/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test-setup.ts'],
          css: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-stack.ts'],
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../infra/local/build-web';
import type { LocalStack } from '../../infra/local/stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export interface StackInfo {
  url: string;
  env: Record<string, string>;
  outboxDir: string;
  external: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Starts the embedded AWS stack for a test project (in-memory DynamoDB, random ports), or uses a
 * stack it did not start:
 *   EB_STACK=external  the stack.json an `npm start` wrote (LOCAL_DATA_DIR, default .local), or EB_STACK_FILE
 *   EB_STACK=env       the current environment (AWS_ENDPOINT_URL_*, TABLE_NAME, USER_POOL_ID, ...), e.g. LocalStack
 */
export default async function setup(project: TestProject) {
  const mode = process.env.EB_STACK;
  if (mode === 'external') {
    const { REPO_ROOT } = await import('../../infra/local/stack');
    const file = process.env.EB_STACK_FILE ?? path.join(REPO_ROOT, process.env.LOCAL_DATA_DIR ?? '.local', 'stack.json');
    if (!existsSync(file)) throw new Error(`EB_STACK=external: ${file} not found. Start the stack first (npm start).`);
    const s = JSON.parse(readFileSync(file, 'utf8')) as { url: string; env: Record<string, string> };
    project.provide('stack', { url: s.url, env: s.env, outboxDir: s.env.OUTBOX_DIR ?? '', external: true });
    return;
  }
  if (mode === 'env') {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    project.provide('stack', { url: process.env.APP_URL ?? '', env, outboxDir: process.env.OUTBOX_DIR ?? '', external: true });
    return;
  }
  const browser = project.name === 'e2e';
  if (browser) await ensureWebBuilt((l) => console.log(l));
  // The browser files and the suites over HTTP reach the stack through its gateway, whose handlers
  // run in this process with its environment: one such stack per process, shared by both projects.
  const http = browser || project.name === 'api';
  const started = http ? sharedHttpStack(project.name) : ownStack(project.name);
  const { stack } = await started.ready;
  project.provide('stack', { url: stack.url, env: stack.env, outboxDir: stack.outboxDir, external: false });
  return started.release;
}

interface Started {
  ready: Promise<{ stack: LocalStack; dataDir: string }>;
  release: () => Promise<void>;
}

interface SharedStack {
  started: Started;
  users: number;
  /** the stack, once started */
  stack?: LocalStack;
}
const g = globalThis as { ebHttpStack?: SharedStack; ebStackStarts?: Promise<unknown> };

/**
 * A stack of the project's own. A stack starts with this process's environment pointed at it (its
 * seeding runs here), so stacks start one at a time, and the gateway's stack, whose handlers serve
 * the browser and HTTP suites from this process, gets the environment back after another starts.
 */
function ownStack(name: string, http = false): Started {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `eb-${name}-`));
  const ready = (g.ebStackStarts ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      // (imported here: a project sharing a started stack does not load the stack's modules again)
      const { startLocalStack, useStackEnv } = await import('../../infra/local/stack');
      const stack = await startLocalStack({ port: 0, dataDir, persist: false, gateway: http, poller: http, quiet: true, shortLived: true });
      // (a gateway stack started after this one has the last word already)
      const gateway = g.ebHttpStack?.stack;
      if (!http && gateway) await useStackEnv(gateway.env);
      return { stack, dataDir };
    });
  g.ebStackStarts = ready;
  return {
    ready,
    release: async () => {
      const { stack } = await ready;
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The gateway stack of this process (on globalThis: each project loads this module on its own), stopped when its last project is done. */
function sharedHttpStack(name: string): Started {
  if (!g.ebHttpStack) {
    const entry: SharedStack = { started: ownStack(`http-${name}`, true), users: 0 };
    void entry.started.ready.then(({ stack }) => (entry.stack = stack), () => undefined);
    g.ebHttpStack = entry;
  }
  const shared = g.ebHttpStack;
  shared.users++;
  return {
    ready: shared.started.ready,
    release: async () => {
      if (--shared.users > 0) return;
      delete g.ebHttpStack;
      await shared.started.release();
    },
  };
}

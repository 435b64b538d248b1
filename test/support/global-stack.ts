import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../infra/local/build-web';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack';

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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `eb-${project.name}-`));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    persist: false,
    gateway: browser,
    poller: browser,
    quiet: true,
  });
  project.provide('stack', { url: stack.url, env: stack.env, outboxDir: stack.outboxDir, external: false });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

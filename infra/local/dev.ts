/**
 * npm run dev: the local API stack (as npm start, without serving the built SPA) plus Vite's dev
 * server with hot reload, which proxies /api to the local gateway.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, REPO_ROOT, StackStartError, startLocalStack } from './stack';

const port = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);

async function main() {
  const stack = await startLocalStack({
    port,
    dataDir: path.resolve(REPO_ROOT, process.env.LOCAL_DATA_DIR ?? '.local'),
    persist: true,
    adminEmail: process.env.LOCAL_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: process.env.LOCAL_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    log: (l) => console.log(`  ${l}`),
  });
  const vite = spawn('npx', ['vite', '--port', String(webPort), '--strictPort'], {
    cwd: path.join(REPO_ROOT, 'web'),
    stdio: 'inherit',
    env: { ...process.env, API_TARGET: stack.url },
  });
  const stop = async () => {
    vite.kill('SIGTERM');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  vite.on('exit', (code) => {
    if (code) console.error(`Vite exited with ${code}`);
    void stop();
  });
  console.log(`\n  API on ${stack.url}; the app with hot reload on http://localhost:${webPort}\n  Sign in: ${process.env.LOCAL_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL}\n`);
}

main().catch((e) => {
  console.error(e instanceof StackStartError ? `\n  ${e.message}\n` : e);
  process.exit(1);
});

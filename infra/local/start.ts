/**
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
 * npm start: the whole application on this machine, no AWS account. Settings from the
 * environment: PORT (3000), HOST (127.0.0.1: this machine only; 0.0.0.0 for every interface),
 * LOCAL_DATA_DIR (.local), LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD.
 */
import path from 'node:path';
import { ensureWebBuilt } from './build-web';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, defaultHost, REPO_ROOT, StackStartError, startLocalStack } from './stack';

const started = Date.now();
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(REPO_ROOT, process.env.LOCAL_DATA_DIR ?? '.local');
const adminEmail = process.env.LOCAL_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
const adminPassword = process.env.LOCAL_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD;
const serveWeb = process.env.LOCAL_NO_WEB !== '1';

async function main() {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new StackStartError(`PORT must be a port number, got ${process.env.PORT}`);
  if (serveWeb) await ensureWebBuilt((l) => console.log(l));
  const stack = await startLocalStack({
    port,
    dataDir,
    persist: true,
    adminEmail,
    adminPassword,
    demoData: process.env.LOCAL_DEMO_DATA === '1',
    log: (l) => console.log(`  ${l}`),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const pwNote = process.env.LOCAL_ADMIN_PASSWORD ? '(from LOCAL_ADMIN_PASSWORD)' : `${DEFAULT_ADMIN_PASSWORD}  (development default; set LOCAL_ADMIN_PASSWORD to change)`;
  console.log(`
  Enrollment Back Office is running (ready in ${secs}s)

    Open:      ${stack.url}
    Sign in:   ${adminEmail}
    Password:  ${pwNote}

    Data:      ${dataDir}  (survives a restart; delete it for a fresh start)
    Emails:    ${stack.outboxDir}  (password reset links are also printed here)
    Listens:   ${defaultHost()}${['127.0.0.1', '::1', 'localhost'].includes(defaultHost()) ? '  (this machine only; HOST=0.0.0.0 opens it to the network)' : '  (from HOST: reachable from the network)'}

  Press Ctrl-C to stop.
`);
}

main().catch((e) => {
  if (e instanceof StackStartError) console.error(`\n  ${e.message}\n`);
  else console.error(e);
  process.exit(1);
});

import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetClients } from '../../functions/src/lib/aws';
import { resetVerifier } from '../../functions/src/lib/session';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, startLocalStack, StackStartError, type LocalStack } from '../../infra/local/stack';

/** The embedded stack as `npm start` runs it: data on disk survives a restart; clear start errors. */
const savedEnv = { ...process.env };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eb-restart-'));
let stack: LocalStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.env = savedEnv;
  resetClients();
  resetVerifier();
});

async function start(port = 0) {
  const s = await startLocalStack({ port, dataDir, persist: true, quiet: true, poller: false, webDist: dataDir, shortLived: true });
  resetClients();
  resetVerifier();
  return s;
}

describe('local stack', () => {
  it('keeps data and sessions across a restart', async () => {
    // Prepare: sign in as the seeded admin
    stack = await start();
    const login = await fetch(`${stack.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    // Act: stop and start again on the same data
    await stack.stop();
    stack = await start();
    const me = await fetch(`${stack.url}/api/users/GetCurrentUser`, { headers: { cookie } });
    // Assess
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(DEFAULT_ADMIN_EMAIL);
  });

  it('refuses to start on a busy port with one line saying what to do', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const err = await start(port).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StackStartError);
      expect((err as Error).message).toBe(`Port ${port} is busy. Stop what uses it, or start on another port: PORT=${port + 1} npm start`);
    } finally {
      blocker.close();
    }
  });
});

import { describe, expect, inject, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { invoke } from '../support/invoke';
import { createTestUser } from '../support/users';

/**
 * Issue 26 item 6: the same-origin check of state-changing requests compares the request's Origin
 * with the configured origin (APP_URL), never with the client's Host or X-Forwarded-Host, which a
 * client sets (a DNS-rebinding page names its own host in both).
 */
const appOrigin = new URL(inject('stack').url).origin;
const EVIL = 'evil.example.com';

async function loginWith(headers: Record<string, string>) {
  const user = await createTestUser('admin');
  return invoke({ method: 'POST', path: '/api/users/login', body: { email: user.email, password: user.password }, headers });
}

describe('same-origin check', () => {
  it.each([
    ['a forged Host (DNS rebinding, the browser says same-origin)', { host: EVIL, origin: `http://${EVIL}`, 'sec-fetch-site': 'same-origin' }],
    ['a forged Host and no Sec-Fetch-Site', { host: EVIL, origin: `https://${EVIL}` }],
    ['a forged X-Forwarded-Host', { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https', origin: `https://${EVIL}`, 'sec-fetch-site': 'same-origin' }],
    ['a forged X-Forwarded-Host and no Sec-Fetch-Site', { 'x-forwarded-host': EVIL, origin: `http://${EVIL}` }],
  ])('refuses %s with a cross-site Origin, and starts no session', async (_case, headers) => {
    const r = await loginWith(headers);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MSG.crossSite);
    expect(r.setCookies).toEqual([]);
  });

  it('accepts the configured origin', async () => {
    const r = await loginWith({ origin: appOrigin, 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
  });

  it('accepts the configured origin whatever Host the request names', async () => {
    const r = await loginWith({ host: EVIL, origin: appOrigin });
    expect(r.status).toBe(200);
  });

  it.skipIf(new URL(appOrigin).hostname !== 'localhost')('accepts the local stack opened at 127.0.0.1 (another loopback name, same port)', async () => {
    const r = await loginWith({ origin: appOrigin.replace('//localhost', '//127.0.0.1'), 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
  });

  it('refuses the configured host on another port', async () => {
    const other = new URL(appOrigin);
    other.port = String(Number(other.port || 80) + 1);
    const r = await loginWith({ origin: other.origin, 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invoke } from '../support/invoke';
import { signedInBeforeAll } from '../support/users';

/**
 * Issue 26 item 6: a cookie that does not parse (a bad %-escape, any name: the product's or another
 * app's on the same host) is ignored; it made every API call answer 500.
 */
const ACCESS = '__Host-eb-at';

describe('cookies that do not parse', () => {
  const [session] = signedInBeforeAll('agent');
  it.each(['theme=50%', 'x=%E0%A4%A', 'bad=%zz'])('ignores %s beside a valid session cookie', async (bad) => {
    const { user } = session;
    const cookie = `${bad}; ${ACCESS}=${encodeURIComponent(session.cookies[ACCESS]!)}`;
    const r = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.body.objectId).toBe(user.objectId);
  });

  it('answers a public route normally when a cookie does not parse', async () => {
    const r = await invoke({
      method: 'POST',
      path: '/api/users/login',
      // an email of its own: other suites' wrong passwords for a shared one would lock it (429)
      body: { email: `nobody.${randomUUID()}@test.example.com`, password: 'Wrong#Pass1' },
      headers: { cookie: 'theme=50%' },
    });
    expect(r.status).toBe(400);
  });

  it('treats a session cookie that does not parse as no session (401, not 500)', async () => {
    const r = await invoke({ method: 'GET', path: '/api/users/GetCurrentUser', headers: { cookie: `${ACCESS}=eyJ%` } });
    expect(r.status).toBe(401);
  });
});

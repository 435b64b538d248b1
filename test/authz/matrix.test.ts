import { describe, expect, it } from 'vitest';
import { mayAccess, USER_TYPES, type UserType } from '@eb/shared/roles';
import { ROUTES, routePath, type RouteDef } from '@eb/shared/routes';
import { invoke, Session } from '../support/invoke';
import { signedIn, signedInAsEach } from '../support/users';

/**
 * Every route of the route table x every role: anonymous callers get 401 on non-public routes,
 * signed-in callers whose role the table does not allow get 403, and allowed callers get past
 * authorization (any answer but 401/403). Adding a route to the table adds it here.
 */
const SAMPLE_BODIES: Record<string, unknown> = {
  'POST users/login': { email: 'nobody@test.example.com', password: 'Wrong#Pass1' },
  'POST users/ResetPassword': { userName: 'nobody@test.example.com' },
  'POST users/SetPassword': { newPassword: 'Fresh#Pass9', key: 'bm9ib2R5QHgueQ.123456' },
  'DELETE job/Cancel': { objectId: 'no-such-job' },
};
const SAMPLE_QUERIES: Record<string, Record<string, string>> = {
  'GET job/getjob': { id: 'no-such-job' },
  'GET Reference/GetAddressLocationByZipCode': { zipCode: '07102' },
};
const keyOf = (r: RouteDef) => `${r.method} ${routePath(r).slice('/api/'.length)}`.replace(/\/$/, '');

async function call(r: RouteDef, session?: Session) {
  const input = {
    method: r.method,
    path: routePath(r),
    body: r.method === 'GET' ? undefined : (SAMPLE_BODIES[keyOf(r)] ?? {}),
    query: SAMPLE_QUERIES[keyOf(r)],
  };
  return session ? session.call(input) : invoke(input);
}

/**
 * One signed-in session per role for the file (a sign-in costs a new user and a login, and the
 * matrix has hundreds of cases). The public routes (login, logout, passwords) act on sessions:
 * each of their cases signs in afresh (what the case tests), so no case sees a session another one changed.
 */
const as = signedInAsEach(...(USER_TYPES as readonly UserType[]));
function sessionFor(route: RouteDef, type: UserType): Promise<Session> {
  if (route.access === 'public') return signedIn(type).then((s) => s.session);
  return Promise.resolve(as[type]);
}

describe('authorization matrix', () => {
  for (const route of ROUTES as readonly RouteDef[]) {
    it(`${keyOf(route)} answers anonymous callers per its access (${route.access})`, async () => {
      const r = await call(route);
      if (route.access === 'public') expect([401, 403]).not.toContain(r.status);
      else expect(r.status).toBe(401);
    });

    for (const type of USER_TYPES) {
      const allowed = mayAccess(route.access, type as UserType);
      it(`${keyOf(route)} ${allowed ? 'lets' : 'refuses'} ${type}`, async () => {
        const session = await sessionFor(route, type as UserType);
        const r = await call(route, session);
        if (allowed) expect([401, 403], `${r.status} ${JSON.stringify(r.body)}`).not.toContain(r.status);
        else expect(r.status).toBe(403);
        expect(r.status).toBeLessThan(500);
      });
    }
  }
});

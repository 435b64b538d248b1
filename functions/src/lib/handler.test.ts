import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@eb/shared/messages';
import { httpApiEvent, lambdaContext } from '../../../infra/local/events';
import { cookiesOf } from '../../../test/support/invoke';
import { createTestUser, signedInBeforeAll } from '../../../test/support/users';
import { handler as usersHandler } from '../users/handler';
import type { Actions } from './handler';

/**
 * The request checks of every resource Lambda (resourceHandler): a state-changing request must be
 * same-origin; one that carries a body must say it is JSON or multipart; one without a body needs
 * no content type (e.g. DELETE users/Logout, PUT users/UserDeacivate?id).
 */
let host: string;
const [admin, leaving] = signedInBeforeAll('superAdmin', 'agent');
beforeAll(() => {
  host = new URL(inject('stack').url || 'http://localhost:3000').host;
});

/** A raw call to the users Lambda with exactly these headers (no content type unless given). */
async function callUsers(input: { method: string; path: string; query?: string; headers?: Record<string, string>; cookies?: Record<string, string>; body?: string }) {
  const cookie = Object.entries(input.cookies ?? {}).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const event: APIGatewayProxyEventV2 = httpApiEvent({
    method: input.method,
    path: input.path,
    rawQueryString: input.query,
    headers: { host, ...(cookie ? { cookie } : {}), ...(input.headers ?? {}) },
    body: input.body,
  });
  const r = await usersHandler(event, lambdaContext('users'));
  return { status: r.statusCode ?? 200, body: r.body ? JSON.parse(r.body) : undefined, setCookies: r.cookies ?? [] };
}
const sameOrigin = () => ({ origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });

describe('a request without a body', () => {
  it('logs out with a bodiless DELETE that has no content type (204, cookies cleared)', async () => {
    // Act
    const r = await callUsers({ method: 'DELETE', path: '/api/users/Logout', headers: sameOrigin(), cookies: leaving.cookies });
    // Assess
    expect(r.status).toBe(204);
    expect(Object.values(cookiesOf(r.setCookies))).toEqual(['', '']);
  });

  it('deactivates a user with a bodiless PUT that has no content type', async () => {
    // Prepare
    const target = await createTestUser('agent');
    // Act
    const r = await callUsers({
      method: 'PUT',
      path: '/api/users/UserDeacivate',
      query: `id=${target.objectId}`,
      headers: sameOrigin(),
      cookies: admin.cookies,
    });
    // Assess
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ objectId: target.objectId, isActive: false });
  });

  it('still refuses a bodiless cross-site DELETE (403)', async () => {
    const r = await callUsers({
      method: 'DELETE',
      path: '/api/users/Logout',
      headers: { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(MSG.crossSite);
  });

  it('still refuses a bodiless DELETE with neither Origin nor Sec-Fetch-Site (403)', async () => {
    const r = await callUsers({ method: 'DELETE', path: '/api/users/Logout' });
    expect(r.status).toBe(403);
  });
});

describe('a request with a body', () => {
  it('is refused without a content type (415)', async () => {
    const r = await callUsers({ method: 'POST', path: '/api/users/ResetPassword', headers: sameOrigin(), body: '{"userName":"a@b.co"}' });
    expect(r.status).toBe(415);
  });

  it('is answered with a JSON content type', async () => {
    const r = await callUsers({
      method: 'POST',
      path: '/api/users/ResetPassword',
      headers: { ...sameOrigin(), 'content-type': 'application/json' },
      body: '{"userName":"nobody@test.example.com"}',
    });
    expect(r.status).toBe(204);
  });
});

describe('the actions of a resource', () => {
  it("are type-checked against their routes' response types (tsc fails on a wrong shape or a missing action)", () => {
    // Prepare / Act: these maps exist for the type check (npx tsc -b) only
    const job = { jobId: 'j', jobType: 't', name: 'n', status: 'queued', progress: 0, created: '', updated: '', createdBy: null, result: null } as const;
    const right: Actions<'job'> = {
      'GET ': () => ({ completedJobs: [], currentJob: null, jobsInQueue: [] }),
      'GET getjob': async () => job,
      'DELETE cancel': async () => job,
    };
    const wrong: Actions<'job'> = {
      'GET ': () => ({ completedJobs: [], currentJob: null, jobsInQueue: [] }),
      // @ts-expect-error GET job/getjob answers a Job, not a number
      'GET getjob': async () => 42,
      'DELETE cancel': async () => job,
    };
    // @ts-expect-error DELETE job/Cancel has no action
    const missing: Actions<'job'> = { 'GET ': () => ({ completedJobs: [], currentJob: null, jobsInQueue: [] }), 'GET getjob': async () => job };
    // Assess
    expect(Object.keys(right).sort()).toEqual(['DELETE cancel', 'GET ', 'GET getjob']);
    expect([wrong, missing].every(Boolean)).toBe(true);
  });
});

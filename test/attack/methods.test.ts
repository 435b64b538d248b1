import { describe, expect, inject, it } from 'vitest';
import type { Job } from '@eb/shared/job/schemas';
import { matchRoute } from '@eb/shared/routes';
import { handler } from '../../functions/src/report/handler';
import { httpApiEvent, lambdaContext } from '../../infra/local/events';
import { ok } from '../support/records';
import { signedInBeforeAll } from '../support/users';

/**
 * Issue 26 item 6: a request that changes state is not a GET. Starting a report records a job and
 * writes a file: it is `POST report` ({ reportType }); `GET report` is no route (405 from the
 * handler, no job started).
 */
describe('a report is started by POST, never by GET', () => {
  const [session] = signedInBeforeAll('admin');
  it('has no GET report in the route table', () => {
    expect(matchRoute('GET', '/api/report')).toBeUndefined();
    expect(matchRoute('POST', '/api/report')).not.toBeNull();
  });

  it('refuses GET report at the handler (no job started)', async () => {
    const host = new URL(inject('stack').url || 'http://localhost:3000').host;
    const cookie = Object.entries(session.cookies).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const res = await handler(
      httpApiEvent({ method: 'GET', path: '/api/report', rawQueryString: 'reportType=Export%20To%20P2C', headers: { host, cookie } }),
      lambdaContext('report'),
    );
    expect(typeof res === 'object' ? res.statusCode : 0).toBe(405);
  });

  it('starts the report with POST report', async () => {
    const job = await ok<Job>(session.post('/api/report', { reportType: 'Export To P2C' }));
    expect(job.jobId).toBeTruthy();
    const unknown = await session.post('/api/report', { reportType: 'Commissions' });
    expect(unknown.status).toBe(400);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { routesOf } from '@eb/shared/routes';
import { httpApiEvent, lambdaContext } from '../../../infra/local/events';
import { actionKey, resourceHandler } from './handler';
import { log, withLogContext } from './log';

function captured(): { lines: () => Record<string, unknown>[]; restore: () => void } {
  const out: string[] = [];
  const a = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => (out.push(String(c)), true));
  const b = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (out.push(String(c)), true));
  return {
    lines: () => out.flatMap((l) => l.split('\n')).filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => (a.mockRestore(), b.mockRestore()),
  };
}

describe('structured logs carry the request id and the job id', () => {
  const level = process.env.LOG_LEVEL;
  afterEach(() => {
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
  });

  it('adds the context of the request or job to every line written inside it, across awaits', async () => {
    process.env.LOG_LEVEL = 'info';
    const c = captured();
    try {
      await withLogContext({ requestId: 'req-1' }, async () => {
        log.info('first');
        await new Promise<void>((r) => setImmediate(r));
        await withLogContext({ jobId: 'job-9' }, async () => log.error('inner', { x: 1 }));
      });
      log.info('outside');
    } finally {
      c.restore();
    }
    const [first, inner, outside] = c.lines();
    expect(first).toMatchObject({ msg: 'first', requestId: 'req-1' });
    expect(inner).toMatchObject({ msg: 'inner', requestId: 'req-1', jobId: 'job-9', x: 1 });
    expect(outside!.requestId).toBeUndefined();
  });

  it('lets a line name its own ids over the context', async () => {
    process.env.LOG_LEVEL = 'info';
    const c = captured();
    try {
      withLogContext({ requestId: 'ctx' }, () => log.info('own', { requestId: 'own' }));
    } finally {
      c.restore();
    }
    expect(c.lines()[0]!.requestId).toBe('own');
  });

  it("adds a request's id to every line its handler writes, and to no other flow", async () => {
    process.env.LOG_LEVEL = 'info';
    // a resource's handler whose every action writes a line of its own after an await
    const actions = Object.fromEntries(
      routesOf('users').map((r) => [actionKey(r), async () => (await new Promise<void>((done) => setImmediate(done)), log.info('in action'))]),
    );
    const handler = resourceHandler('users', actions as never);
    const call = (id: string) => {
      const event = httpApiEvent({ method: 'DELETE', path: '/api/users/Logout', headers: { 'sec-fetch-site': 'same-origin' } });
      return handler({ ...event, requestContext: { ...event.requestContext, requestId: id } }, lambdaContext('users'));
    };
    const c = captured();
    try {
      const results = await Promise.all([call('a'), call('b')]);
      expect(results.map((r) => r.statusCode)).toEqual([204, 204]);
      log.info('after');
    } finally {
      c.restore();
    }
    const inAction = c.lines().filter((l) => l.msg === 'in action').map((l) => l.requestId);
    expect(inAction.sort()).toEqual(['a', 'b']);
    expect(c.lines().find((l) => l.msg === 'after')?.requestId).toBeUndefined();
  });
});

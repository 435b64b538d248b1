import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterLogContext, log, withLogContext } from './log';

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

  it("adds a middleware's request id to the lines the rest of its flow writes, and to no other flow", async () => {
    process.env.LOG_LEVEL = 'info';
    const c = captured();
    // each request a flow of its own, as the runtime (or the local gateway) calls the handler
    const request = (id: string) =>
      Promise.resolve().then(async () => {
        enterLogContext({ requestId: id });
        await new Promise<void>((r) => setImmediate(r));
        log.info(`in ${id}`);
      });
    try {
      await Promise.all([request('a'), request('b')]);
      log.info('after');
    } finally {
      c.restore();
    }
    const byMsg = Object.fromEntries(c.lines().map((l) => [l.msg, l.requestId]));
    expect(byMsg).toEqual({ 'in a': 'a', 'in b': 'b', after: undefined });
  });
});

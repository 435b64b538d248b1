import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { inBulkScope } from './bulk-scope';
import { getItem, nextId, sendTransaction, table, transact, type TransactItem } from './db';
import { ConflictError } from './errors';
import { GroupCommit } from './group-commit';

/** The group commit of a bulk scope (an import chunk), against DynamoDB Local. */
const put = (pk: string, value: number, condition?: string): TransactItem => ({ Put: { TableName: table(), Item: { pk, sk: 'GC', value }, ...(condition ? { ConditionExpression: condition } : {}) } });
const scopeWith = (commit: GroupCommit) => ({ reserve: (c: string) => nextId(c), memo: new Map(), ahead: new Map(), commit });
/** Writers side by side in one bulk scope, each sending one transaction: their outcomes. */
function together(commit: GroupCommit, writers: number[], items: (w: number) => TransactItem[]) {
  commit.enter(writers.length);
  return inBulkScope(scopeWith(commit), () =>
    Promise.allSettled(
      writers.map(async (w) => {
        try {
          await transact(items(w));
        } finally {
          commit.leave();
        }
      }),
    ),
  );
}

describe('group commit', () => {
  it('sends the transactions of writers waiting together as one TransactWriteItems, each all-or-nothing', async () => {
    // Prepare: three writers, each with a transaction of two items
    const p = randomUUID();
    const send = vi.fn(sendTransaction);
    const commit = new GroupCommit(send);
    // Act
    const outcomes = await together(commit, [0, 1, 2], (w) => [put(`${p}#${w}a`, w), put(`${p}#${w}b`, w)]);
    // Assess: one request of six actions, every item written
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toHaveLength(6);
    for (const w of [0, 1, 2]) expect((await getItem<{ value: number }>({ pk: `${p}#${w}b`, sk: 'GC' }))?.value).toBe(w);
  });

  it('answers the writer whose condition failed with its conflict and commits the others', async () => {
    // Prepare: writer 1's item exists already, its put requires that it does not
    const p = randomUUID();
    await sendTransaction([put(`${p}#1a`, 99)]);
    const commit = new GroupCommit(sendTransaction);
    // Act
    const outcomes = await together(commit, [0, 1, 2], (w) => [put(`${p}#${w}a`, w, 'attribute_not_exists(pk)'), put(`${p}#${w}b`, w)]);
    // Assess: writer 1 has a 409 and wrote nothing; writers 0 and 2 wrote both items
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect((await getItem<{ value: number }>({ pk: `${p}#1a`, sk: 'GC' }))?.value).toBe(99);
    expect(await getItem({ pk: `${p}#1b`, sk: 'GC' })).toBeUndefined();
    for (const w of [0, 2]) expect((await getItem<{ value: number }>({ pk: `${p}#${w}b`, sk: 'GC' }))?.value).toBe(w);
  });

  it('never puts two actions on one item in one request', async () => {
    // Prepare: two writers updating the same item
    const p = randomUUID();
    const send = vi.fn(sendTransaction);
    const commit = new GroupCommit(send);
    // Act
    const outcomes = await together(commit, [1, 2], (w) => [put(`${p}#shared`, w), put(`${p}#${w}`, w)]);
    // Assess: two requests, both committed
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await getItem({ pk: `${p}#2`, sk: 'GC' })).toBeDefined();
  });
});

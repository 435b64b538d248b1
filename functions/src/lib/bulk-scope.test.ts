import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { dynamo } from './aws';
import { inBulkScope, reservedRanges, sharedRead } from './bulk-scope';
import { addToCounter, getItem, keys, nextId, readAhead, table } from './db';

/** The bulk scope of an import chunk, against DynamoDB Local. */
const scope = (size: number, add = addToCounter) => ({ reserve: reservedRanges(size, add), memo: new Map(), ahead: new Map() });

describe('bulk scope', () => {
  it('hands out the ids of a counter from one range reserved with a single counter update', async () => {
    // Prepare
    const counter = `bulk-${randomUUID()}`;
    const add = vi.fn(addToCounter);
    // Act: six ids from a scope of five
    const ids = await inBulkScope(scope(5, add), () => Promise.all(Array.from({ length: 6 }, () => nextId(counter))));
    // Assess: five consecutive ids from one update, the sixth from a second (either may land first); none repeats
    expect(ids[4]! - ids[0]!).toBe(4);
    expect([...ids].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(add.mock.calls.map((c) => c[1])).toEqual([5, 1]);
    expect((await getItem<{ value: number }>(keys.counter(counter)))?.value).toBe(6);
    // outside the scope, one id per update
    expect(await nextId(counter)).toBe(7);
  });

  it('draws the numbers still to come from a fresh range once the reserved one is too old, so none is written long after it was reserved', async () => {
    // Prepare: a scope of ten, a clock the test moves
    const counter = `bulk-${randomUUID()}`;
    const add = vi.fn(addToCounter);
    let clock = 1_000;
    const aged = { reserve: reservedRanges(10, add, { maxAgeMs: 5_000, now: () => clock }), memo: new Map(), ahead: new Map() };
    // Act: four numbers, then the chunk is slowed past the range's age, then six more and one beyond the scope's size
    const ids = await inBulkScope(aged, async () => {
      const early = await Promise.all(Array.from({ length: 4 }, () => nextId(counter)));
      clock += 5_001;
      const late = await Promise.all(Array.from({ length: 7 }, () => nextId(counter)));
      return { early, late };
    });
    // Assess: the first range of ten left after four, a fresh one of the six still to come, then one
    // at a time (the last two counter updates are in flight together: either may land first)
    expect(add.mock.calls.map((c) => c[1])).toEqual([10, 6, 1]);
    expect(ids.early).toEqual([1, 2, 3, 4]);
    const fresh = ids.late.slice(0, 6);
    expect(fresh.map((n) => n - fresh[0]!)).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...ids.late].sort((a, b) => a - b)).toEqual([11, 12, 13, 14, 15, 16, 17]);
  });

  it('reads a reference once per scope and an item read ahead once, then from the table', async () => {
    // Prepare
    const key = { pk: `BULK#${randomUUID()}`, sk: 'BULK' };
    await dynamo().send(new PutCommand({ TableName: table(), Item: { ...key, value: 1 } }));
    const read = vi.fn(async () => 42);
    // Act
    const seen = await inBulkScope(scope(10), async () => {
      await readAhead([key]);
      await dynamo().send(new PutCommand({ TableName: table(), Item: { ...key, value: 2 } }));
      const first = await getItem<{ value: number }>(key);
      const second = await getItem<{ value: number }>(key);
      const shared = await Promise.all([sharedRead('r', read), sharedRead('r', read)]);
      return { first: first?.value, second: second?.value, shared };
    });
    // Assess: the first read is the item as read ahead, the second sees the write since
    expect(seen).toEqual({ first: 1, second: 2, shared: [42, 42] });
    expect(read).toHaveBeenCalledTimes(1);
  });
});
